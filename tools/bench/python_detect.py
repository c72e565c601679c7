#!/usr/bin/env python3
"""The peers TextRotor's detectors are compared with, timed over the same text in the same run.

    python3 tools/bench/python_detect.py FILE.txt [SAMPLE_BYTES]

phonenumbers (the Python port of libphonenumber's matcher; region US, leniency VALID) and
linkify-it-py (links and e-mail addresses, default options). Prints MB/s per peer and match counts;
the first SAMPLE_BYTES bytes (default 2 MB, cut at a line) are used, the Python peers being slow.
"""
import sys
import time

import phonenumbers
from linkify_it import LinkifyIt


def main():
    path = sys.argv[1]
    sample = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    data = open(path, "rb").read(sample)
    data = data[: data.rfind(b"\n") + 1] or data
    text = data.decode("utf-8", "replace")
    megabytes = len(data) / 1e6

    start = time.perf_counter()
    phones = sum(1 for _ in phonenumbers.PhoneNumberMatcher(text, "US", leniency=phonenumbers.Leniency.VALID))
    seconds = time.perf_counter() - start
    print("phonenumbers_mb_per_s %.3f" % (megabytes / seconds))
    print("phonenumbers_matches %d" % phones)

    linkify = LinkifyIt()
    start = time.perf_counter()
    links = 0
    for line in text.splitlines():
        matches = linkify.match(line)
        if matches:
            links += len(matches)
    seconds = time.perf_counter() - start
    print("linkify_mb_per_s %.3f" % (megabytes / seconds))
    print("linkify_matches %d" % links)
    print("python_sample_mb %.2f" % megabytes)


if __name__ == "__main__":
    main()
