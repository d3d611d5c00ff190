#!/usr/bin/env bash
# Audits the real corpus, crops every error and warning for a person to judge, and tallies the
# verdicts kept in scripts/accuracy/verdicts.tsv per rule (docs/accuracy.md says how).
#
#   scripts/accuracy/run.sh [CORPUS] [OUT]
#
# CORPUS: the folder holding real-dumps/ and real-screens/ (default ../shared/corpus);
# OUT: where the reports and crops go (default build_results/accuracy). Exits 1 while a finding
# has no verdict: judge it by its crop, add a line to verdicts.tsv, and run again.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-../shared/corpus}
out=${2:-build_results/accuracy}
swift build -c release --product screenaudit >/dev/null
tool=.build/release/screenaudit
rm -rf "$out" && mkdir -p "$out/scan-input"
reports=()
for set in appagent motorease; do
    folder="$corpus/real-dumps/$set"
    "$tool" audit --screenshots "$folder" --hierarchies "$folder" --density "$(cat "$folder/density")" \
        --overlays all --today 2026-12-06 --out "$out/$set" >/dev/null || [ $? -eq 1 ]
    reports+=("$out/$set")
done
# scan judges iPhone screenshots by their size; the iPad wblock and Ice Cubes shots need --scale.
for shot in "$corpus"/real-screens/*.png; do
    case $(basename "$shot") in icecubes*|wblock_*_ipados*) continue ;; esac
    cp "$shot" "$out/scan-input/"
done
"$tool" scan "$out/scan-input" --out "$out/real-screens" >/dev/null || [ $? -eq 1 ]
reports+=("$out/real-screens")
python3 scripts/accuracy/crops.py "$out/crops" "${reports[@]}"
python3 scripts/accuracy/tally.py scripts/accuracy/verdicts.tsv "${reports[@]}"
