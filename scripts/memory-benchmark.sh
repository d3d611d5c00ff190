#!/usr/bin/env bash
# Peak memory of `screenaudit audit` over many iPhone-size screenshots.
#
#   scripts/memory-benchmark.sh [SCREENS] [JOBS...]      (defaults: 200 screens; 1 2 4 8 workers)
#
# Builds release, writes SCREENS screenshots of 1290 × 2796 px (40 labels each; one decoded
# frame is 13.8 MiB) with their contracts, and audits them under /usr/bin/time (GNU time's -v on
# Linux, BSD time's -l on macOS: both report the peak resident set size):
#   1. by worker count (--jobs): decoded frames are held only while a worker measures them, so
#      the peak may grow by about two frames per worker, never with the number of screens;
#   2. by screen count with one worker: what does grow with screens is the report itself (every
#      check's measurements, then its JSON encoding), shown beside report.json's size.
# Figures, not a pass/fail test. Runs on Linux and macOS (bash 3.2, BSD tools).
set -euo pipefail
cd "$(dirname "$0")/.."

os=$(uname -s)

screens="${1:-200}"
shift || true
# ${@+"$@"}: bash before 4.1 (macOS has 3.2) may call an empty "$@" unbound under set -u.
jobs=(${@+"$@"})
[ ${#jobs[@]} -eq 0 ] && jobs=(1 2 4 8)

case "$os" in
    Darwin)
        # macOS ships BSD time, whose -l gives the same peak (in bytes, not KiB).
        [ -x /usr/bin/time ] || { echo "error: /usr/bin/time is missing; it comes with macOS" >&2; exit 1; }
        ;;
    Linux)
        if [ ! -x /usr/bin/time ]; then
            echo "installing GNU time (for peak RSS)"
            sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
            $sudo apt-get install -y -qq time >/dev/null
        fi
        ;;
    *)
        echo "error: peak RSS is read with GNU time -v (Linux) or BSD time -l (macOS); $os has neither here" >&2
        exit 1
        ;;
esac

swift build -c release --product screenaudit >/dev/null
swift build -c release --product screenaudit-benchmark >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# audit SUITE JOBS → "peak_MiB wall report_KiB"
audit() {
    local suite="$1" j="$2" flag=-v
    [ "$os" = Darwin ] && flag=-l
    /usr/bin/time "$flag" "$bin/screenaudit" audit --contracts "$suite/contracts.json" --screenshots "$suite/shots" \
        --out "$suite/out-$j" --jobs "$j" --format json 2>"$suite/time-$j" >/dev/null || true
    local kib wall
    if [ "$os" = Darwin ]; then
        # "  123456789  maximum resident set size" (bytes) and "  1.23 real  0.98 user  0.10 sys".
        kib=$(awk '/maximum resident set size/ { print int($1 / 1024) }' "$suite/time-$j")
        wall=$(awk '/ real / { print $1 "s"; exit }' "$suite/time-$j")
    else
        kib=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$suite/time-$j")
        wall=$(awk '/Elapsed \(wall clock\)/ { print $NF }' "$suite/time-$j")
    fi
    [ -n "$kib" ] || { echo "error: no peak RSS in $suite/time-$j:" >&2; cat "$suite/time-$j" >&2; exit 1; }
    printf "%.1f %s %d" "$(awk "BEGIN { print $kib / 1024 }")" "$wall" "$(du -k "$suite/out-$j/report.json" | cut -f1)"
}

"$bin/screenaudit-benchmark" --write-suite "$work/suite" --screens "$screens" >/dev/null
echo "peak RSS of screenaudit audit, $screens screens of 1290×2796 px (one decoded frame = 13.8 MiB), $(getconf _NPROCESSORS_ONLN) cores"
echo ""
printf "%-6s %12s %10s\n" "jobs" "peak RSS" "wall"
for j in "${jobs[@]}"; do
    read -r peak wall _ <<<"$(audit "$work/suite" "$j")"
    # audit's own exit is lost inside $(...); an empty reading means it failed.
    [ -n "$peak" ] || exit 1
    printf "%-6s %8s MiB %10s\n" "$j" "$peak" "$wall"
done

echo ""
printf "%-8s %12s %14s\n" "screens" "peak RSS" "report.json"
for n in 1 $((screens / 4)) $((screens / 2)) "$screens"; do
    "$bin/screenaudit-benchmark" --write-suite "$work/n$n" --screens "$n" >/dev/null
    read -r peak _ kib <<<"$(audit "$work/n$n" 1)"
    [ -n "$peak" ] || exit 1
    printf "%-8s %8s MiB %10s KiB\n" "$n" "$peak" "$kib"
    rm -rf "$work/n$n"
done
