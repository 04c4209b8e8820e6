#ifndef BUILD_STAMP_H
#define BUILD_STAMP_H

/// The release version of this package, as Package.swift declares it (`let version`).
const char *bnet_relay_version(void);

/// The git commit of a release build (deploy/build.sh sets BNET_RELAY_COMMIT for it), or "dev".
const char *bnet_relay_commit(void);

#endif
