import BuildStamp

/// Facts fixed when `bnet` (and `d3`) is built: the version Package.swift declares (the relay's too), and the commit a release
/// build stamps (deploy/build.sh sets `BNET_RELAY_COMMIT`; "dev" otherwise).
public enum BuildInfo {
    /// The release version.
    public static let version = String(cString: bnet_relay_version())
    /// The git commit the binary was built from.
    public static let commit = String(cString: bnet_relay_commit())
    /// What `bnet --version` and `d3 --version` print.
    public static var current: String { "\(version) (\(commit))" }
}
