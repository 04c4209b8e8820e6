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
/// `credentials-<region>.json` is `0600`, and every write is atomic (temporary file, fsync, rename). A file is
/// read only when it is a regular file (not a symbolic link), owned by the user and closed to group and others;
/// otherwise loading fails with the command that fixes it.
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
    ///
    /// Refuses a file that is a symbolic link or not a regular file, belongs to another user, or has any group
    /// or other permission bit, saying which command fixes it. The check is made on the path (`lstat`) and
    /// again on the file opened without following links (`O_NOFOLLOW`, `fstat`), so a swap in between is
    /// caught too.
    public func load(region: Region) throws(Failure) -> StoredCredential? {
        let path = fileURL(for: region).path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw failure("could not examine", path)
        }
        try Self.checkPrivate(info, path: path)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure("could not open", path) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard fstat(fd, &info) == 0 else { throw failure("could not examine", path) }
        try Self.checkPrivate(info, path: path)
        do {
            let data = try handle.readToEnd() ?? Data()
            return try Self.decoder.decode(StoredCredential.self, from: data)
        } catch {
            throw Failure(description: "\(path) could not be read (\(error.localizedDescription)); "
                + "delete it or run `d3 login` again")
        }
    }

    /// Refuses a credential file that others could have written or can read: a symbolic link (it could point
    /// anywhere), anything but a regular file, a file of another user, or one with any group or other
    /// permission bit (`mode & 0o077`). Each refusal names the command that fixes it.
    static func checkPrivate(_ info: stat, path: String) throws(Failure) {
        let quoted = shellQuoted(path)
        switch info.st_mode & 0o170000 {
        case 0o100000:
            break
        case 0o120000:
            throw Failure(description: "\(path) is a symbolic link, and d3 reads only a regular file of your own "
                + "there: remove the link with `rm \(quoted)` and run `d3 login` again")
        default:
            throw Failure(description: "\(path) is not a regular file: remove it with `rm -r \(quoted)` and run "
                + "`d3 login` again")
        }
        let user = getuid()
        guard info.st_uid == user else {
            throw Failure(description: "\(path) belongs to user id \(info.st_uid), not to you (user id \(user)), "
                + "so someone else could have written it: remove it with `rm \(quoted)` and run `d3 login` again "
                + "(or, if you trust its contents, take it over with `sudo chown \(user) \(quoted)`)")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw Failure(description: "\(path) can be read by other users (mode "
                + "0\(String(info.st_mode & 0o777, radix: 8))): restrict it with `chmod 600 \(quoted)`; if others "
                + "could have copied the token, also run `rm \(quoted)` and `d3 login` for a new one")
        }
    }

    /// `path` quoted for a POSIX shell.
    static func shellQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
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
    /// A symbolic link in its place (even a dangling one) is removed, not its target.
    @discardableResult
    public func delete(region: Region) throws(Failure) -> Bool {
        let path = fileURL(for: region).path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw failure("could not examine", path)
        }
        guard unlink(path) == 0 else { throw failure("could not delete", path) }
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
