#!/usr/bin/env python3
"""Extract MathCAT's English ClearSpeak test cases for fractions, powers and roots.

usage: tools/extract_mathcat_clearspeak.py MATHCAT_GIT_DIR [COMMIT] > Tests/SpeechTests/MathCAT/clearspeak.tsv

Reads tests/Languages/en/ClearSpeak/{mfrac,msup,mroot}.rs at COMMIT (default HEAD) with `git show`
and writes one line per expectation: file, test name, preferences, MathML (whitespace collapsed),
expected speech. Preferences are "default" for `test(...)` and for `test_prefs(...)` whose settings
are all MathCAT's defaults (Verbosity Medium, ClearSpeak_* Auto); other settings are written out
(`ClearSpeak_Fractions=Over`) and the comparison leaves them out: TextRotor speaks the defaults.
MathCAT is MIT-licensed (Copyright (c) 2022 NSoiffer); the header lines say so.
"""
import re
import subprocess
import sys

DEFAULTS = {('Verbosity', 'Medium')}


def main():
    repo = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else 'HEAD'
    sha = subprocess.run(['git', '-C', repo, 'rev-parse', commit], capture_output=True, text=True,
                         check=True).stdout.strip()
    print('# MathCAT (https://github.com/NSoiffer/MathCAT), MIT License, Copyright (c) 2022 NSoiffer')
    print(f'# tests/Languages/en/ClearSpeak/{{mfrac,msup,mroot}}.rs at {sha}; '
          'made by tools/extract_mathcat_clearspeak.py')
    print('# file\ttest\tpreferences\tmathml\texpected')
    for name in ('mfrac', 'msup', 'mroot'):
        source = subprocess.run(['git', '-C', repo, 'show', f'{sha}:tests/Languages/en/ClearSpeak/{name}.rs'],
                                capture_output=True, text=True, check=True).stdout
        for test in re.finditer(r'#\[test\]\s*(?:#\[[^\]]*\]\s*)*fn\s+(\w+)\s*\(\)\s*\{(.*?)\n\}', source, re.S):
            body = test.group(2)
            expr = re.search(r'let\s+expr\s*=\s*"(.*?)";', body, re.S)
            if not expr:
                continue
            mathml = ' '.join(expr.group(1).split())
            for call in re.finditer(r'(test|test_prefs|test_ClearSpeak)\((.*?)\);', body, re.S):
                kind, args = call.group(1), call.group(2)
                expected = re.findall(r'"((?:[^"\\]|\\.)*)"', args)[-1]
                if kind == 'test':
                    prefs = 'default'
                elif kind == 'test_prefs':
                    pairs = re.findall(r'\("(\w+)",\s*"(\w+)"\)', args)
                    extra = [f'{k}={v}' for k, v in pairs if (k, v) not in DEFAULTS and v != 'Auto']
                    prefs = ','.join(extra) or 'default'
                else:
                    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', args)
                    prefs = f'{strings[1]}={strings[2]}'
                print(f'{name}\t{test.group(1)}\t{prefs}\t{mathml}\t{expected}')


if __name__ == '__main__':
    main()
