import BattleNet
import Foundation

/// Several accounts at one OAuth host, as gh keeps several users: the default account's credential is the host's
/// file (`credentials-<oauth host>.json`, what every command reads), and each other account signed in there is kept
/// as `credentials-<oauth host>-<Name-1234>.json` until it is made the default again.
extension CredentialStore {
    /// The credential of `account` (a BattleTag) for `region`; the default account's when `account` is nil.
    public func load(region: Region, account: String?) throws(Failure) -> StoredCredential? {
        let current = try load(region: region)
        guard let account else { return current }
        if let current, current.account == account { return current }
        guard let kept = try decode(Self.accountName(region, account)), kept.regions.contains(region) else { return nil }
        return kept
    }

    /// Every account signed in at `region`'s OAuth host that serves `region`, the default first, the others by name.
    public func accounts(region: Region) throws(Failure) -> [StoredCredential] {
        let prefix = Self.accountPrefix(region)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
        var found = try load(region: region).map { [$0] } ?? []
        for name in names {
            if let kept = try decode(name), kept.regions.contains(region), !found.contains(where: { $0.isSameAccount(as: kept) }) {
                found.append(kept)
            }
        }
        return found
    }

    /// Keeps `credential` as one of the other accounts (not the default); a credential that names no BattleTag
    /// cannot be told apart and is not kept.
    public func keep(_ credential: StoredCredential) throws(Failure) {
        guard let account = credential.account else { return }
        try files.write(try Self.encoded(credential), as: Self.accountName(credential.region, account))
    }

    /// Makes `account` the default at `region`'s host, keeping the default before it among the others; false when
    /// no such account is signed in there.
    public func makeDefault(_ account: String, region: Region) throws(Failure) -> Bool {
        guard let chosen = try load(region: region, account: account) else { return false }
        if let current = try load(region: region), current.isSameAccount(as: chosen) { return true }
        if let current = try load(region: region) { try keep(current) }
        try save(chosen)
        try files.delete(Self.accountName(region, account))
        return true
    }

    /// Forgets `credential`'s account at its host. When it was the default, the first other account (by name)
    /// becomes the default, and is returned.
    @discardableResult
    public func forget(_ credential: StoredCredential, region: Region) throws(Failure) -> StoredCredential? {
        if let account = credential.account { try files.delete(Self.accountName(region, account)) }
        guard let current = try load(region: region), current.isSameAccount(as: credential) else { return nil }
        try delete(region: region)
        guard let next = try accounts(region: region).first, let name = next.account else { return nil }
        try save(next)
        try files.delete(Self.accountName(region, name))
        return next
    }

    /// Removes the kept copy of `credential`'s account, once it is the default.
    public func dropKeptCopy(of credential: StoredCredential) throws(Failure) {
        guard let account = credential.account else { return }
        try files.delete(Self.accountName(credential.region, account))
    }

    private static func encoded(_ credential: StoredCredential) throws(Failure) -> Data {
        do {
            return try StoredJSON.encoder.encode(credential)
        } catch {
            throw Failure(description: "the credential could not be encoded: \(error)")
        }
    }

    /// `credentials-<oauth host>-`, the start of every other account's file at `region`'s host.
    private static func accountPrefix(_ region: Region) -> String {
        String(hostName(region).dropLast(".json".count)) + "-"
    }

    /// The file of `account` (`Name#1234` as `Name-1234`) at `region`'s host.
    private static func accountName(_ region: Region, _ account: String) -> String {
        accountPrefix(region) + account.replacingOccurrences(of: "#", with: "-")
            .replacingOccurrences(of: "/", with: "-") + ".json"
    }
}

extension StoredCredential {
    /// The account's name: its BattleTag, when the sign-in said it.
    public var account: String? { token.battleTag?.description }

    /// Whether `other` is the same Battle.net account: by account id, else by BattleTag; two sign-ins that name
    /// neither are taken to be the same.
    public func isSameAccount(as other: StoredCredential) -> Bool {
        if let mine = token.accountID, let theirs = other.token.accountID { return mine == theirs }
        if let mine = account, let theirs = other.account { return mine == theirs }
        return true
    }
}
