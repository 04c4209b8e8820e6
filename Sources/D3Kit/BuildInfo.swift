/// Facts fixed when `d3` is built. `deploy/build.sh` rewrites `commit` for a release build and restores this file
/// afterwards, so a committed tree always says "dev"; `version` follows the relay's.
public enum D3BuildInfo {
    /// The release version.
    public static let version = "0.1.0"
    /// The git commit the binary was built from.
    public static let commit = "dev"
    /// What `d3 --version` prints.
    public static var current: String { "\(version) (\(commit))" }
}
