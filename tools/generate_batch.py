#!/usr/bin/env python3
"""Generate `textrotor batch` requests: N small documents as JSON Lines (deterministic for a seed).

    python3 tools/generate_batch.py --count 100000 --seed 1 -o /tmp/batch-100k.jsonl

Each line is {"id": "doc-N", "content": …, "format": "html"|"text"} with a short brochure-like
document (about 0.5–1.5 KB: headings, paragraphs with e-mail addresses, links, phone numbers in
several regions' formats and look-alikes, an alert); every 10th asks for speech too, every 7th
restricts the kinds, every 5th names a region. Written line by line; memory stays small.
"""
import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_large_document import item, sentence  # noqa: E402

REGIONS = ["US", "JP", "CN", "VN", "GB", "DE", "FR"]


def document(rng, index):
    parts = []
    for _ in range(rng.randrange(2, 5)):
        words = [sentence(rng, rng.randrange(6, 14))]
        for _ in range(rng.randrange(1, 4)):
            words.append(item(rng, rng.randrange(100000)))
            words.append(sentence(rng, rng.randrange(3, 8)).lower())
        parts.append(" ".join(words) + ".")
    alert = "Warning: " + sentence(rng, 8).lower() + "."
    if rng.randrange(2):
        body = "".join(f"<p>{part}</p>\n" for part in parts)
        content = (f"<!DOCTYPE html><html lang=\"en\"><head><title>Doc {index}</title></head><body>\n"
                   f"<h1>{sentence(rng, 4)}</h1>\n{body}<div role=\"alert\">{alert}</div>\n</body></html>\n")
        return content, "html"
    return "\n\n".join([sentence(rng, 4), *parts, alert]) + "\n", "text"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    for index in range(args.count):
        content, form = document(rng, index)
        request = {"id": f"doc-{index}", "content": content, "format": form}
        if index % 7 == 3:
            request["kinds"] = ["phone", "email"]
        if index % 5 == 2:
            request["region"] = rng.choice(REGIONS)
        if index % 10 == 9:
            request["speak"] = True
        out.write(json.dumps(request, ensure_ascii=False) + "\n")
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
