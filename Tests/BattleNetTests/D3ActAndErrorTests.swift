import Foundation
import BattleNetEmulator
import Testing
@testable import BattleNet
@testable import BattleNetDiablo3

@Suite("Diablo III acts", .timeLimit(.minutes(2)))
struct D3ActTests {
    @Test("The recorded act index decodes five acts with their quests")
    func actIndex() throws {
        let index = try decodeSample(D3ActIndex.self, "d3_act_index_rbattlenet_vcr.json")
        #expect(index.acts.map(\.number) == [1, 2, 3, 4, 5])
        let first = try #require(index.acts.first)
        #expect(first.slug == "act-i")
        #expect(first.name == "Act I")
        #expect(first.quests.first == D3Quest(id: 87700, name: "The Fallen Star", slug: "the-fallen-star"))
        #expect(first.quests.last?.slug == "return-to-new-tristram")
        #expect(index.acts.last?.name == "Act V")
        #expect(try roundTrip(index) == index)
    }

    @Test("A single act decodes and tolerates unknown and missing fields")
    func singleAct() throws {
        let act = try decode(D3Act.self, json: #"{"slug":"act-ii","number":2.0,"name":"Act II","extra":[1]}"#)
        #expect(act.number == 2)
        #expect(act.quests.isEmpty)
    }
}

@Suite("API error bodies", .timeLimit(.minutes(2)))
struct APIErrorBodyTests {
    @Test("The Diablo III NOTFOUND body decodes")
    func notFound() throws {
        let body = try decodeSample(
            APIErrorBody.self, "d3_error_notfound_account_legacy_mashery_2014_bnet-mashery-rb_vcr.json")
        #expect(body.code == "NOTFOUND")
        #expect(body.message == "The account could not be found.")
        #expect(body.type == nil)
        #expect(body.isNotFound)
        #expect(body.description == "NOTFOUND: The account could not be found.")
        #expect(try roundTrip(body) == body)
    }

    @Test("The gateway body with a numeric code decodes")
    func gateway() throws {
        let body = try decodeSample(APIErrorBody.self, "api_gateway_error_404_BLZWEBAPI00000404.json")
        #expect(body.code == "404")
        #expect(body.type == "BLZWEBAPI00000404")
        #expect(body.message == "Not Found")
        #expect(body.isNotFound)
        #expect(try jsonObject(encodeSorted(body))["code"] as? Int == 404)
        #expect(try roundTrip(body) == body)
    }

    @Test("Other codes are not reported as not found")
    func otherCodes() throws {
        let maintenance = #"{"code":"MAINTENANCE","reason":"The application is in maintenance."}"#
        #expect(try !decode(APIErrorBody.self, json: maintenance).isNotFound)
        let forbidden = #"{"code":403,"type":"BLZWEBAPI00000403","detail":"Forbidden"}"#
        #expect(try decode(APIErrorBody.self, json: forbidden).code == "403")
        #expect(try !decode(APIErrorBody.self, json: forbidden).isNotFound)
    }

    @Test("A normal payload is not an error body")
    func profileIsNotAnError() throws {
        let data = try sample("d3_profile_faye-2543_rbattlenet_vcr_2019.json")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(APIErrorBody.self, from: data) }
    }

    @Test("Not found names the BattleTag's letter case only for lookups by BattleTag")
    func notFoundAdvice() {
        #expect(BattleNetError.notFound("Hero 1 of FaYe#2543").description
            == "Hero 1 of FaYe#2543 was not found: check the spelling and letter case of the BattleTag, and the region.")
        #expect(BattleNetError.notFound("The artisan cook").description
            == "The artisan cook was not found: check the spelling, and the region.")
    }
}

@Suite("Emulator samples", .timeLimit(.minutes(2)))
struct EmulatorSampleTests {
    @Test("Every sample the emulator ships is valid JSON, and the recorded ones are all there")
    func samplesParse() throws {
        let names = EmulatorSamples.names
        #expect(names.count == 70)
        #expect(names.contains("d3_profile_faye-2543_rbattlenet_vcr_2019.json"))
        #expect(names.filter { $0.hasPrefix("wow_") || $0.hasPrefix("sc2_") }.count == 32)
        for name in names {
            #expect((try? JSONSerialization.jsonObject(with: sample(name))) != nil, "\(name) is not JSON")
        }
    }

    @Test("The samples compiled into the binary are the recorded files, byte for byte (run scripts/embed-samples.sh)")
    func embeddedSamplesMatchTheFiles() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Sources/BattleNetEmulator/Samples").standardizedFileURL
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == EmulatorSamples.names)
        for file in files {
            #expect(try sample(file) == Data(contentsOf: directory.appending(path: file)), "\(file) differs")
        }
    }
}
