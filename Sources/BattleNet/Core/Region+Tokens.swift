import Foundation

extension Region {
    /// The regions whose API hosts accept a token from this region's OAuth host, in declaration order. us, eu, kr
    /// and tw share `oauth.battle.net`, and its tokens work on all four API hosts; China's stand alone.
    public var tokenRegions: [Region] {
        Region.allCases.filter { $0.oauthBaseURL == oauthBaseURL }
    }
}
