#!/usr/bin/env bash
# Peak memory of `screenaudit audit` over many iPhone-size screenshots.
#
#   scripts/memory-benchmark.sh [SCREENS] [JOBS...]      (defaults: 200 screens; 1 2 4 8 workers)
#
# Builds release, writes SCREENS screenshots of 1290 × 2796 px (40 labels each; one decoded
# frame is 13.8 MiB) with their contracts, and audits them under /usr/bin/time -v:
#   1. by worker count (--jobs): decoded frames are held only while a worker measures them, so
#      the peak may grow by about two frames per worker, never with the number of screens;
#   2. by screen count with one worker: what does grow with screens is the report itself (every
#      check's measurements, then its JSON encoding), shown beside report.json's size.
# Figures, not a pass/fail test.
set -euo pipefail
cd "$(dirname "$0")/.."

screens="${1:-200}"
shift || true
jobs=("$@")
[ ${#jobs[@]} -eq 0 ] && jobs=(1 2 4 8)

if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time (for peak RSS)"
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get install -y -qq time >/dev/null
fi

swift build -c release --product screenaudit >/dev/null
swift build -c release --product screenaudit-benchmark >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# audit SUITE JOBS → "peak_MiB wall report_KiB"
audit() {
    local suite="$1" j="$2"
    /usr/bin/time -v "$bin/screenaudit" audit --contracts "$suite/contracts.json" --screenshots "$suite/shots" \
        --out "$suite/out-$j" --jobs "$j" --format json 2>"$suite/time-$j" >/dev/null || true
    local kib wall
    kib=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$suite/time-$j")
    wall=$(awk '/Elapsed \(wall clock\)/ { print $NF }' "$suite/time-$j")
    printf "%.1f %s %d" "$(awk "BEGIN { print $kib / 1024 }")" "$wall" "$(du -k "$suite/out-$j/report.json" | cut -f1)"
}

"$bin/screenaudit-benchmark" --write-suite "$work/suite" --screens "$screens" >/dev/null
echo "peak RSS of screenaudit audit, $screens screens of 1290×2796 px (one decoded frame = 13.8 MiB), $(nproc) cores"
echo ""
printf "%-6s %12s %10s\n" "jobs" "peak RSS" "wall"
for j in "${jobs[@]}"; do
    read -r peak wall _ <<<"$(audit "$work/suite" "$j")"
    printf "%-6s %8s MiB %10s\n" "$j" "$peak" "$wall"
done

echo ""
printf "%-8s %12s %14s\n" "screens" "peak RSS" "report.json"
for n in 1 $((screens / 4)) $((screens / 2)) "$screens"; do
    "$bin/screenaudit-benchmark" --write-suite "$work/n$n" --screens "$n" >/dev/null
    read -r peak _ kib <<<"$(audit "$work/n$n" 1)"
    printf "%-8s %8s MiB %10s KiB\n" "$n" "$peak" "$kib"
    rm -rf "$work/n$n"
done
