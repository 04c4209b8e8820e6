import BattleNet
import Foundation

extension CLIFailure {
    /// Why region cn is different, for every message about it.
    public static let chinaNote = "China's Battle.net (oauth.battlenet.com.cn) refuses clients registered on "
        + "Blizzard's developer portal (401 Bad client credentials; its web API is run by NetEase for internal use)."

    /// Client credentials for region cn without `--oauth-url`: refused before any request (exit 1), since the
    /// client in `BNET_CLIENT_ID` would be turned away at China's OAuth host.
    public static let chinaClientCredentials = CLIFailure(.failure, "Region cn: \(chinaNote) BNET_CLIENT_ID "
        + "would be refused there. If you hold a client that China's server accepts, name its OAuth host with "
        + "--oauth-url.")
}
