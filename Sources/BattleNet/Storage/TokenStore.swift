import Foundation

/// Where an app keeps its signed-in players between launches: the Keychain on Apple platforms
/// (`KeychainTokenStore`), private files elsewhere (``FileTokenStore``). Keys name accounts, such as `"default"`
/// or a region.
public protocol TokenStore: Sendable {
    /// The player stored under `key`, or nil when there is none.
    func load(_ key: String) throws -> SignedInPlayer?
    /// Stores `player` under `key`, replacing any previous one.
    func save(_ player: SignedInPlayer, as key: String) throws
    /// Removes the player under `key`, if any.
    func delete(_ key: String) throws
}

/// The JSON form of stored credentials, shared by every store: sorted keys, ISO 8601 dates.
package enum StoredJSON {
    /// Encodes with sorted keys and ISO 8601 dates.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Decodes ISO 8601 dates.
    package static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// A token store in private files (``PrivateFiles``): `<key>.json` in a `0700` directory, each `0600`, written
/// atomically, and refused when a link or readable by others. For Linux and command-line tools; apps on Apple
/// platforms use `KeychainTokenStore`.
public struct FileTokenStore: TokenStore {
    private let files: PrivateFiles

    /// A store in `directory`, created on the first save.
    public init(directory: URL) {
        files = PrivateFiles(directory: directory, renewal: "sign in again")
    }

    public func load(_ key: String) throws -> SignedInPlayer? {
        let name = try Self.name(key)
        guard let data = try files.read(name) else { return nil }
        do {
            return try StoredJSON.decoder.decode(SignedInPlayer.self, from: data)
        } catch {
            throw PrivateFiles.Failure(description: "\(files.url(of: name).path) is not a stored sign-in "
                + "(\(error.localizedDescription)); delete it and sign in again")
        }
    }

    public func save(_ player: SignedInPlayer, as key: String) throws {
        try files.write(try StoredJSON.encoder.encode(player), as: try Self.name(key))
    }

    public func delete(_ key: String) throws {
        try files.delete(try Self.name(key))
    }

    /// The file name of `key`; refuses keys that could leave the directory or hide the file.
    private static func name(_ key: String) throws(PrivateFiles.Failure) -> String {
        guard !key.isEmpty, key.utf8.count <= 64,
              key.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else {
            throw PrivateFiles.Failure(description: "\"\(key)\" is not a usable key: use 1 to 64 letters, digits, - or _")
        }
        return key + ".json"
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
