#!/usr/bin/env bash
# Linear-time benchmark (issue 9, "Done when"): builds adversarial inputs at size N and 2N, runs the
# release CLI on each the way a user does (`textrotor parse --format json`, `parse --format text` (the
# reading view), `detect --format jsonl`, `speak --format text`, whole process, output to /dev/null) and prints the time ratio t(2N)/t(N).
# About 2 is linear; a ratio over 3 is flagged NONLINEAR. Every run has a timeout, so the script ends
# even where a path is quadratic today; "timeout" rows say so.
#
#   tools/linear-time.sh [--timeout S] [--only REGEX] [--commands parse,detect,speak] [--scale F] [--no-build]
#                        [--cpu] [--best N]
#
#   --timeout S     per run (default 60 s); when the N run times out the 2N run is skipped
#   --only REGEX    inputs whose name matches (e.g. --only 'flags|links')
#   --commands      which CLI commands (default parse,text,detect,speak; text = parse --format text)
#   --scale F       multiply every size by F (0.1 for a quick look; sizes below are for F = 1)
#   --no-build      use the existing .build/release/textrotor
#   --cpu           time = the child's user + system CPU, not wall (steadier on a shared, busy machine)
#   --best N        the shortest of N runs at each size (default 1)
#
# Inputs (N; 2N is twice the count): flags-text (1 MB of regional-indicator flags), flags-html (the same
# in a <p>), links-html (500,000 links in one paragraph), attributes-html (one element with 100,000
# attributes), nesting-html (100,000 nested <div>), long-line-text (5 MB line without spaces),
# phone-line-text (20,000 national phone numbers on one line),
# alerts-html (50,000 role=alert blocks), nul-text (1 MB, every other byte NUL), combining-text (1 MB of
# words of 200 combining marks), one long HTML token of 10 MB (issue 42: comment-html, attribute-html
# (one attribute value), text-node-html; --scale 2 runs them from 20 to 40 MB), short-lines-text (10 MB
# of lines "Call 415-555-NNNN now", no blank line; --scale 2 for 20/40 MB), and corpus documents
# repeated to 5 MB: brochure-html, checklist-text, notes-xml. Generated inputs are cached in
# ${LINEAR_DIR:-/tmp/textrotor-linear}.
set -euo pipefail
cd "$(dirname "$0")/.."
timeout_s=60 only=. commands=parse,text,detect,speak scale=1 build=1 cpu=0 best=1
while [ $# -gt 0 ]; do
  case $1 in
    --timeout) timeout_s=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --commands) commands=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --cpu) cpu=1; shift ;;
    --best) best=$2; shift 2 ;;
    *) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
if [ $build = 1 ]; then
  echo "== building textrotor (release)" >&2
  nice swift build -c release --product textrotor 2>&1 | grep -E "error" >&2 || true
fi
[ -x .build/release/textrotor ] || { echo "linear-time.sh: no .build/release/textrotor" >&2; exit 1; }
export SWIFT_BACKTRACE=enable=no
exec python3 - "$timeout_s" "$only" "$commands" "$scale" "${LINEAR_DIR:-/tmp/textrotor-linear}" "$cpu" "$best" <<'PY'
import os, re, resource, subprocess, sys, time

timeout_s, only, commands, scale, work = float(sys.argv[1]), sys.argv[2], sys.argv[3].split(","), float(sys.argv[4]), sys.argv[5]
use_cpu, best = sys.argv[6] == "1", int(sys.argv[7])
os.makedirs(work, exist_ok=True)
cli = os.path.abspath(".build/release/textrotor")
flag = "\U0001F1FA\U0001F1F8".encode()  # 🇺🇸, 8 bytes

def repeat_to(chunk, size):
    return (chunk * (size // len(chunk) + 1))[:size - size % len(chunk)] if len(chunk) <= size else chunk

def corpus(name):
    return open(os.path.join("corpus", name), "rb").read()

def brochure(n_bytes):  # the brochure's body repeated inside one document
    src = corpus("park-trip-brochure.html")
    body = src[src.index(b"<body"):src.rindex(b"</body>")]
    body = body[body.index(b">") + 1:]
    head = src[:src.index(b"<body")] + b"<body>"
    return head + repeat_to(body, n_bytes) + b"</body></html>"

def notes(n_bytes):  # the note's children repeated inside one root
    src = corpus("budget-app-notes.xml")
    start = src.index(b"<note")
    inner = src[src.index(b">", start) + 1:src.rindex(b"</note>")]
    return b'<?xml version="1.0" encoding="UTF-8"?>\n<note xml:lang="en">' + repeat_to(inner, n_bytes) + b"</note>\n"

MB = 1_000_000
# name, extension, size unit N (an integer count), builder(count) -> bytes
inputs = [
    ("flags-text", "txt", MB // 8, lambda n: flag * n),
    ("flags-html", "html", MB // 8, lambda n: b"<!DOCTYPE html><html><body><p>" + flag * n + b"</p></body></html>"),
    ("links-html", "html", 500_000, lambda n: b"<!DOCTYPE html><html><body><p>" + b"".join(
        b'<a href="https://example.org/%d">link %d</a> ' % (i, i) for i in range(n)) + b"</p></body></html>"),
    ("attributes-html", "html", 100_000, lambda n: b"<!DOCTYPE html><html><body><p " + b" ".join(
        b'a%d="v"' % i for i in range(n)) + b">text</p></body></html>"),
    ("nesting-html", "html", 100_000, lambda n: b"<!DOCTYPE html><html><body>" + b"<div>" * n + b"deep text"
        + b"</div>" * n + b"<p>after</p></body></html>"),
    ("long-line-text", "txt", 5 * MB // 10, lambda n: b"abcd.efgh-" * n),
    # National numbers on one long line: each number's line was scanned anew (quadratic).
    ("phone-line-text", "txt", 20_000, lambda n: b" ".join(
        b"Call the desk at (%d) %d-%04d today." % (212 + i % 500, 200 + i % 700, i % 10000) for i in range(n))),
    ("alerts-html", "html", 50_000, lambda n: b"<!DOCTYPE html><html><body>" + b"".join(
        b'<div role="alert">Warning: trail %d is closed.</div>\n' % i for i in range(n)) + b"</body></html>"),
    ("nul-text", "txt", MB // 2, lambda n: b"a\0" * n),
    ("combining-text", "txt", MB // 402, lambda n: (b"e" + "\u0301".encode() * 200 + b" ") * n),
    # One token libxml2 2.9's HTML push parser searched for its end at every chunk (quadratic).
    ("comment-html", "html", 10 * MB, lambda n: b"<p>x<!-- " + b"a" * n + b" --> y</p>"),
    ("attribute-html", "html", 10 * MB, lambda n: b'<p title="' + b"a" * n + b'">x y</p>'),
    ("text-node-html", "html", 10 * MB, lambda n: b"<p>" + b"a" * n + b"</p>"),
    ("brochure-html", "html", 5 * MB, brochure),
    ("checklist-text", "txt", 5 * MB, lambda n: repeat_to(corpus("hiking-checklist.txt"), n)),
    ("notes-xml", "xml", 5 * MB, notes),
    # Short lines in one paragraph (no blank line): each was handed to CLD2 with the 4 KiB before it (issue 42).
    ("short-lines-text", "txt", 10 * MB // 22, lambda n: b"".join(b"Call 415-555-%04d now\n" % (i % 10000) for i in range(n))),
]
argv = {"parse": ["parse", "--format", "json"], "text": ["parse", "--format", "text"], "detect": ["detect", "--format", "jsonl"], "speak": ["speak", "--format", "text"]}

def build(name, ext, n, make, factor):
    path = os.path.join(work, f"{name}-{factor}x-{scale:g}.{ext}")
    if not os.path.exists(path):
        data = make(max(1, int(n * scale)) * factor)
        with open(path + ".tmp", "wb") as out:
            out.write(data)
        os.replace(path + ".tmp", path)
    return path

def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime

def run(command, path):
    elapsed = None
    for _ in range(best):
        start, start_cpu = time.monotonic(), children_cpu()
        try:
            done = subprocess.run([cli] + argv[command][:1] + [path] + argv[command][1:], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            return None, "timeout"
        this = children_cpu() - start_cpu if use_cpu else time.monotonic() - start
        elapsed = this if elapsed is None else min(elapsed, this)
    note = "" if done.returncode == 0 else f"exit {done.returncode}: " + done.stderr.decode(errors="replace").strip().splitlines()[-1][:70] if done.stderr.strip() else f"exit {done.returncode}"
    return elapsed, note

print(f"{'input':<16} {'command':<7} {'N bytes':>10} {'t(N) s':>8} {'t(2N) s':>8} {'ratio':>6}  verdict")
flagged = 0
for name, ext, n, make in inputs:
    if not re.search(only, name):
        continue
    small, large = build(name, ext, n, make, 1), build(name, ext, n, make, 2)
    size = os.path.getsize(small)
    for command in commands:
        t1, note1 = run(command, small)
        if t1 is None:
            print(f"{name:<16} {command:<7} {size:>10} {'>' + format(timeout_s, 'g'):>8} {'skipped':>8} {'':>6}  TIMEOUT at N")
            flagged += 1
            continue
        t2, note2 = run(command, large)
        if t2 is None:
            ratio = f">{timeout_s / max(t1, 1e-3):.0f}"
            print(f"{name:<16} {command:<7} {size:>10} {t1:>8.3f} {'>' + format(timeout_s, 'g'):>8} {ratio:>6}  NONLINEAR (2N timed out) {note1}")
            flagged += 1
            continue
        ratio = t2 / max(t1, 1e-3)
        verdict = "NONLINEAR" if ratio > 3 and t2 > 0.2 else "ok"
        flagged += verdict != "ok"
        print(f"{name:<16} {command:<7} {size:>10} {t1:>8.3f} {t2:>8.3f} {ratio:>6.2f}  {verdict} {note1 or note2}".rstrip())
        sys.stdout.flush()
print(f"{flagged} flagged (ratio > 3 with t(2N) > 0.2 s, or a timeout); timeout {timeout_s:g} s per run, scale {scale:g}; "
      f"{'CPU' if use_cpu else 'wall'} seconds, best of {best}")
sys.exit(1 if flagged else 0)
PY
