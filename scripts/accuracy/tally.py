#!/usr/bin/env python3
"""Counts, per rule, how many of an audit's findings a person judged true.

usage: tally.py VERDICTS.tsv REPORT_DIR [REPORT_DIR ...]

VERDICTS.tsv: one line per judged finding, tab-separated: screen, rule, element ("-" for none),
verdict ("true" or "false"), and why. Lines starting with # are comments. Prints a Markdown table
of judged and true per rule, and lists every finding of the reports that has no verdict yet (and
every verdict whose finding the reports no longer give): a change to a rule is re-judged before
its figures are published. Exits 1 when a finding has no verdict.
"""
import collections
import json
import os
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    verdicts = {}
    for number, line in enumerate(open(sys.argv[1], encoding='utf-8'), 1):
        if not line.strip() or line.startswith('#'):
            continue
        fields = line.rstrip('\n').split('\t')
        if len(fields) < 4 or fields[3] not in ('true', 'false'):
            sys.exit(f'{sys.argv[1]}:{number}: expected screen, rule, element, true|false, why')
        verdicts[tuple(fields[:3])] = fields[3] == 'true'
    judged, true, missing, seen = collections.Counter(), collections.Counter(), [], set()
    for report_dir in sys.argv[2:]:
        report = json.load(open(os.path.join(report_dir, 'report.json'), encoding='utf-8'))
        for screen in report['screens']:
            for finding in screen['findings']:
                if finding.get('severity') not in ('error', 'warning'):
                    continue
                key = (screen['id'], finding['rule'], finding.get('element') or '-')
                seen.add(key)
                if key not in verdicts:
                    missing.append(key)
                    continue
                judged[key[1]] += 1
                true[key[1]] += verdicts[key]
    print('| rule | findings judged | true | share true |')
    print('|---|---|---|---|')
    for rule in sorted(judged):
        print(f'| `{rule}` | {judged[rule]} | {true[rule]} | {100 * true[rule] / judged[rule]:.0f} % |')
    total, right = sum(judged.values()), sum(true.values())
    if total:
        print(f'| all | {total} | {right} | {100 * right / total:.0f} % |')
    for key in sorted(set(verdicts) - seen):
        print('no longer found: ' + '\t'.join(key), file=sys.stderr)
    for key in missing:
        print('not judged yet: ' + '\t'.join(key), file=sys.stderr)
    sys.exit(1 if missing else 0)


main()
