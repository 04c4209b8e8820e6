import BuildStamp

/// Facts fixed when the binary is built: the version Package.swift declares, and the commit a release build stamps
/// (deploy/build.sh sets `BNET_RELAY_COMMIT`; "dev" otherwise). No source file is rewritten for it.
package enum BuildInfo {
    package static let version = String(cString: bnet_relay_version())
    package static let commit = String(cString: bnet_relay_commit())
}
