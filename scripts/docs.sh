#!/usr/bin/env bash
# Writes the generated documentation again: docs/cli.md (the commands' help), docs/checks/<rule>.md
# with their example images (each rule's descriptor and examples), and docs/screenshots/ (the quest
# engine's frames, a seeded defect's overlay, and the review page as headless Chromium shows it).
# Commit what it changes: DocsTests fail when a generated file is stale.
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
if [ -n "$browser" ]; then
    mkdir -p docs/screenshots
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1100 \
        --screenshot="$PWD/docs/screenshots/review-page.png" "file://$work/audit/index.html" 2>/dev/null
else
    echo "note: no Chromium found; docs/screenshots/review-page.png is left as it is" >&2
fi

SCREENAUDIT_RECORD_DOCS=1 swift test --filter DocsTests
echo "docs regenerated; review and commit: git status docs"
