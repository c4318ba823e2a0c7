#!/usr/bin/env bash
# The platform audit: nothing above Courier's deployment floor (macOS 13, iOS 16, tvOS 16, watchOS 9,
# visionOS 1) or its oldest compiler (Swift 6.0) without a guard. What each check protects, and the
# sources of every fact behind it: Sources/Courier/Courier.docc/Platforms.md.
#
#   1. the checks check themselves: each fixture in scripts/platform-audit/fixtures must give exactly
#      the findings it declares, and the survey must flag exactly the marked lines of its fixture
#   2. Package.swift: the floor, the tools version, and no test support in any product
#   3. the rules (known-gated APIs and language features) over everything in Sources, Plugins, Tests
#   4. the survey: compiler facts for every declaration each Swift target of the package references
#      (needs `swift build --build-tests` first)
set -euo pipefail
cd "$(dirname "$0")/.."
audit="python3 -B scripts/platform-audit/audit.py"
$audit self-test
$audit survey-self-test
$audit package
$audit sources
$audit survey
echo "platform audit: nothing above the floor without a guard."
