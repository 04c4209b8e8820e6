import BattleNet
import D3Kit
import Foundation
import Testing

@Suite("The credential store")
struct CredentialStoreTests {
    private func withDirectory(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "d3-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try body(root.appending(path: "config/d3"))
    }

    private func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    private func credential(_ value: String, region: Region = .eu) throws -> StoredCredential {
        StoredCredential(
            region: region, relay: "https://relay.example.com",
            token: AccessToken(
                value: value, expiresAt: Date(timeIntervalSince1970: 1_900_000_000), scopes: ["d3.profile"],
                accountID: 42, battleTag: try BattleTag(parsing: "전사#3100")))
    }

    @Test("Saving creates the directory 0700 and the file 0600")
    func permissionsAreRestricted() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory)
            try store.save(credential("first"))
            #expect(try permissions(directory) == 0o700)
            #expect(try permissions(store.fileURL(for: .eu)) == 0o600)
            #expect(store.fileURL(for: .eu).lastPathComponent == "credentials-eu.json")
        }
    }

    @Test("An existing directory open to others is narrowed to 0700")
    func narrowsDirectory() throws {
        try withDirectory { directory in
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            try CredentialStore(directory: directory).save(credential("first"))
            #expect(try permissions(directory) == 0o700)
        }
    }

    @Test("Saving again replaces the file atomically and leaves no temporary file")
    func atomicRewrite() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory)
            try store.save(credential("first"))
            try store.save(credential("second"))
            #expect(try store.load(region: .eu) == credential("second"))
            #expect(try permissions(store.fileURL(for: .eu)) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["credentials-eu.json"])
        }
    }

    @Test("Regions are stored apart, and delete removes only its own")
    func regionsAreSeparate() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory)
            try store.save(credential("eu-token", region: .eu))
            try store.save(credential("kr-token", region: .kr))
            #expect(try store.delete(region: .eu))
            #expect(try !store.delete(region: .eu))
            #expect(try store.load(region: .eu) == nil)
            #expect(try store.load(region: .kr)?.token.value == "kr-token")
        }
    }

    @Test("A corrupt file is reported with its path, not a crash")
    func corruptFile() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory)
            try store.save(credential("first"))
            try Data("{".utf8).write(to: store.fileURL(for: .eu))
            let error = #expect(throws: CredentialStore.Failure.self) { try store.load(region: .eu) }
            #expect(error?.description.contains("credentials-eu.json") == true)
        }
    }
}
