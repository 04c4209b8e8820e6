import Foundation
import Testing
@testable import BattleNet

@Suite("BattleTag", .timeLimit(.minutes(2)))
struct BattleTagTests {
    @Test("An ASCII BattleTag exposes its name, code, display form and path form")
    func asciiTag() throws {
        let tag = try BattleTag(parsing: "FaYe#2543")
        #expect(tag.name == "FaYe")
        #expect(tag.code == "2543")
        #expect(tag.description == "FaYe#2543")
        #expect(tag.pathComponent == "FaYe-2543")
    }

    @Test("The path form Name-1234 parses to the same BattleTag")
    func pathFormInput() throws {
        #expect(try BattleTag(parsing: "FaYe-2543") == BattleTag(parsing: "FaYe#2543"))
    }

    @Test("Surrounding whitespace is trimmed")
    func trimsWhitespace() throws {
        #expect(try BattleTag(parsing: "  FaYe#2543\n").description == "FaYe#2543")
    }

    @Test("Case is preserved and significant")
    func caseSensitive() throws {
        let lower = try BattleTag(parsing: "faye#2543")
        #expect(lower != (try BattleTag(parsing: "FaYe#2543")))
        #expect(try BattleTag(parsing: "FaYe#2543").pathComponent == "FaYe-2543")
    }

    @Test(
        "Non-Latin and accented names are percent-encoded as UTF-8 in the path",
        arguments: [
            ("전사#1234", "%EC%A0%84%EC%82%AC-1234"),
            ("Воин#5678", "%D0%92%D0%BE%D0%B8%D0%BD-5678"),
            ("Zoë#123", "Zo%C3%AB-123"),
            ("战士#4321", "%E6%88%98%E5%A3%AB-4321"),
        ]
    )
    func unicodePath(input: String, path: String) throws {
        let tag = try BattleTag(parsing: input)
        #expect(tag.pathComponent == path)
        #expect(tag.description == input)
    }

    @Test("A decomposed accent is normalized to the composed form")
    func normalizesToNFC() throws {
        let decomposed = try BattleTag(parsing: "Zoe\u{308}#123")
        #expect(decomposed.pathComponent == "Zo%C3%AB-123")
        #expect(decomposed == (try BattleTag(parsing: "Zoë#123")))
    }

    @Test(
        "The path component parses back to the same BattleTag",
        arguments: ["FaYe#2543", "전사#1234", "Воин#5678", "Zoë#123", "战士#4321", "a1b2#0"]
    )
    func pathRoundTrip(input: String) throws {
        let tag = try BattleTag(parsing: input)
        let decoded = try #require(tag.pathComponent.removingPercentEncoding)
        #expect(try BattleTag(parsing: decoded) == tag)
        #expect(try BattleTag(pathComponent: tag.pathComponent) == tag)
    }

    @Test(
        "Invalid input fails with the matching error",
        arguments: [
            ("", BattleTag.ParseError.empty),
            ("   ", .empty),
            ("FaYe", .missingCode("FaYe")),
            ("FaYe#", .missingCode("FaYe#")),
            ("FaYe#12ab", .invalidCode("12ab")),
            ("FaYe#12345678901", .invalidCode("12345678901")),
            ("FaYe#١٢٣", .invalidCode("١٢٣")),
            ("Fa Ye#1234", .invalidName("Fa Ye")),
            ("Na/me#12", .invalidName("Na/me")),
            ("#1234", .invalidName("")),
            ("A#1", .invalidName("A")),
            ("Foo-Bar#123", .invalidName("Foo-Bar")),
            ("Na?me#1", .invalidName("Na?me")),
            ("Na%me#1", .invalidName("Na%me")),
            ("Na&me#1", .invalidName("Na&me")),
            ("Na#me#1", .invalidName("Na#me")),
            ("Na\u{7}me#1", .invalidName("Na\u{7}me")),
            ("ABCDEFGHIJKLMNOPQRSTUVWXY#1", .invalidName("ABCDEFGHIJKLMNOPQRSTUVWXY")),
        ]
    )
    func invalidInput(input: String, error: BattleTag.ParseError) {
        #expect(throws: error) { try BattleTag(parsing: input) }
        #expect(BattleTag(input) == nil)
    }

    @Test("Error descriptions quote the input and show the expected format")
    func errorDescriptions() {
        let missing = BattleTag.ParseError.missingCode("Foo").description
        #expect(missing.contains("\"Foo\" is not a BattleTag"))
        #expect(missing.contains("Name#1234"))
        #expect(BattleTag.ParseError.invalidName("Na/me").description.contains("\"Na/me\""))
        #expect(BattleTag.ParseError.empty.description.contains("Battle.net app"))
    }

    @Test("The failable initializer accepts valid text")
    func losslessStringConvertible() {
        #expect(BattleTag("FaYe-2543")?.description == "FaYe#2543")
    }

    @Test("Encodes as a single Name#1234 string and decodes either form")
    func codable() throws {
        let tag = try BattleTag(parsing: "전사-1234")
        #expect(String(decoding: try JSONEncoder().encode(tag), as: UTF8.self) == "\"전사#1234\"")
        #expect(try decode(BattleTag.self, json: "\"FaYe-2543\"").description == "FaYe#2543")
        #expect(try roundTrip(tag) == tag)
        #expect(throws: DecodingError.self) { try decode(BattleTag.self, json: "\"Na/me#12\"") }
    }

    @Test("Equal BattleTags hash together")
    func hashing() throws {
        let tags: Set = [try BattleTag(parsing: "FaYe#2543"), try BattleTag(parsing: "FaYe-2543")]
        #expect(tags.count == 1)
    }
}
