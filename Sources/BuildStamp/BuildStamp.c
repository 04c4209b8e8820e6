// The values come from Package.swift (cSettings of this target), so a release build stamps its commit through the
// environment and no tracked file is rewritten.
#include "BuildStamp.h"

#ifndef BNET_RELAY_VERSION
#error "Package.swift defines BNET_RELAY_VERSION"
#endif
#ifndef BNET_RELAY_COMMIT
#error "Package.swift defines BNET_RELAY_COMMIT"
#endif

const char *bnet_relay_version(void) { return BNET_RELAY_VERSION; }

const char *bnet_relay_commit(void) { return BNET_RELAY_COMMIT; }
