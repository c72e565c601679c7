#!/usr/bin/env python3
"""TextRotor's speech against NVIDIA NeMo's text-normalization tests, with deliberate deviations
counted separately.

    tools/speech-conformance.py [--langs en,vi,zh,ja,ar] [--no-run] [--write-deviations]

1. Runs the shared judge `speech-vs-nemo` (espeak-ng phonemes for en, vi, ar; the text for zh, ja,
   whose espeak-ng voices cannot read Han), found as ../shared/tools/speech-vs-nemo beside the
   checkout or at $SPEECH_VS_NEMO; it writes .build/speech-vs-nemo/failures.tsv. --no-run reuses the
   last failures file.
2. Reads docs/speech-deviations.tsv: the NeMo cases where TextRotor says something else on purpose,
   each with the convention (docs/SPEECH.md, "Conventions and deviations") that decides it.
3. Prints, per language: cases, passes, deviations among the failures, and the pass rate with the
   deviations left out of the count (they are neither passes nor failures).

--write-deviations rewrites docs/speech-deviations.tsv from the current failures with the rules
below (review the diff: a rule must name a convention, never a single case).
"""
import argparse
import csv
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAILURES = ROOT / ".build" / "speech-vs-nemo" / "failures.tsv"
DEVIATIONS = ROOT / "docs" / "speech-deviations.tsv"
# Languages judged by text (espeak-ng cannot read Han; its Arabic voice is not deterministic).
TEXT_JUDGED = {"zh", "ja", "ar"}


def normalise(text):
    text = text.lower().replace("-", " ")
    text = re.sub(r"[^\w\s']", " ", text)
    return " ".join(text.split())


def deviation_rule(row):
    """The convention a failure deviates by, or None. Each rule is a class of cases (docs/SPEECH.md)."""
    lang, written, ref = row["lang"], row["written"], normalise(row["reference"])
    ours = [normalise(row["textrotor_numerals"]), normalise(row["textrotor_words"])]
    if lang == "en":
        # Cardinals say "and" before their last group ("one hundred and twenty-three"); ordinals
        # and NeMo's serial, date and fraction readings do not. Differing only by that "and":
        if any(o.replace(" and ", " ") == ref.replace(" and ", " ") for o in ours) and any(
            (" and " in f" {o} ") != (" and " in f" {ref} ") for o in ours
        ):
            return "en-and-in-numbers"
        # A.M. and P.M. are said as letters ("a m"); NeMo writes "AM", which espeak-ng reads as the word "am".
        if re.search(r"\b[ap]\.?m\b", written, re.I) and re.search(r"\b[AP]M\b", row["reference"]):
            fixed = [o.replace("a m", "am").replace("p m", "pm") for o in ours]
            if any(f.replace(" and ", " ") == ref.replace(" and ", " ") for f in fixed):
                return "en-meridiem-letters"
    # A tag in plain text is read as text, its angle brackets as brackets ("<breathing/>" is
    # "breathing slash"); NeMo keeps the tag for its synthesizer, which reads "-.3" as "dot 3".
    if re.search(r"<[^>]+>", written) and re.search(r"<[^>]+>", row["reference"]):
        return "markup-tags-as-text"
    return None


def run_judge(langs):
    judge = os.environ.get("SPEECH_VS_NEMO") or str(ROOT.parent / "shared" / "tools" / "speech-vs-nemo")
    if not Path(judge).exists():
        sys.exit(f"speech-conformance: the judge {judge} is missing (set SPEECH_VS_NEMO to its path)")
    out = subprocess.run([judge, "--langs", ",".join(langs)], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(out.stderr or out.stdout)
    return out.stdout


def totals(report):
    """Cases and passes per language from the judge's *ALL* lines (exact, or txt for text-judged)."""
    result = {}
    for line in report.splitlines():
        m = re.match(r"^(\w\w)\s+\*ALL\*\s+(\d+)\s+\|(.*)$", line)
        if not m:
            continue
        lang, n, rest = m.group(1), int(m.group(2)), m.group(3)
        numbers = re.findall(r"\d+\.\d+", rest)
        rate = float(numbers[-1]) if lang in TEXT_JUDGED else float(numbers[1])
        result[lang] = (n, round(n * rate / 100))
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--langs", default="en,vi,zh,ja,ar")
    parser.add_argument("--no-run", action="store_true")
    parser.add_argument("--write-deviations", action="store_true")
    args = parser.parse_args()
    langs = args.langs.split(",")
    report = "" if args.no_run else run_judge(langs)
    if report:
        print(report.rstrip())
    rows = list(csv.DictReader(open(FAILURES, encoding="utf-8"), delimiter="\t"))
    if args.write_deviations:
        with open(DEVIATIONS, "w", encoding="utf-8", newline="") as f:
            f.write("# NeMo text-normalization cases TextRotor says differently on purpose; the convention\n")
            f.write("# column names the rule in docs/SPEECH.md. Written by tools/speech-conformance.py --write-deviations.\n")
            f.write("lang\tcategory\twritten\tconvention\n")
            for row in rows:
                rule = deviation_rule(row)
                if rule:
                    f.write(f"{row['lang']}\t{row['category']}\t{row['written']}\t{rule}\n")
    listed = set()
    by_rule = Counter()
    if DEVIATIONS.exists():
        for line in open(DEVIATIONS, encoding="utf-8"):
            if line.startswith("#") or line.startswith("lang\t") or not line.strip():
                continue
            lang, category, written, rule = line.rstrip("\n").split("\t")
            listed.add((lang, category, written))
    deviating = defaultdict(int)
    for row in rows:
        key = (row["lang"], row["category"], row["written"])
        if key in listed:
            deviating[row["lang"]] += 1
            by_rule[deviation_rule(row) or "listed"] += 1
    if not report:
        print("(--no-run: the figures below need the judge's totals; run without --no-run)")
        return
    counts = totals(report)
    print()
    print("lang  cases  pass  deviations  pass rate without deviations  (judge)")
    for lang in langs:
        if lang not in counts:
            continue
        n, passed = counts[lang]
        d = deviating[lang]
        judged = "text" if lang in TEXT_JUDGED else "phonemes"
        print(f"{lang:4} {n:6} {passed:5} {d:11}   {100.0 * passed / max(1, n - d):6.1f}%  ({100.0 * passed / n:.1f}% of all; {judged})")
    if by_rule:
        print("deviations by convention: " + ", ".join(f"{k} {v}" for k, v in sorted(by_rule.items())))
    # Categories where TextRotor is worse than raw espeak-ng on the cases that are not deviations.
    worse = []
    for line in report.splitlines():
        m = re.match(r"^(\w\w)\s+(\S+)\s+(\d+)\s+\|\s+([\d.]+)\s+([\d.]+)", line)
        if not m or m.group(2) == "*ALL*" or m.group(1) in TEXT_JUDGED:
            continue
        lang, category, n = m.group(1), m.group(2), int(m.group(3))
        raw_pass, tr_pass = round(n * float(m.group(4)) / 100), round(n * float(m.group(5)) / 100)
        dev_rows = [r for r in rows if (r["lang"], r["category"], r["written"]) in listed and r["lang"] == lang
                    and r["category"] == category]
        raw_pass -= sum(1 for r in dev_rows if r["raw_exact"] == "1")
        if tr_pass < raw_pass:
            worse.append(f"{lang}/{category} {tr_pass} < raw {raw_pass} of {n - len(dev_rows)}")
    print("categories worse than raw espeak-ng (exact, deviations aside): " + (", ".join(worse) or "none"))


if __name__ == "__main__":
    main()
