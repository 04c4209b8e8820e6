#!/usr/bin/env bash
# Package.swift declares macOS 14, iOS 17 and tvOS 17, but this machine compiles for Linux only, where Apple's
# availability is not enforced. This lint refuses the standard-library, Concurrency and Foundation APIs that Apple
# ships only from macOS 15 / iOS 18 (Swift 6.0's runtime) or later, in every target and the examples.
# Sources: the @available(SwiftStdlib 6.0/6.2, *) declarations of the Swift 6 standard library and Apple's
# documentation pages of each symbol. A hit either moves behind `if #available` or is replaced, as IPRange.swift
# (two UInt64 halves, not UInt128) and FormEncoding.swift (not String(validating:as:)) were.
#
# Usage: scripts/apple-availability.sh
set -euo pipefail
cd "$(dirname "$0")/.."

patterns=(
    '\bU?Int128\b'                       # Swift 6.0: macOS 15, iOS 18
    '\bMutex\b' '\bAtomic<' 'import Synchronization'
    'String\(validating:'                # macOS 15, iOS 18
    '\bRangeSet\b' '\.removeSubranges\(' '\.indices\(where:' '\.moveSubranges\('
    '\bInlineArray\b' '\b(Raw|Mutable|Output|UTF8)?Span\b' '\.span\b'       # Swift 6.2: macOS 26
    'TaskExecutor\b' 'withTaskExecutorPreference' 'globalConcurrentExecutor' # macOS 15
    'Task\.immediate' 'Task\(name:' '\bObservations\b'                      # macOS 26
    '(some|any) AsyncSequence<[^>]*,'    # AsyncSequence's Failure type: macOS 15
    '#Expression\b' 'Foundation\.Expression\b'                              # macOS 15
)
found=0
for pattern in "${patterns[@]}"; do
    # Comment lines may name an API (to say why it is avoided); code may not.
    if hits=$(grep -rnE --include='*.swift' "$pattern" Sources Examples | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' \
        | grep -v '^Sources/BattleNetEmulator/EmbeddedSamples.swift'); then
        while IFS= read -r hit; do
            printf 'apple-availability: newer than macOS 14 / iOS 17 (%s): %s\n' "$pattern" "$hit" >&2
        done <<<"$hits"
        found=1
    fi
done
if [ "$found" -ne 0 ]; then
    echo "apple-availability: use an older API or guard it with if #available (see this script's header)" >&2
    exit 1
fi
echo "apple-availability: no API newer than macOS 14 / iOS 17 found in Sources/ and Examples/"
