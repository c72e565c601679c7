#!/usr/bin/env python3
"""Generate a large, realistic document for TextRotor's benchmarks (deterministic for a seed).

    python3 tools/generate_large_document.py --format html --size-mb 50 --seed 1 -o /tmp/big.html
    python3 tools/generate_large_document.py --format text --size-mb 10 --seed 1 -o /tmp/big.txt
    python3 tools/generate_large_document.py --format markdown --size-mb 10 --seed 1 -o /tmp/big.md

HTML: brochure-like sections (headings, paragraphs, lists, tables, links, alerts by role and class,
e-mails, phone numbers in several regions' formats, URLs) with look-alikes (dates, prices, ISBNs, IP
addresses, versions, times, ratios). Text: plain text dense with e-mails, links, phone numbers and
look-alikes (about one item every 100 bytes), with some CJK, Arabic, Vietnamese and emoji.
Markdown: the HTML's sections written as GitHub Markdown (headings, emphasis, links, lists, task
lists, tables, block quotes, alerts, code blocks, images), with no raw HTML.
The output is written incrementally; memory stays small whatever the size.
"""
import argparse
import random
import sys

WORDS = ("trail river meadow ranger visitor bridge fog morning permit picnic ridge creek map boots water "
         "season gate parking shuttle tower camp loop view forest rock lake family dog bike path sign").split()
PHONES = ["(415) 555-{:04d}", "415-555-{:04d}", "+1 415 555 {:04d}", "+81 3-1234-{:04d}", "03-1234-{:04d}",
          "010-6552 {:04d}", "+86 10 6552 {:04d}", "024 3825 {:04d}", "+84 24 3825 {:04d}", "+44 20 7946 {:04d}",
          "+971 4 123 {:04d}", "+1 (646) 555-{:04d} ext. 12"]
LOOKALIKES = ["2026-05-{:02d}", "05/{:02d}/2026", "10:{:02d}", "$1,2{:02d}.50", "978-0-306-40615-7",
              "192.168.1.{}", "v2.10.{}", "1920x1080", "order #88213-5521-77{:02d}-0091", "setup.py", "report.txt",
              "11.7:1", "4.5:1", "37.77{:02d}, -122.4194", "3-{}"]
NONASCII = ["东京都的公园", "みどりの森公園", "Vườn quốc gia Ba Vì", "عيادة الواحة", "👍🏽 great view", "café crème"]


def sentence(rng, n):
    words = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize()


def fill(template, rng):
    return template.format(rng.randrange(100)) if "{" in template else template


def item(rng, i):
    kind = rng.randrange(5)
    if kind == 0:
        return "ranger{}@example.org".format(i)
    if kind == 1:
        return "https://parks.example.org/trail/{}?day={}".format(i, rng.randrange(7))
    if kind == 2:
        return rng.choice(PHONES).format(rng.randrange(10000))
    if kind == 3:
        return fill(rng.choice(LOOKALIKES), rng)
    return rng.choice(NONASCII)


def html_section(rng, i):
    parts = ['<section><h2>Section {} — {}</h2>'.format(i, sentence(rng, 3))]
    parts.append('<p>{} {} and {} near {}. {}.</p>'.format(
        sentence(rng, 8), item(rng, i), item(rng, i + 1), item(rng, i + 2), sentence(rng, 6)))
    r = rng.randrange(6)
    if r == 0:
        parts.append('<div role="alert">{} closed: {}.</div>'.format(sentence(rng, 2), sentence(rng, 5)))
    elif r == 1:
        parts.append('<p class="warning">Warning: {}.</p>'.format(sentence(rng, 7)))
    elif r == 2:
        parts.append('<ul><li>{}</li><li>{}</li><li><a href="https://example.org/{}">{}</a></li></ul>'.format(
            sentence(rng, 3), item(rng, i), i, sentence(rng, 2)))
    elif r == 3:
        parts.append('<table><tr><th>Trail</th><th>Length</th></tr><tr><td>{}</td><td>{}.{} mi</td></tr></table>'.format(
            sentence(rng, 2), rng.randrange(10), rng.randrange(10)))
    elif r == 4:
        parts.append('<p>Write to <a href="mailto:desk{0}@example.org">desk{0}@example.org</a> or call '
                     '<a href="tel:+14155550{1:03d}">415-555-0{1:03d}</a>.</p>'.format(i, rng.randrange(1000)))
    else:
        parts.append('<p><img src="p{}.jpg" alt="{}"> <abbr title="Global Positioning System">GPS</abbr> {}</p>'.format(
            i, sentence(rng, 4), item(rng, i)))
    parts.append('</section>\n')
    return "".join(parts)


def markdown_section(rng, i):
    parts = ["## Section {} — {}\n\n".format(i, sentence(rng, 3))]
    parts.append("{} *{}* and **{}** near `{}`. {}.\n\n".format(
        sentence(rng, 8), item(rng, i), item(rng, i + 1), item(rng, i + 2), sentence(rng, 6)))
    r = rng.randrange(7)
    if r == 0:
        parts.append("> [!WARNING]\n> {} closed: {}.\n\n".format(sentence(rng, 2), sentence(rng, 5)))
    elif r == 1:
        parts.append("> Warning: {}.\n> {}.\n\n".format(sentence(rng, 7), sentence(rng, 4)))
    elif r == 2:
        parts.append("- {}\n- [x] {}\n- [{}](https://example.org/{})\n\n".format(
            sentence(rng, 3), item(rng, i), sentence(rng, 2), i))
    elif r == 3:
        parts.append("| Trail | Length |\n| :--- | ---: |\n| {} | {}.{} mi |\n| {} | {} mi |\n\n".format(
            sentence(rng, 2), rng.randrange(10), rng.randrange(10), sentence(rng, 1), rng.randrange(10)))
    elif r == 4:
        parts.append("Write to <desk{0}@example.org> or call [415-555-0{1:03d}](tel:+14155550{1:03d}).\n\n".format(
            i, rng.randrange(1000)))
    elif r == 5:
        parts.append("```sh\ntrail --day {} --from {}\n```\n\n".format(rng.randrange(7), item(rng, i)))
    else:
        parts.append("![{}](p{}.jpg) GPS ~~{}~~\n\n".format(sentence(rng, 4), i, item(rng, i)))
    return "".join(parts)


def text_paragraph(rng, i, density="dense"):
    pieces = []
    for k in range(6):
        if density == "brochure":
            # Ordinary prose between items: about one item per 700 bytes, as in a real brochure.
            for _ in range(rng.randrange(6, 12)):
                pieces.append(sentence(rng, rng.randrange(6, 14)) + ".")
        elif density == "mixed":
            # Two sentences between items: about 42,000 detections in 10 MB, the text issue 15
            # measured its starting figure on.
            for _ in range(2):
                pieces.append(sentence(rng, rng.randrange(6, 14)) + ".")
        else:
            pieces.append(sentence(rng, rng.randrange(2, 6)))
        pieces.append(item(rng, i * 7 + k))
    if rng.randrange(8) == 0:
        return "Warning: " + " ".join(pieces) + ".\n\n"
    return " ".join(pieces) + ".\n\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--format", choices=["html", "text", "markdown"], default="html")
    parser.add_argument("--size-mb", type=float, default=10.0, help="approximate output size in MB (10^6 bytes)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", default="-", help="output file (default: standard output)")
    parser.add_argument("--density", choices=["dense", "mixed", "brochure"], default="dense",
                        help="text: an item every ~45 bytes (dense, the benchmark's worst case), every ~240 "
                             "(mixed: issue 15's 10 MB text with 42,000 items) or every ~700 (brochure)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    target = int(args.size_mb * 1_000_000)
    out = sys.stdout.buffer if args.output == "-" else open(args.output, "wb")
    written = 0

    def write(s):
        nonlocal written
        b = s.encode("utf-8")
        out.write(b)
        written += len(b)

    if args.format == "html":
        write('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Generated brochure</title>'
              '<style>p{margin:0}</style></head><body><main>\n<h1>Generated brochure</h1>\n')
        i = 0
        while written < target:
            write(html_section(rng, i))
            i += 1
        write('</main></body></html>\n')
    elif args.format == "markdown":
        write("# Generated brochure\n\n")
        i = 0
        while written < target:
            write(markdown_section(rng, i))
            i += 1
    else:
        i = 0
        while written < target:
            write(text_paragraph(rng, i, args.density))
            i += 1
    if out is not sys.stdout.buffer:
        out.close()


if __name__ == "__main__":
    main()
