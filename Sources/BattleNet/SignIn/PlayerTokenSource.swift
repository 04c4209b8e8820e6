import Foundation

/// A token source that is a signed-in player (``PlayerSession``): its token comes with where it works, so that an
/// API client naming no base calls a sandbox relay's API for a player signed in there (``SignedInPlayer/apiBaseURL``).
protocol PlayerTokenSource: AccessTokenSource {
    /// The player whose token ``AccessTokenSource/token()`` hands out now, under the same rules.
    func player() async throws -> SignedInPlayer
}
