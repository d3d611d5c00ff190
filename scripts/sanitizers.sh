#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
#
#   scripts/sanitizers.sh [address|thread]...     (default: both)
#
# Each sanitizer builds into its own folder (.build/sanitize-NAME) so the normal build is left
# alone, and prints the test summary; a sanitizer report fails the run. Leaks inside the
# toolchain's own libraries are suppressed (scripts/lsan.supp, each entry explained). Took 10 to
# 25 minutes per sanitizer on two cores before the suite was made fast (#44); address takes
# about 5 now.
# Runs on Linux and macOS (bash 3.2). On macOS AddressSanitizer runs without LeakSanitizer, which
# Apple's toolchain does not support (asking for it stops every test binary at start).
set -euo pipefail
cd "$(dirname "$0")/.."

detect_leaks=1
[ "$(uname -s)" = Darwin ] && detect_leaks=0

# ${@+"$@"}: bash before 4.1 (macOS has 3.2) may call an empty "$@" unbound under set -u.
kinds=(${@+"$@"})
[ ${#kinds[@]} -eq 0 ] && kinds=(address thread)
status=0
for kind in "${kinds[@]}"; do
    case "$kind" in
        address|thread) ;;
        *) echo "usage: scripts/sanitizers.sh [address|thread]..." >&2; exit 2 ;;
    esac
    log=".build/sanitize-$kind.log"
    mkdir -p .build
    echo "== swift test --sanitize=$kind (log: $log)"
    if [ "$kind" = address ] && [ "$detect_leaks" = 0 ]; then
        echo "   (no LeakSanitizer on macOS: leaks are checked on Linux only)"
    fi
    start=$(date +%s)
    # halt_on_error makes the first report fail the run; detect_leaks is LeakSanitizer.
    if ASAN_OPTIONS="detect_leaks=$detect_leaks:halt_on_error=1" LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0" \
        TSAN_OPTIONS="halt_on_error=1" \
        swift test --sanitize="$kind" --build-path ".build/sanitize-$kind" >"$log" 2>&1; then
        result="passed"
    else
        result="FAILED"
        status=1
    fi
    if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer" "$log"; then
        result="FAILED (sanitizer report in $log)"
        status=1
    fi
    summary=$(grep -E "Test run with [0-9]+ tests? .*(passed|failed)" "$log" | tail -1 || true)
    echo "$kind: $result in $(( $(date +%s) - start )) s — ${summary:-no test summary (see $log)}"
done
exit $status
