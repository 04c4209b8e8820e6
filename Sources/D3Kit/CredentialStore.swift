import BattleNet
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-region credential files in a directory kept private to the user: the directory is `0700`, each
/// `credentials-<region>.json` is `0600`, and every write is atomic (temporary file, fsync, rename).
public struct CredentialStore: Sendable {
    /// Why the store failed, with the path involved.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// A message a person can act on.
        public var description: String
    }

    /// The directory holding the files.
    public let directory: URL

    /// A store in `directory` (created on the first save).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file of a region's credential.
    public func fileURL(for region: Region) -> URL {
        directory.appending(path: "credentials-\(region.rawValue).json", directoryHint: .notDirectory)
    }

    /// The region's credential, or nil when there is none.
    public func load(region: Region) throws(Failure) -> StoredCredential? {
        let url = fileURL(for: region)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Self.decoder.decode(StoredCredential.self, from: Data(contentsOf: url))
        } catch {
            throw Failure(description: "\(url.path) could not be read (\(error.localizedDescription)); "
                + "delete it or run `d3 login` again")
        }
    }

    /// Writes the credential of its region, replacing any previous one atomically.
    public func save(_ credential: StoredCredential) throws(Failure) {
        try ensureDirectory()
        let data: Data
        do {
            data = try Self.encoder.encode(credential)
        } catch {
            throw Failure(description: "the credential could not be encoded: \(error)")
        }
        try writeAtomically(data, to: fileURL(for: credential.region))
    }

    /// Deletes the region's credential; returns whether there was one.
    @discardableResult
    public func delete(region: Region) throws(Failure) -> Bool {
        let url = fileURL(for: region)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        guard unlink(url.path) == 0 else { throw failure("could not delete", url.path) }
        return true
    }

    private func ensureDirectory() throws(Failure) {
        let path = directory.path
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "could not create \(path): \(error.localizedDescription)")
        }
        guard chmod(path, 0o700) == 0 else { throw failure("could not restrict the permissions of", path) }
    }

    private func writeAtomically(_ data: Data, to url: URL) throws(Failure) {
        let temporary = directory.appending(path: ".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("could not create", temporary) }
        var ok = fchmod(fd, 0o600) == 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while ok, offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { ok = errno == EINTR } else { offset += written }
            }
        }
        ok = ok && fsync(fd) == 0
        ok = close(fd) == 0 && ok
        guard ok, rename(temporary, url.path) == 0 else {
            let error = failure("could not write", url.path)
            unlink(temporary)
            throw error
        }
        let directoryFD = open(directory.path, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    private func failure(_ action: String, _ path: String) -> Failure {
        Failure(description: "\(action) \(path): \(String(cString: strerror(errno)))")
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
