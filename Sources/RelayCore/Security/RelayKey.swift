import BattleNet
import Crypto
import Foundation

/// The relay's secret key, kept in a file of its own (base64url of 32 random bytes, mode 0600).
public enum RelayKey {
    /// Why a key file cannot be used.
    public enum Error: Swift.Error, CustomStringConvertible, Equatable {
        /// The file does not exist.
        case missing(path: String)
        /// The file cannot be read or written.
        case unreadable(path: String, reason: String)
        /// The file does not hold 32 base64url bytes.
        case malformed(path: String)
        /// Others than the owner may read the file.
        case tooOpen(path: String, mode: Int)

        public var description: String {
            switch self {
            case .missing(let path):
                "seal key file \(path) does not exist: create one with `bnet-relay keygen --output \(path)`"
            case .unreadable(let path, let reason): "seal key file \(path): \(reason)"
            case .malformed(let path):
                "seal key file \(path) does not hold a key (32 bytes, base64url): generate one with `bnet-relay keygen`"
            case .tooOpen(let path, let mode):
                "seal key file \(path) has mode \(String(mode, radix: 8)); run `chmod 600 \(path)`"
            }
        }
    }

    /// A fresh key.
    public static func generate() -> SymmetricKey {
        SymmetricKey(size: .bits256)
    }

    /// Writes a new key to `path` with mode 0600, refusing to overwrite an existing file.
    @discardableResult
    public static func write(to path: String) throws(Error) -> SymmetricKey {
        let key = generate()
        try writeNew(Base64URL.encode(key.withUnsafeBytes { Data($0) }) + "\n", to: path)
        return key
    }

    /// Writes `text` to a new file at `path`, mode 0600, synced; refuses a file that exists (a key is never
    /// replaced by accident).
    public static func writeNew(_ text: String, to path: String) throws(Error) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let written = text.utf8CString.withUnsafeBufferPointer { Foundation.write(fd, $0.baseAddress, $0.count - 1) }
        guard written == text.utf8.count, fsync(fd) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Reads the key at `path`.
    public static func read(from path: String) throws(Error) -> SymmetricKey {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw .missing(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let mode = Int(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .tooOpen(path: path, mode: mode) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "cannot read the file")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Base64URL.decode(text), bytes.count == 32 else { throw .malformed(path: path) }
        return SymmetricKey(data: bytes)
    }

    /// Reads the key at `path`, creating it first if it does not exist (sandbox mode).
    public static func readOrCreate(at path: String) throws(Error) -> SymmetricKey {
        do {
            return try read(from: path)
        } catch .missing {
            return try write(to: path)
        }
    }
}
