import D3Kit
import Foundation

/// Opens URLs in the person's browser with `xdg-open`, when there is a display to show it on.
enum Browser {
    /// Whether a graphical session is available (`DISPLAY` or `WAYLAND_DISPLAY`).
    static func hasDisplay(environment: [String: String]) -> Bool {
        [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
    }

    /// Starts `xdg-open url` without waiting; returns whether it could be started. Anything but an http(s)
    /// URL is refused (``RelayPolicy/isOpenable(_:)``): `xdg-open` would hand `file:` or other schemes to
    /// whatever program claims them.
    @discardableResult
    static func open(_ url: URL) -> Bool {
        guard RelayPolicy.isOpenable(url) else { return false }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
