#!/usr/bin/env bash
# TextRotor's fuzzing (docs/FUZZING.md): libFuzzer targets in Fuzz/, built with -sanitize=fuzzer,address.
#
#   tools/fuzz.sh build                          build every target (release, fuzzer + address sanitizer)
#   tools/fuzz.sh run TARGET|all [--runs N] [--seconds S] [-- LIBFUZZER_FLAGS…]
#                                                fuzz one target or each in turn (one at a time, niced)
#   tools/fuzz.sh perf TARGET|all                performance fuzz: time per byte of every corpus input
#                                                (release build, no sanitizer); > 100× the median is a finding
#   tools/fuzz.sh repro TARGET FILE…             run inputs once (a finding, a seed) and show the message
#   tools/fuzz.sh totals                         executions per target and in total, from the run log
#   tools/fuzz.sh list                           the targets
#
# Persistent state (not in git): .build-fuzz/corpus/TARGET (the growing corpus), .build-fuzz/findings/TARGET
# (crash-*, timeout-*, oom-*, slow-unit-* written by libFuzzer), .build-fuzz/runs.tsv (one line per run).
# Committed seeds: corpus/ and Fuzz/findings/ (minimized findings, re-run on every run), with a dictionary
# per target family in Fuzz/dictionaries/. Defaults: --runs 100000 when neither --runs nor --seconds is given.
# Exit status of run: 1 when any target wrote a crash, timeout, oom or leak artifact in this run (for CI).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build-fuzz
# TEXTROTOR_FUZZ_SANITIZERS=fuzzer builds and runs the targets without AddressSanitizer (about 3x the
# executions a second, for long runs of the invariant checks; memory errors are then not caught).
sanitizers=${TEXTROTOR_FUZZ_SANITIZERS:-fuzzer,address}
case $sanitizers in
  fuzzer,address) bin=$state/build/release ;;
  fuzzer) bin=$state/build-noasan/release ;;
  *) echo "fuzz.sh: TEXTROTOR_FUZZ_SANITIZERS is fuzzer,address (the default) or fuzzer" >&2; exit 2 ;;
esac
targets=(html xml text email link phone alert speech rotor zip epub opf markdown state preview audit braille)
# A crashing Swift program with its output on a pipe can hang in the backtracer (DESIGN.md, fact 3).
export SWIFT_BACKTRACE=enable=no
# Open findings in code we do not own: reported once per run instead of stopping the target.
TEXTROTOR_FUZZ_KNOWN=$( (grep -v '^#' "$root/Fuzz/findings/KNOWN" 2>/dev/null || true) | cut -f1 | paste -sd, -)
export TEXTROTOR_FUZZ_KNOWN

max_len() {  # bytes per input: markup targets get room for structure, detectors less (they are fast anyway)
  case $1 in
    html|xml|text|markdown) echo 16384 ;;
    audit) echo 4096 ;;  # every rule, and the preview when short: small inputs keep the rate up
    email|link|phone) echo 4096 ;;
    alert|rotor) echo 8192 ;;
    preview) echo 2048 ;;  # detection, audit, speech and the page for every input
    state) echo 4096 ;;  # a state file with a few bookmarks
    braille) echo 512 ;;  # translated twice (whole and in windows of 64–135 characters): short keeps the rate up
    speech) echo 4096 ;;
    opf) echo 16384 ;;  # a package document, then a chapter after a NUL
    zip|epub) echo 65536 ;;  # a container with a few entries  # rendering is the slowest stage; short inputs keep the rate up
  esac
}
dictionary() {
  case $1 in
    html|xml|alert|speech|rotor|preview|audit|braille|opf) echo "$root/Fuzz/dictionaries/markup.dict" ;;
    markdown) echo "$root/Fuzz/dictionaries/markdown.dict" ;;
    state) echo "$root/Fuzz/dictionaries/state.dict" ;;
    *) echo "$root/Fuzz/dictionaries/text.dict" ;;
  esac
}
check_target() {
  local t
  for t in "${targets[@]}"; do [ "$t" = "$1" ] && return 0; done
  echo "fuzz.sh: unknown target '$1' (targets: ${targets[*]})" >&2
  exit 2
}

build() {
  echo "== building fuzz targets (release, -sanitize=$sanitizers)" >&2
  # The build's own status counts: a failed build must not leave stale binaries to be fuzzed.
  set +e
  # One product at a time: the fuzz targets only (TEXTROTOR_FUZZ=1 declares them in Package.swift); the
  # CLI and the other executables have a `main` of their own and must not meet libFuzzer's.
  local t built=0
  for t in "${targets[@]}"; do
    TEXTROTOR_FUZZ=1 nice swift build -c release --scratch-path "${bin%/release}" --product "fuzz-$t" \
      -Xswiftc -sanitize="$sanitizers" -Xswiftc -parse-as-library 2>&1 \
      | grep -E "error|warning: |Compiling|Linking" | grep -v -e ImplementationOnly -e "Cannot export local symbol" >&2
    [ "${PIPESTATUS[0]}" -eq 0 ] || built=1
  done
  set -e
  [ "$built" -eq 0 ] || { echo "fuzz.sh: the fuzz targets did not build (swift build exit $built)" >&2; exit 1; }
  for t in "${targets[@]}"; do [ -x "$bin/fuzz-$t" ] || { echo "fuzz.sh: fuzz-$t did not build" >&2; exit 1; }; done
}

run_one() {  # target, libFuzzer flags…
  local t=$1; shift
  local corpus=$state/corpus/$t findings=$state/findings/$t log=$state/logs/$t-$(date -u +%Y%m%dT%H%M%S).log
  mkdir -p "$corpus" "$findings" "$state/logs"
  local before after seconds start
  before=$(find "$findings" -type f | wc -l)
  start=$(date +%s)
  set +e
  # -timeout: an input that takes 10 s is a finding (timeout-*); -report_slow_units: one over 2 s is
  # written as slow-unit-* for the performance fuzz; -rss_limit_mb: an input that needs 2 GB is oom-*.
  local seeds=()
  [ -d "$root/Fuzz/seeds/$t" ] && seeds=("$root/Fuzz/seeds/$t")  # the container targets' small books
  nice "$bin/fuzz-$t" "$corpus" "${seeds[@]}" "$root/corpus" "$root/Fuzz/findings" \
    -max_len="$(max_len "$t")" -dict="$(dictionary "$t")" -timeout=10 -report_slow_units=2 -rss_limit_mb=2048 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$@" >"$log" 2>&1
  local status=$?
  set -e
  seconds=$(( $(date +%s) - start ))
  local runs
  runs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  runs=${runs:-0}
  after=$(find "$findings" -type f | wc -l)
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$runs" "$seconds" "$((after - before))" "$status" >>"$state/runs.tsv"
  printf '%-7s %10s executions in %5ss  new findings: %s  (exit %s; log %s)\n' \
    "$t" "$runs" "$seconds" "$((after - before))" "$status" "${log#$root/}"
  grep -h '^KNOWN-OPEN' "$log" | sort -u | sed 's/^/    /' || true
  if [ "$after" -gt "$before" ]; then
    grep -E "Fatal error|ERROR: AddressSanitizer|ERROR: libFuzzer|SUMMARY|Slow unit|written to" "$log" | head -8 | sed 's/^/    /'
  fi
  # A crash, invariant failure, timeout, out-of-memory or leak fails the run (after every target ran);
  # slow-unit-* files are left to `perf`, which measures them without the sanitizer.
  local failures
  failures=$(find "$findings" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) \
    -newermt "@$start" | wc -l)
  [ "$failures" -eq 0 ]
}

run() {
  local which=$1; shift
  local flags=() extra=() have_budget=0
  while [ $# -gt 0 ]; do
    case $1 in
      --runs) flags+=("-runs=$2"); have_budget=1; shift 2 ;;
      --seconds) flags+=("-max_total_time=$2"); have_budget=1; shift 2 ;;
      --) shift; extra=("$@"); break ;;
      *) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    esac
  done
  [ $have_budget = 1 ] || flags+=("-runs=100000")
  [ -x "$bin/fuzz-html" ] || build
  local list=("${targets[@]}")
  [ "$which" = all ] || { check_target "$which"; list=("$which"); }
  local failed=0
  for t in "${list[@]}"; do run_one "$t" "${flags[@]}" "${extra[@]}" || failed=1; done
  return $failed
}

perf() {  # performance fuzz over the corpus of one target (or all), with the release CLI pipeline
  local which=$1
  echo "== building textrotor-bench (release)" >&2
  nice swift build -c release --product textrotor-bench 2>&1 | grep -E "error" >&2 || true
  local list=("${targets[@]}")
  [ "$which" = all ] || { check_target "$which"; list=("$which"); }
  local status=0
  for t in "${list[@]}"; do
    local format
    case $t in html|alert|speech|rotor|audit) format=html ;; xml) format=xml ;; *) format=text ;; esac
    local files=()
    while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$state/corpus/$t" "$root/corpus" "$state/findings/$t" \
      -type f ! -name '*.md' -print0 2>/dev/null)
    echo "== perf $t: ${#files[@]} inputs read as $format, then detected, indexed and spoken"
    # Batches keep the argument list short; the bench prints one line per file and a summary per batch,
    # so the median is recomputed over all of them below.
    local out=$state/perf-$t.tsv
    : >"$out"
    local i
    for ((i = 0; i < ${#files[@]}; i += 500)); do
      timeout 600 nice .build/release/textrotor-bench perf "$format" "${files[@]:i:500}" | grep '^perf_' >>"$out" || true
    done
    python3 - "$out" <<'PY' || status=1
import statistics, sys
lines = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
refused = sum(1 for r in lines if r[0] == "perf_refused")
rows = [(float(r[1]), int(r[2]), float(r[3]), r[4]) for r in lines if r[0] == "perf_input"]  # ns/byte, bytes, s, file
if not rows:
    print("  no inputs"); sys.exit(0)
median = statistics.median(r[0] for r in rows)
worst = sorted(rows, reverse=True)[:3]
flagged = [r for r in rows if r[0] > 100 * median]
print(f"  {len(rows)} inputs ({refused} refused by the reader, not timed), median {median:.1f} ns/byte; slowest: " +
      ", ".join(f"{r[0]:.0f} ns/byte ({r[1]} bytes, {r[3].rsplit('/', 1)[-1]})" for r in worst))
for r in flagged:
    print(f"  FINDING: {r[0] / median:.0f}x the median time per byte: {r[3]} ({r[1]} bytes, {r[2]:.4f} s)")
sys.exit(1 if flagged else 0)
PY
  done
  return $status
}

repro() {
  local t=$1; shift
  check_target "$t"
  [ -x "$bin/fuzz-$t" ] || build
  local f
  for f in "$@"; do
    echo "== $f"
    timeout 120 "$bin/fuzz-$t" -runs=1 "$f" 2>&1 | grep -E "Fatal error|ERROR:|SUMMARY|KNOWN-OPEN|Executed" | head -8 || true
  done
}

totals() {
  [ -s "$state/runs.tsv" ] || { echo "no runs yet"; return; }
  awk -F'\t' '{ runs[$2] += $3; secs[$2] += $4; found[$2] += $5 }
    END { for (t in runs) printf "%-7s %12d executions %8d s  artifacts %d\n", t, runs[t], secs[t], found[t] }' \
    "$state/runs.tsv" | sort
  awk -F'\t' '{ total += $3; secs += $4 } END { printf "%-7s %12d executions %8d s\n", "total", total, secs }' "$state/runs.tsv"
}

case ${1:-} in
  build) build ;;
  run) shift; run "${1:-all}" "${@:2}" ;;
  perf) shift; perf "${1:-all}" ;;
  repro) shift; repro "$@" ;;
  totals) totals ;;
  list) printf '%s\n' "${targets[@]}" ;;
  *) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
