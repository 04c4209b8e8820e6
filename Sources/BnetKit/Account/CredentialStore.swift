import BattleNet
import Foundation

/// The credential files of `bnet` and `d3`, one per OAuth host: `credentials-oauth.battle.net.json` serves us, eu, kr and
/// tw (whichever the relay said the token works for), `credentials-oauth.battlenet.com.cn.json` serves cn. Files
/// of older versions, one per region (`credentials-<region>.json`), are still read, and replaced by the host's
/// file at the next sign-in. The directory is kept private to the user (``PrivateFiles``: `0700` directory,
/// `0600` files, atomic writes, links and open permissions refused).
public struct CredentialStore: Sendable {
    /// Why the store failed, with the path involved and the command that fixes it.
    public typealias Failure = PrivateFiles.Failure

    let files: PrivateFiles
    private let program: Program

    /// The directory holding the files.
    public var directory: URL { files.directory }

    /// A store in `directory` (created on the first save), for `program`'s messages.
    public init(directory: URL, program: Program) {
        files = PrivateFiles(directory: directory, renewal: "run `\(program.login())` again")
        self.program = program
    }

    /// The file that holds the credentials of a region's OAuth host.
    public func fileURL(for region: Region) -> URL {
        files.url(of: Self.hostName(region))
    }

    /// The credential whose token works for `region`, or nil when there is none: the OAuth host's file, else a
    /// per-region file of an older version that covers `region` (an unexpired one first). Refuses a file others
    /// could have written or can read.
    public func load(region: Region) throws(Failure) -> StoredCredential? {
        var found: [StoredCredential] = []
        for name in [Self.hostName(region)] + Self.legacyNames(region) {
            if let credential = try decode(name), credential.regions.contains(region) { found.append(credential) }
        }
        return found.first { !$0.token.isExpired(leeway: .zero) } ?? found.first
    }

    /// Writes the credential as its OAuth host's file, replacing any previous one atomically, and removes the
    /// per-region files of older versions for that host.
    public func save(_ credential: StoredCredential) throws(Failure) {
        let data: Data
        do {
            data = try StoredJSON.encoder.encode(credential)
        } catch {
            throw Failure(description: "the credential could not be encoded: \(error)")
        }
        try files.write(data, as: Self.hostName(credential.region))
        for name in Self.legacyNames(credential.region) { try files.delete(name) }
    }

    /// Deletes the credentials of the region's OAuth host (every region it serves); returns whether there was
    /// one. A symbolic link in a file's place (even a dangling one) is removed, not its target.
    @discardableResult
    public func delete(region: Region) throws(Failure) -> Bool {
        var deleted = false
        for name in [Self.hostName(region)] + Self.legacyNames(region) {
            if try files.delete(name) { deleted = true }
        }
        return deleted
    }

    func decode(_ name: String) throws(Failure) -> StoredCredential? {
        guard let data = try files.read(name) else { return nil }
        do {
            return try StoredJSON.decoder.decode(StoredCredential.self, from: data)
        } catch {
            throw Failure(description: "\(files.url(of: name).path) could not be read (\(error.localizedDescription)); "
                + "delete it or run `\(program.login())` again")
        }
    }

    static func hostName(_ region: Region) -> String {
        "credentials-\(region.oauthBaseURL.host ?? region.rawValue).json"
    }

    /// The per-region files of older versions for every region of `region`'s OAuth host, `region`'s own first.
    private static func legacyNames(_ region: Region) -> [String] {
        ([region] + Region.allCases.filter { $0 != region && $0.oauthBaseURL == region.oauthBaseURL })
            .map { "credentials-\($0.rawValue).json" }
    }
}
