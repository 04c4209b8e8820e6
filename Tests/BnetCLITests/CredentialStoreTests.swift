import BattleNet
import BnetKit
import Foundation
import Testing

@Suite("The credential store", .timeLimit(.minutes(2)))
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
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("first"))
            #expect(try permissions(directory) == 0o700)
            #expect(try permissions(store.fileURL(for: .eu)) == 0o600)
            #expect(store.fileURL(for: .eu).lastPathComponent == "credentials-oauth.battle.net.json")
        }
    }

    @Test("An existing directory open to others is narrowed to 0700")
    func narrowsDirectory() throws {
        try withDirectory { directory in
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            try CredentialStore(directory: directory, program: .d3).save(credential("first"))
            #expect(try permissions(directory) == 0o700)
        }
    }

    @Test("Saving again replaces the file atomically and leaves no temporary file")
    func atomicRewrite() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("first"))
            try store.save(credential("second"))
            #expect(try store.load(region: .eu) == credential("second"))
            #expect(try permissions(store.fileURL(for: .eu)) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["credentials-oauth.battle.net.json"])
        }
    }

    @Test("OAuth hosts are stored apart, and delete removes only its own")
    func hostsAreSeparate() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("eu-token", region: .eu))
            try store.save(credential("cn-token", region: .cn))
            #expect(store.fileURL(for: .cn).lastPathComponent == "credentials-oauth.battlenet.com.cn.json")
            #expect(try store.delete(region: .eu))
            #expect(try !store.delete(region: .eu))
            #expect(try store.load(region: .eu) == nil)
            #expect(try store.load(region: .cn)?.token.value == "cn-token")
        }
    }

    @Test("One sign-in serves every region its token works for; only those")
    func oneSignInPerHost() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            var shared = try credential("shared", region: .eu)
            shared.regions = [.us, .eu, .kr, .tw]
            try store.save(shared)
            for region in [Region.us, .eu, .kr, .tw] { #expect(try store.load(region: region) == shared) }
            #expect(try store.load(region: .cn) == nil)
            #expect(store.fileURL(for: .us) == store.fileURL(for: .tw))
            #expect(try store.delete(region: .kr))
            #expect(try store.load(region: .eu) == nil)
            try store.save(credential("eu-only", region: .eu))
            #expect(try store.load(region: .us) == nil)
        }
    }

    @Test("Per-region files of older versions are read, and replaced by the host's file at the next sign-in")
    func legacyFiles() throws {
        try withDirectory { directory in
            let files = PrivateFiles(directory: directory)
            var legacy = try credential("legacy", region: .eu)
            legacy.regions = [.us, .eu, .kr, .tw]
            try files.write(try StoredJSON.encoder.encode(legacy), as: "credentials-eu.json")
            try files.write(try StoredJSON.encoder.encode(try credential("kr-legacy", region: .kr)), as: "credentials-kr.json")
            let store = CredentialStore(directory: directory, program: .d3)
            #expect(try store.load(region: .us)?.token.value == "legacy")
            #expect(try store.load(region: .kr)?.token.value == "kr-legacy")
            try store.save(credential("new", region: .us))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["credentials-oauth.battle.net.json"])
            #expect(try store.load(region: .us)?.token.value == "new")
        }
    }

    @Test("A config directory that is a symbolic link is refused for reads, writes and deletes")
    func symlinkedDirectory() throws {
        try withDirectory { directory in
            let elsewhere = directory.deletingLastPathComponent().appending(path: "shared")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: elsewhere)
            let store = CredentialStore(directory: directory, program: .d3)
            for attempt in [{ try store.save(credential("x")) }, { _ = try store.load(region: .eu) }, { _ = try store.delete(region: .eu) }] as [() throws -> Void] {
                let error = #expect(throws: CredentialStore.Failure.self) { try attempt() }
                #expect(error?.description.contains("is a symbolic link") == true)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
    }

    @Test("A corrupt file is reported with its path, not a crash")
    func corruptFile() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("first"))
            try Data("{".utf8).write(to: store.fileURL(for: .eu))
            let error = #expect(throws: CredentialStore.Failure.self) { try store.load(region: .eu) }
            #expect(error?.description.contains("credentials-oauth.battle.net.json") == true)
        }
    }

    @Test("A 0600 file of the user's own is read")
    func privateFileIsRead() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("mine"))
            #expect(try permissions(store.fileURL(for: .eu)) == 0o600)
            #expect(try store.load(region: .eu) == credential("mine"))
            #expect(try store.load(region: .us) == nil)
        }
    }

    @Test("A file that group or others may read or write is refused, with the chmod that fixes it",
          arguments: [0o644, 0o640, 0o604, 0o620, 0o602, 0o666, 0o777])
    func openPermissionsAreRefused(mode: Int) throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("leaky"))
            let path = store.fileURL(for: .eu).path
            #expect(chmod(path, mode_t(mode)) == 0)
            let error = #expect(throws: CredentialStore.Failure.self) { try store.load(region: .eu) }
            #expect(error?.description.contains("chmod 600 '\(path)'") == true, "\(error?.description ?? "")")
            #expect(error?.description.contains("mode 0\(String(mode, radix: 8))") == true)
            #expect(CLIFailure.from(try #require(error), program: .d3).status == .failure)
            #expect(chmod(path, 0o600) == 0)
            #expect(try store.load(region: .eu) == credential("leaky"))
        }
    }

    @Test("A symbolic link is refused even when it points at a private file, and logout removes only the link")
    func symbolicLinkIsRefused() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("target", region: .eu))
            let target = directory.deletingLastPathComponent().appending(path: "target.json")
            try FileManager.default.moveItem(at: store.fileURL(for: .eu), to: target)
            let link = store.fileURL(for: .us).path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
            let error = #expect(throws: CredentialStore.Failure.self) { try store.load(region: .us) }
            #expect(error?.description.contains("is a symbolic link") == true)
            #expect(error?.description.contains("rm '\(link)'") == true)
            #expect(try store.delete(region: .us))
            #expect(try store.load(region: .us) == nil)
            #expect(FileManager.default.fileExists(atPath: target.path))
        }
    }

    @Test("A dangling symbolic link is refused, not taken for a missing file, and logout removes it")
    func danglingLinkIsRefused() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("first", region: .cn))
            let link = store.fileURL(for: .kr).path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent/d3-credentials")
            #expect(throws: CredentialStore.Failure.self) { try store.load(region: .kr) }
            #expect(try store.delete(region: .kr))
            #expect(try store.load(region: .kr) == nil)
        }
    }

    @Test("A directory in place of the file is refused")
    func directoryIsRefused() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("first", region: .cn))
            try FileManager.default.createDirectory(at: store.fileURL(for: .tw), withIntermediateDirectories: false)
            let error = #expect(throws: CredentialStore.Failure.self) { try store.load(region: .tw) }
            #expect(error?.description.contains("is not a regular file") == true)
        }
    }

    @Test("A file owned by another user is refused, with the commands that fix it",
          .enabled(if: getuid() == 0, "only root can give a file to another user"))
    func otherOwnerIsRefused() throws {
        try withDirectory { directory in
            let store = CredentialStore(directory: directory, program: .d3)
            try store.save(credential("planted"))
            let path = store.fileURL(for: .eu).path
            #expect(chown(path, 65_534, 65_534) == 0)
            let error = #expect(throws: CredentialStore.Failure.self) { try store.load(region: .eu) }
            #expect(error?.description.contains("belongs to user id 65534") == true, "\(error?.description ?? "")")
            #expect(error?.description.contains("rm '\(path)'") == true)
            #expect(error?.description.contains("sudo chown \(getuid()) '\(path)'") == true)
        }
    }
}
