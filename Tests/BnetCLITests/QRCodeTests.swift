import BnetKit
import Foundation
import Testing

@Suite("QR codes of sign-in links", .timeLimit(.minutes(2)))
struct QRCodeTests {
    @Test("Links of every length up to version 10 decode to themselves", arguments: [1, 14, 15, 60, 100, 130, 213])
    func roundTrip(length: Int) async throws {
        let prefix = "https://relay.example.com/device?user_code="
        let text = String((prefix + String(repeating: "WDJB-MJHT", count: 30)).prefix(length))
        let code = try QRCode(text)
        #expect(try await QRDecoder.decode(modules: code.modules) == text)
        #expect(try await QRDecoder.decode(printed: code.text(colours: false)) == text)
    }

    @Test("Sizes follow the versions; a text too long for version 10 is refused")
    func versions() throws {
        #expect(try QRCode("http://127.0.0.1:8080/device?user_code=WDJB-MJHT").size == 33)
        #expect(try QRCode(String(repeating: "a", count: 14)).size == 21)
        #expect(try QRCode(String(repeating: "a", count: 213)).size == 57)
        #expect(throws: QRCode.TooLong(bytes: 214)) { try QRCode(String(repeating: "a", count: 214)) }
    }

    @Test("On a terminal with colours, each line is black on white")
    func colours() throws {
        let lines = try QRCode("https://relay.example.com/device").text(colours: true).split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
    }
}
