import BattleNet
import Testing

@Suite("Regions a token serves", .timeLimit(.minutes(1)))
struct RegionTokenTests {
    @Test("us, eu, kr and tw share oauth.battle.net and its tokens; China stands alone")
    func tokenRegions() {
        for region in [Region.us, .eu, .kr, .tw] {
            #expect(region.tokenRegions == [.us, .eu, .kr, .tw])
        }
        #expect(Region.cn.tokenRegions == [.cn])
    }
}
