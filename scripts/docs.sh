#!/usr/bin/env bash
# Writes the generated documentation again: docs/cli.md (the commands' help), docs/checks/<rule>.md
# with their example images (each rule's descriptor and examples), and docs/screenshots/ (the quest
# engine's frames, a seeded defect's overlay, and the review pages of audit and assets as headless
# Chromium shows them).
# Commit what it changes: DocsTests fail when a generated file is stale.
# Runs on Linux and macOS (bash 3.2, BSD sed and awk).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product screenaudit
tool=.build/debug/screenaudit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The review page of the seeded-defect frame the gallery's overlay shows.
"$tool" render --defects --seed 8 --devices iPhone_large --routes crystal.lesson --out "$work/defects" >/dev/null
"$tool" audit --contracts "$work/defects/quest-screens.contract.json" --screenshots "$work/defects" \
    --today 2026-01-01 --out "$work/audit" >/dev/null || [ $? -eq 1 ]
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
# A Mac's Chrome is an app bundle, not a command on PATH.
mac_chrome="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
if [ -z "$browser" ] && [ -x "$mac_chrome" ]; then
    browser=$mac_chrome
    echo "note: the screenshots are taken with this Mac's Chrome and fonts; the committed ones come from Debian's Chromium, so expect them to differ" >&2
fi
if [ -n "$browser" ]; then
    mkdir -p docs/screenshots
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1100 \
        --screenshot="$PWD/docs/screenshots/review-page.png" "file://$work/audit/index.html" 2>/dev/null
    # The asset review page of the shipped catalog with three planted faults: a secondary text
    # colour too dark for its backgrounds, a @3x file at the @2x size, a file named but missing.
    cp -R Assets/QuestArt.xcassets "$work/QuestArt.xcassets"
    colors="$work/QuestArt.xcassets/Colors/text-secondary.colorset/Contents.json"
    # Only the first (light appearance) value of each is replaced; awk, since sed's "first match
    # only" address (0,/re/) is GNU's alone.
    awk '!dd && sub(/"0xDD"/, "\"0x70\"") { dd = 1 }
         !c0 && sub(/"0xC0"/, "\"0x6A\"") { c0 = 1 }
         !c9 && sub(/"0xC9"/, "\"0x6A\"") { c9 = 1 }
         { print }' "$colors" >"$colors.new" && mv "$colors.new" "$colors"
    relics="$work/QuestArt.xcassets/Relics"
    cp "$relics/relic-azure-prism.imageset/relic-azure-prism@2x.png" "$relics/relic-azure-prism.imageset/relic-azure-prism@3x.png"
    rm "$work/QuestArt.xcassets/Icons/spell-orb.imageset/spell-orb@3x.png"
    "$tool" assets --catalog "$work/QuestArt.xcassets" --requirements Assets/quest-art.requirements.json \
        --provenance Provenance/quest-art.provenance.json --out "$work/assets" >/dev/null || [ $? -eq 1 ]
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1400 \
        --screenshot="$PWD/docs/screenshots/asset-review-page.png" "file://$work/assets/index.html" 2>/dev/null
else
    echo "note: no Chromium found; docs/screenshots/review-page.png and asset-review-page.png are left as they are" >&2
fi

SCREENAUDIT_RECORD_DOCS=1 swift test --filter DocsTests
echo "docs regenerated; review and commit: git status docs"
