#!/usr/bin/env bash
# Builds the DocC documentation of the Courier module with the toolchain's own docc (no package
# plugin), and fails on any warning.
#
#   scripts/docs.sh            writes docs-build/Courier.doccarchive
#   scripts/docs.sh OUTPUT     writes the archive to OUTPUT
#
# The symbol graph is extracted from the module a normal `swift build` makes, so the docs build
# shares the test build's cache. (Emitting it while compiling would change the compiler flags and
# rebuild the module; it would also take in every symbol Foundation re-exports through
# `@_exported import`, thousands of pages that are not Courier's.)
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-docs-build/Courier.doccarchive}"
symbols="$(mktemp -d)"
trap 'rm -rf "$symbols"' EXIT

swift build --target Courier
bin="$(swift build --show-bin-path)"
triple="$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)",/\1/p' | head -n 1)"
swift-symbolgraph-extract -module-name Courier -I "$bin/Modules" -I "$bin" -target "$triple" \
  -minimum-access-level public -skip-inherited-docs -output-dir "$symbols"

rm -rf "$output"
mkdir -p "$(dirname "$output")"
docc convert Sources/Courier/Courier.docc \
  --additional-symbol-graph-dir "$symbols" \
  --fallback-display-name Courier \
  --fallback-bundle-identifier org.courier.Courier \
  --output-path "$output" \
  --warnings-as-errors
echo "docs: $output"
