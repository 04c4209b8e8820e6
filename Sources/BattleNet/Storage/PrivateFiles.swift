import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files in a directory kept private to the user, for secrets such as tokens: the directory is `0700`, each file
/// `0600`, and every write is atomic (temporary file, fsync, rename). A file is read only when it is a regular file
/// (not a symbolic link), owned by the user and closed to group and others; otherwise reading fails with the
/// command that fixes it. The directory itself must be a real directory of the user's own, not a symbolic link
/// (which could lead anywhere, such as a shared folder), for reads, writes and deletes alike.
public struct PrivateFiles: Sendable {
    /// Why a read or write failed, with the path involved and what to do.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// A message a person can act on.
        public var description: String

        /// Creates a failure.
        public init(description: String) {
            self.description = description
        }
    }

    /// The directory holding the files.
    public let directory: URL
    /// What the person does to replace a file that had to be removed, such as "run `d3 login` again".
    public let renewal: String

    /// Files in `directory` (created on the first write); `renewal` ends messages about unusable files.
    public init(directory: URL, renewal: String = "sign in again") {
        self.directory = directory
        self.renewal = renewal
    }

    /// The URL of the file `name`.
    public func url(of name: String) -> URL {
        directory.appending(path: name, directoryHint: .notDirectory)
    }

    /// The contents of `name`, or nil when there is no such file.
    ///
    /// Refuses a file that is a symbolic link or not a regular file, belongs to another user, or has any group or
    /// other permission bit, saying which command fixes it. The check is made on the path (`lstat`) and again on the
    /// file opened without following links (`O_NOFOLLOW`, `fstat`), so a swap in between is caught too.
    public func read(_ name: String) throws(Failure) -> Data? {
        guard try checkDirectory() else { return nil }
        let path = url(of: name).path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw failure("could not examine", path)
        }
        try checkPrivate(info, path: path)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure("could not open", path) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard fstat(fd, &info) == 0 else { throw failure("could not examine", path) }
        try checkPrivate(info, path: path)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw Failure(description: "\(path) could not be read (\(error.localizedDescription)); delete it and \(renewal)")
        }
    }

    /// Refuses a file that others could have written or can read: a symbolic link (it could point anywhere),
    /// anything but a regular file, a file of another user, or one with any group or other permission bit
    /// (`mode & 0o077`). Each refusal names the command that fixes it.
    func checkPrivate(_ info: stat, path: String) throws(Failure) {
        let quoted = Self.shellQuoted(path)
        switch info.st_mode & 0o170000 {
        case 0o100000:
            break
        case 0o120000:
            throw Failure(description: "\(path) is a symbolic link, and only a regular file of your own is read "
                + "there: remove the link with `rm \(quoted)` and \(renewal)")
        default:
            throw Failure(description: "\(path) is not a regular file: remove it with `rm -r \(quoted)` and \(renewal)")
        }
        let user = getuid()
        guard info.st_uid == user else {
            throw Failure(description: "\(path) belongs to user id \(info.st_uid), not to you (user id \(user)), "
                + "so someone else could have written it: remove it with `rm \(quoted)` and \(renewal) "
                + "(or, if you trust its contents, take it over with `sudo chown \(user) \(quoted)`)")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw Failure(description: "\(path) can be read by other users (mode "
                + "0\(String(info.st_mode & 0o777, radix: 8))): restrict it with `chmod 600 \(quoted)`; if others "
                + "could have copied the token, also run `rm \(quoted)` and \(renewal) for a new one")
        }
    }

    /// `path` quoted for a POSIX shell.
    static func shellQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Writes `data` as `name`, replacing any previous file atomically.
    public func write(_ data: Data, as name: String) throws(Failure) {
        try ensureDirectory()
        let target = url(of: name)
        let temporary = directory.appending(path: ".\(name).\(UUID().uuidString).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("could not create", temporary) }
        var ok = fchmod(fd, 0o600) == 0 && writeFully(fd, data)
        ok = ok && fsync(fd) == 0
        ok = close(fd) == 0 && ok
        guard ok, rename(temporary, target.path) == 0 else {
            let error = failure("could not write", target.path)
            unlink(temporary)
            throw error
        }
        let directoryFD = open(directory.path, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Deletes `name`; returns whether there was one. A symbolic link in its place (even a dangling one) is
    /// removed, not its target.
    @discardableResult
    public func delete(_ name: String) throws(Failure) -> Bool {
        guard try checkDirectory() else { return false }
        let path = url(of: name).path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw failure("could not examine", path)
        }
        guard unlink(path) == 0 else { throw failure("could not delete", path) }
        return true
    }

    /// Whether the directory exists; refuses one that is a symbolic link, not a directory, or another user's.
    private func checkDirectory() throws(Failure) -> Bool {
        // Without a trailing slash, or lstat would follow a link to a directory.
        var path = directory.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw failure("could not examine", path)
        }
        let quoted = Self.shellQuoted(path)
        switch info.st_mode & 0o170000 {
        case 0o040000:
            break
        case 0o120000:
            throw Failure(description: "\(path) is a symbolic link, and secrets are kept only in a directory of "
                + "your own: replace it with `rm \(quoted) && mkdir -m 700 \(quoted)` and \(renewal)")
        default:
            throw Failure(description: "\(path) is not a directory: remove it with `rm \(quoted)` and \(renewal)")
        }
        let user = getuid()
        guard info.st_uid == user else {
            throw Failure(description: "\(path) belongs to user id \(info.st_uid), not to you (user id \(user)): "
                + "use a directory of your own (`rm -r \(quoted)`, then \(renewal))")
        }
        return true
    }

    private func ensureDirectory() throws(Failure) {
        let path = directory.path
        if try checkDirectory() {
            guard chmod(path, 0o700) == 0 else { throw failure("could not restrict the permissions of", path) }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "could not create \(path): \(error.localizedDescription)")
        }
        guard chmod(path, 0o700) == 0 else { throw failure("could not restrict the permissions of", path) }
    }

    private func failure(_ action: String, _ path: String) -> Failure {
        Failure(description: "\(action) \(path): \(String(cString: strerror(errno)))")
    }
}

/// Writes all of `data` to `fd`, retrying after interruptions; false on any other error.
private func writeFully(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                guard errno == EINTR else { return false }
            } else {
                offset += written
            }
        }
        return true
    }
}
