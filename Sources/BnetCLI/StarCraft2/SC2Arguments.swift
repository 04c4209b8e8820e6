import ArgumentParser

/// StarCraft II's region ids: 1 Americas, 2 Europe, 3 Korea and Taiwan, 5 China.
enum SC2RegionID {
    /// The id an argument names: the number, or us, eu, kr, tw, cn.
    static func parse(_ text: String) throws -> Int {
        if let number = Int(text), [1, 2, 3, 5].contains(number) { return number }
        guard let id = ["us": 1, "eu": 2, "kr": 3, "tw": 3, "cn": 5][text.lowercased()] else {
            throw ValidationError("\"\(text)\" is not a StarCraft II region: give 1, 2, 3 or 5 (or us, eu, kr, tw, cn).")
        }
        return id
    }

    static let help = ArgumentHelp("The region id (1, 2, 3, 5) or name (us, eu, kr, tw, cn).", valueName: "region-id")
}

/// `REGION REALM ID`: one StarCraft II profile, as `bnet sc2 profiles` lists it.
struct SC2ProfileArguments: ParsableArguments {
    @Argument(help: SC2RegionID.help)
    var regionName: String

    @Argument(help: "The realm id (1 or 2).")
    var realmID: Int

    @Argument(help: "The profile id.")
    var profileID: String

    /// The region id of the argument (1 until validated).
    var regionID: Int { (try? SC2RegionID.parse(regionName)) ?? 1 }

    /// What a not-found message adds.
    static let hint = "`bnet sc2 profiles` lists your profiles' region, realm and id."

    func validate() throws {
        _ = try SC2RegionID.parse(regionName)
        guard profileID.allSatisfy(\.isNumber), !profileID.isEmpty else {
            throw ValidationError("\"\(profileID)\" is not a profile id: give its number, as `bnet sc2 profiles` lists it.")
        }
    }
}
