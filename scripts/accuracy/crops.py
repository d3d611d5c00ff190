#!/usr/bin/env python3
"""Crops each error and warning of an audit from its overlay, for a person to judge one by one.

usage: crops.py OUT REPORT_DIR [REPORT_DIR ...]

Each REPORT_DIR is an `--out` folder of `screenaudit audit --overlays all` (or `scan`): report.json
and overlays/. Writes OUT/NNN-<screen>-<rule>-<element>.png (the finding's frame with 60 px around
it, at most 900 px wide) and OUT/findings.tsv, one line per crop, with the key verdicts.tsv uses.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pngio  # noqa: E402


def findings(report_dir):
    report = json.load(open(os.path.join(report_dir, 'report.json')))
    for screen in report['screens']:
        for finding in screen['findings']:
            if finding.get('severity') in ('error', 'warning'):
                yield screen['id'], finding


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    lines, number, loaded = [], 0, {}
    for report_dir in sys.argv[2:]:
        for screen, finding in findings(report_dir):
            number += 1
            key = f"{screen}\t{finding['rule']}\t{finding.get('element') or '-'}"
            lines.append(f"{number:03d}\t{key}\t{finding.get('message', '')}")
            frame = finding.get('frame')
            overlay = os.path.join(report_dir, 'overlays', screen + '.png')
            if not frame or not os.path.exists(overlay):
                continue
            if overlay not in loaded:
                loaded.clear()
                loaded[overlay] = pngio.read(overlay)
            width, height, rows = loaded[overlay]
            x0, y0 = max(0, frame['x'] - 60), max(0, frame['y'] - 60)
            x1, y1 = min(width, frame['x'] + frame['width'] + 60), min(height, frame['y'] + frame['height'] + 60)
            x1 = min(x1, x0 + 900)
            crop = [rows[y][x0 * 3:x1 * 3] for y in range(y0, y1)]
            name = f"{number:03d}-{screen}-{finding['rule']}-{finding.get('element') or 'screen'}.png".replace('/', '_')
            pngio.write(os.path.join(out, name), x1 - x0, y1 - y0, crop)
    with open(os.path.join(out, 'findings.tsv'), 'w') as tsv:
        tsv.write('\n'.join(lines) + '\n')
    print(f'{number} findings: {out}/findings.tsv and the crops beside it')


main()
