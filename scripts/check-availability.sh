#!/usr/bin/env bash
# Fails, naming file, line and declaration, when the package uses a Swift standard library,
# Foundation, Dispatch or Testing declaration that Apple ships later than the macOS minimum in
# Package.swift. Runs on Linux against the toolchain's own interfaces (docs/macos.md says how,
# and what it cannot see). Needs a current build: `swift build --build-tests` first.
#
#   scripts/check-availability.sh                 check the package
#   scripts/check-availability.sh --unannotated   also list what it uses of modules without availability
#   scripts/check-availability.sh --self-test     prove it fails on a copy that uses newer declarations
set -eu
cd "$(dirname "$0")/.."
command -v python3 >/dev/null 2>&1 || { echo "check-availability: needs python3" >&2; exit 2; }
command -v swift-symbolgraph-extract >/dev/null 2>&1 || {
    echo "check-availability: needs swift-symbolgraph-extract (part of the Swift toolchain) on PATH" >&2; exit 2; }
if [ "$(uname)" = "Darwin" ]; then
    # Apple's compiler checks availability itself on macOS: a build there is the check.
    echo "check-availability: on macOS, \`swift build\` enforces availability; nothing to do"
    exit 0
fi
if [ "${1:-}" = "--self-test" ]; then
    exec python3 scripts/availability/self_test.py
fi
exec python3 scripts/availability/check_availability.py "$@"
