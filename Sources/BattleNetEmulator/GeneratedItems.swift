import Foundation

/// The item types and items that were never recorded, so that everything a listing shows answers: every type of the
/// recorded item-type index lists items (the recorded two-handed swords; three generated ones for any other type),
/// and every item a listing or a recipe names answers, generated from the recorded Corrupted Ashbringer with the
/// listing's id, slug, name and icon and its type.
extension GeneratedGameData {
    /// The slug of the recorded item type (`d3/data/item-type/sword2h`) and its file.
    static let recordedItemType = ("sword2h", "d3_item_type_sword2h_rbattlenet_vcr.json")
    /// The recorded item (`d3/data/item/corrupted-ashbringer-Unique_Sword_2H_104_x1`).
    static let recordedItem = "d3_item_corrupted-ashbringer-Unique_Sword_2H_104_x1_rbattlenet_vcr.json"
    static let itemTypeIndex = "d3_item_type_index_rbattlenet_vcr.json"

    /// The items of a listed type that was not recorded: three, named after the type.
    static func itemType(_ slug: String) throws -> Data? {
        guard let type = try listedTypes()[slug] else { return nil }
        return try data(generatedEntries(typeSlug: slug, type: type))
    }

    /// An item that a listing (an item type, recorded or generated) or a recipe (`itemProduced`) names, by its path
    /// parameter `slug-id`; nil for any other.
    static func item(_ path: String) throws -> Data? {
        guard let (entry, type) = try knownItems.get()[path] else { return nil }
        var item = try object(EmulatorSamples.data(named: recordedItem))
        for key in ["id", "slug", "name", "icon"] { item[key] = entry[key] }
        item["tooltipParams"] = "/item/\(path)"
        item["typeName"] = type.name
        item["type"] = ["twoHanded": type.id.contains("2H"), "id": type.id]
        item["flavorText"] = note
        item["flavorTextHtml"] = "<span class=\"d3-color-ffc7b377\">\(note)</span>"
        item["setItems"] = [Any]()
        return try data(item)
    }

    /// An item type as the index lists it: its id (`Sword2H`) and name.
    struct ItemType: Sendable {
        var id: String
        var name: String
    }

    /// The listed types by slug (the index's `path`, `item-type/<slug>`), read from the recorded index once.
    static func listedTypes() throws -> [String: ItemType] {
        try listedTypeTable.get()
    }

    private static let listedTypeTable = Result { () throws -> [String: ItemType] in
        let index = try JSONSerialization.jsonObject(with: EmulatorSamples.data(named: itemTypeIndex)) as? [[String: Any]] ?? []
        var types: [String: ItemType] = [:]
        for entry in index {
            guard let path = entry["path"] as? String, path.hasPrefix("item-type/"), let id = entry["id"] as? String
            else { continue }
            types[String(path.dropFirst("item-type/".count))] = ItemType(id: id, name: entry["name"] as? String ?? id)
        }
        return types
    }

    /// Three entries of a generated type, in the recorded listing's shape.
    private static func generatedEntries(typeSlug: String, type: ItemType) -> [[String: Any]] {
        (1...3).map { number in
            let slug = "\(typeSlug)-\(number)"
            let id = "Generated_\(type.id)_\(number)"
            return [
                "id": id, "slug": slug, "name": "\(type.name) \(number)", "icon": "generated_\(typeSlug)_\(number)",
                "path": "item/\(slug)-\(id)",
            ]
        }
    }

    /// Every item a listing or a recipe names, by `slug-id`, with the text fields of the entry naming it and its
    /// type; built once, on the first item asked for (every item request used to build it again).
    private static let knownItems = Result { () throws -> [String: ([String: String], ItemType)] in
        var items: [String: ([String: String], ItemType)] = [:]
        func add(_ entry: [String: Any], _ type: ItemType) {
            guard let path = entry["path"] as? String, path.hasPrefix("item/") else { return }
            let key = String(path.dropFirst("item/".count))
            if items[key] == nil { items[key] = (entry.compactMapValues { $0 as? String }, type) }
        }
        let types = try listedTypes()
        let recorded = try JSONSerialization.jsonObject(with: EmulatorSamples.data(named: recordedItemType.1)) as? [[String: Any]] ?? []
        let sword = types[recordedItemType.0] ?? ItemType(id: "Sword2H", name: "Two-Handed Sword")
        recorded.forEach { add($0, sword) }
        for (slug, type) in types where slug != recordedItemType.0 {
            generatedEntries(typeSlug: slug, type: type).forEach { add($0, type) }
        }
        for artisan in ["jeweler", "blacksmith", "mystic"] {
            for recipe in try recipes(of: artisan) {
                guard let produced = recipe["itemProduced"] as? [String: Any], let id = produced["id"] as? String else { continue }
                add(produced, producedType(id))
            }
        }
        return items
    }

    /// The recipes of an artisan, as `d3/data/artisan/<slug>` answers.
    static func recipes(of artisan: String) throws -> [[String: Any]] {
        let answer = artisan == "jeweler" ? try EmulatorSamples.data(named: EmulatorSamples.jeweler) : try self.artisan(artisan)
        let tiers = (try answer.map { try object($0) }?["training"] as? [String: Any])?["tiers"] as? [[String: Any]] ?? []
        return tiers.flatMap {
            ($0["trainedRecipes"] as? [[String: Any]] ?? []) + ($0["taughtRecipes"] as? [[String: Any]] ?? [])
        }
    }

    /// The type of an item a recipe makes, from its id: rings, amulets, two-handed swords, else gems.
    private static func producedType(_ id: String) -> ItemType {
        if id.contains("Ring") { return ItemType(id: "Ring", name: "Ring") }
        if id.contains("Amulet") { return ItemType(id: "Amulet", name: "Amulet") }
        if id.contains("Sword_2H") { return ItemType(id: "Sword2H", name: "Two-Handed Sword") }
        return ItemType(id: "Gem", name: "Gem")
    }
}
