import Foundation

/// A character's specialisations, `GET /profile/wow/character/{realmSlug}/{characterName}/specializations` (any
/// token): the active one and, per specialisation, its talents. Before Dragonflight (the 2019 recording) talents were
/// a `talents` list of one choice per tier; since then they are `loadouts`, each with its export code (the shape of
/// Blizzard's documentation; no recording of it was found). Both are typed; either may be absent.
public struct WoWCharacterSpecializations: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// Every specialisation of the class.
    public var specializations: [Specialization]
    /// The one in use.
    public var activeSpecialization: WoWReference?
    /// The character.
    public var character: WoWCharacterReference?

    /// One specialisation.
    public struct Specialization: Codable, Hashable, Sendable {
        /// The specialisation.
        public var specialization: WoWReference
        /// The talent chosen in each tier (before Dragonflight).
        public var talents: [Talent]?
        /// The saved talent loadouts (since Dragonflight).
        public var loadouts: [Loadout]?
        /// The PvP talents in their slots.
        public var pvpTalentSlots: [PvPTalentSlot]?

        /// Creates a specialisation.
        public init(
            specialization: WoWReference, talents: [Talent]? = nil, loadouts: [Loadout]? = nil,
            pvpTalentSlots: [PvPTalentSlot]? = nil
        ) {
            self.specialization = specialization
            self.talents = talents
            self.loadouts = loadouts
            self.pvpTalentSlots = pvpTalentSlots
        }

        enum CodingKeys: String, CodingKey {
            case specialization, talents, loadouts, pvpTalentSlots = "pvp_talent_slots"
        }
    }

    /// A talent chosen in a tier.
    public struct Talent: Codable, Hashable, Sendable {
        /// The talent.
        public var talent: WoWReference?
        /// Its tier (row), from 0.
        public var tierIndex: Int?
        /// Its column, from 0.
        public var columnIndex: Int?

        /// Creates a talent.
        public init(talent: WoWReference? = nil, tierIndex: Int? = nil, columnIndex: Int? = nil) {
            self.talent = talent
            self.tierIndex = tierIndex
            self.columnIndex = columnIndex
        }

        enum CodingKeys: String, CodingKey {
            case talent, tierIndex = "tier_index", columnIndex = "column_index"
        }
    }

    /// A saved talent loadout.
    public struct Loadout: Codable, Hashable, Sendable {
        /// Whether it is the one in use.
        public var isActive: Bool?
        /// The code the game imports and exports.
        public var talentLoadoutCode: String?

        /// Creates a loadout.
        public init(isActive: Bool? = nil, talentLoadoutCode: String? = nil) {
            self.isActive = isActive
            self.talentLoadoutCode = talentLoadoutCode
        }

        enum CodingKeys: String, CodingKey {
            case isActive = "is_active", talentLoadoutCode = "talent_loadout_code"
        }
    }

    /// A PvP talent slot.
    public struct PvPTalentSlot: Codable, Hashable, Sendable {
        /// The talent in it.
        public var selected: Selected?
        /// The slot, from 1.
        public var slotNumber: Int?

        /// A selected PvP talent.
        public struct Selected: Codable, Hashable, Sendable {
            /// The talent.
            public var talent: WoWReference?

            /// Creates a selection.
            public init(talent: WoWReference? = nil) {
                self.talent = talent
            }
        }

        /// Creates a slot.
        public init(selected: Selected? = nil, slotNumber: Int? = nil) {
            self.selected = selected
            self.slotNumber = slotNumber
        }

        enum CodingKeys: String, CodingKey {
            case selected, slotNumber = "slot_number"
        }
    }

    /// Creates an answer.
    public init(
        links: WoWLinks? = nil, specializations: [Specialization] = [], activeSpecialization: WoWReference? = nil,
        character: WoWCharacterReference? = nil
    ) {
        self.links = links
        self.specializations = specializations
        self.activeSpecialization = activeSpecialization
        self.character = character
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", specializations, activeSpecialization = "active_specialization", character
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        specializations = try container.decodeIfPresent([Specialization].self, forKey: .specializations) ?? []
        activeSpecialization = try container.decodeIfPresent(WoWReference.self, forKey: .activeSpecialization)
        character = try container.decodeIfPresent(WoWCharacterReference.self, forKey: .character)
    }
}
