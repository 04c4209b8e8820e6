import BattleNet
import Foundation

/// What `d3 login` prints, with the relay's text made safe for the terminal (``TerminalText``).
public enum LoginMessages {
    /// The page to open, the code to enter, and the page with the code filled in, ending with a newline.
    public static func instructions(_ authorization: DeviceAuthorization, style: TextStyle) -> String {
        var lines = [
            "To sign in, open \(TerminalText.line(authorization.verificationURI.absoluteString)) and enter the code:",
            "",
            "    \(style.bold(TerminalText.line(authorization.userCode)))",
            "",
        ]
        if let complete = authorization.verificationURIComplete {
            lines.append("Or open \(TerminalText.line(complete.absoluteString))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Signed in as FaYe#2543 (eu), token valid until 2026-11-24 09:46 UTC`, followed by
    /// `; it also works for regions us, kr, tw` when `regions` names others than `region`.
    public static func signedIn(_ token: AccessToken, region: Region, regions: [Region] = []) -> String {
        let who = token.battleTag.map { "Signed in as \(TerminalText.line($0.description))" } ?? "Signed in"
        let others = regions.filter { $0 != region }
        let also = others.isEmpty ? "" : "; it also works for regions " + others.map(\.rawValue).joined(separator: ", ")
        return "\(who) (\(region)), token valid until \(Formatting.minute(token.expiresAt))\(also)"
    }
}
