import BattleNet
import Foundation

/// The per-region credential files of `d3`: `credentials-<region>.json` in a directory kept private to the user
/// (``PrivateFiles``: `0700` directory, `0600` files, atomic writes, links and open permissions refused).
public struct CredentialStore: Sendable {
    /// Why the store failed, with the path involved and the command that fixes it.
    public typealias Failure = PrivateFiles.Failure

    private let files: PrivateFiles

    /// The directory holding the files.
    public var directory: URL { files.directory }

    /// A store in `directory` (created on the first save).
    public init(directory: URL) {
        files = PrivateFiles(directory: directory, renewal: "run `d3 login` again")
    }

    /// The file of a region's credential.
    public func fileURL(for region: Region) -> URL {
        files.url(of: Self.name(region))
    }

    /// The region's credential, or nil when there is none. Refuses a file others could have written or can read.
    public func load(region: Region) throws(Failure) -> StoredCredential? {
        guard let data = try files.read(Self.name(region)) else { return nil }
        do {
            return try StoredJSON.decoder.decode(StoredCredential.self, from: data)
        } catch {
            throw Failure(description: "\(fileURL(for: region).path) could not be read (\(error.localizedDescription)); "
                + "delete it or run `d3 login` again")
        }
    }

    /// Writes the credential of its region, replacing any previous one atomically.
    public func save(_ credential: StoredCredential) throws(Failure) {
        let data: Data
        do {
            data = try StoredJSON.encoder.encode(credential)
        } catch {
            throw Failure(description: "the credential could not be encoded: \(error)")
        }
        try files.write(data, as: Self.name(credential.region))
    }

    /// Deletes the region's credential; returns whether there was one.
    /// A symbolic link in its place (even a dangling one) is removed, not its target.
    @discardableResult
    public func delete(region: Region) throws(Failure) -> Bool {
        try files.delete(Self.name(region))
    }

    private static func name(_ region: Region) -> String {
        "credentials-\(region.rawValue).json"
    }
}
