import BnetKit
import Foundation

/// Opens URLs in the person's browser (``BrowserLauncher``: `$BROWSER`, `open` on macOS, `xdg-open`).
enum Browser {
    /// The launcher for this machine and `environment`; nil when no browser can be opened.
    static func launcher(environment: [String: String]) -> BrowserLauncher? {
        #if os(macOS)
        BrowserLauncher.find(environment: environment, isMacOS: true)
        #else
        BrowserLauncher.find(environment: environment, isMacOS: false)
        #endif
    }

    /// Starts the launcher for `url` without waiting; returns whether it could be started. Anything but an
    /// http(s) URL is refused (``RelayPolicy/isOpenable(_:)``): an opener would hand `file:` or other schemes to
    /// whatever program claims them.
    @discardableResult
    static func open(_ url: URL, with launcher: BrowserLauncher) -> Bool {
        guard RelayPolicy.isOpenable(url) else { return false }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = launcher.arguments(for: url)
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
