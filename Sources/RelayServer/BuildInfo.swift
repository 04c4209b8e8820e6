/// Facts fixed when the binary is built. `deploy/build.sh` rewrites `commit` from `git rev-parse --short HEAD`
/// just before a release build and restores this file afterwards, so a committed tree always says "dev".
enum BuildInfo {
    static let version = "0.1.0"
    static let commit = "dev"
}
