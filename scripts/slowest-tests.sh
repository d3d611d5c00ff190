#!/usr/bin/env bash
# Prints the slowest tests of the suite with their times: what CONTRIBUTING.md's table lists.
#
#   scripts/slowest-tests.sh [COUNT]      # default 20
#
# The tests run one at a time (`swift test --no-parallel`), so each time is that test's own and
# not time spent waiting for a core; the whole run therefore takes about twice as long as
# `swift test`. Times come from the xUnit file Swift Testing writes. Runs on Linux and macOS
# (bash 3.2; Python 3 for the XML).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-20}
case $count in
    ''|*[!0-9]*) echo "usage: scripts/slowest-tests.sh [COUNT]" >&2; exit 2 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build --build-tests >/dev/null
started=$(date +%s)
status=0
swift test --skip-build --no-parallel --xunit-output "$work/tests.xml" >"$work/log" 2>&1 || status=$?
elapsed=$(( $(date +%s) - started ))
if [ "$status" -ne 0 ]; then
    tail -n 40 "$work/log"
    echo "error: the tests failed (exit $status); the times below are of a failing run" >&2
fi
# SwiftPM writes Swift Testing's results beside the XCTest file, as <name>-swift-testing.xml.
xml="$work/tests-swift-testing.xml"
[ -f "$xml" ] || xml="$work/tests.xml"
python3 - "$xml" "$count" "$elapsed" <<'PY'
import sys
import xml.etree.ElementTree as ET

path, count, elapsed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
cases = []
for case in ET.parse(path).iter("testcase"):
    suite = (case.get("classname") or "").split(".")[-1]
    cases.append((float(case.get("time") or 0), suite, case.get("name") or "?"))
total = sum(time for time, _, _ in cases)
print(f"{len(cases)} tests, {total:.0f} s of test time one at a time ({elapsed} s for the run)")
print()
print("| s | suite | test |")
print("|---:|---|---|")
for time, suite, name in sorted(cases, key=lambda c: (-c[0], c[1], c[2]))[:count]:
    print(f"| {time:.1f} | {suite} | `{name}` |")
PY
exit "$status"
