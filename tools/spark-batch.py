#!/usr/bin/env python3
"""Run `textrotor batch` as a Spark mapper through RDD.pipe (pyspark, local mode), and compare its
results with one `textrotor batch` process over the same input.

    python3 tools/generate_batch.py --count 10000 --seed 1 -o /tmp/b10k.jsonl
    python3 tools/spark-batch.py /tmp/b10k.jsonl --partitions 8 --binary .build/release/textrotor

Each partition of the input lines is piped through one `textrotor batch --jobs 1` process (Spark
runs partitions in parallel, one per core: local[*]); batch writes one result line per input line
in order, so a partition's output lines pair with its input lines. A result's `line` is its number
within the partition's stream, so the comparison leaves `line` out and matches everything else, in
order. RDD.pipe's default checkCode=False keeps a partition whose batch exited 1 (some line failed):
the failed lines are error objects among the results, as with one process.

Prints the counts, the time of each run, and "same results" or the first difference; exit status 1
on a difference. Hadoop Streaming works the same way: `-mapper "textrotor batch --jobs 1"`.
"""
import argparse
import json
import os
import subprocess
import sys
import time


def without_line(text):
    result = json.loads(text)
    result.pop("line", None)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input", help="JSON Lines requests (tools/generate_batch.py)")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--binary", default=".build/release/textrotor")
    parser.add_argument("--master", default="local[*]")
    parser.add_argument(
        "--root",
        help='the folder "path" requests read from, the same on every executor (batch --root; without it '
        'every "path" request is refused and only "content" requests are served)',
    )
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    # RDD.pipe splits its command on whitespace: a root with a space in its name cannot be passed.
    root = ["--root", os.path.abspath(args.root)] if args.root else []

    from pyspark import SparkConf, SparkContext  # imported here so that --help works without pyspark

    started = time.time()
    reference = subprocess.run([binary, "batch", *root], stdin=open(args.input, "rb"), capture_output=True)
    single_seconds = time.time() - started
    expected = [without_line(line) for line in reference.stdout.decode().splitlines()]

    conf = SparkConf().setMaster(args.master).setAppName("textrotor-batch").set("spark.ui.enabled", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    try:
        started = time.time()
        lines = sc.textFile(os.path.abspath(args.input), minPartitions=args.partitions)
        results = lines.pipe(" ".join([binary, "batch", "--jobs", "1", *root]), env={"SWIFT_BACKTRACE": "enable=no"}).collect()
        spark_seconds = time.time() - started
        partitions = lines.getNumPartitions()
    finally:
        sc.stop()
    actual = [without_line(line) for line in results]

    inputs = sum(1 for _ in open(args.input, "rb"))
    failed = sum("error" in result for result in actual)
    print(f"input lines: {inputs}; Spark results: {len(actual)} in {partitions} partitions "
          f"({spark_seconds:.1f} s, master {args.master}); one batch process: {len(expected)} "
          f"({single_seconds:.1f} s, exit {reference.returncode}); error results: {failed}")
    if actual == expected and len(actual) == inputs:
        print("same results")
        return 0
    for index, (a, e) in enumerate(zip(actual, expected)):
        if a != e:
            print(f"first difference at line {index + 1}:\n spark: {json.dumps(a)[:300]}\n batch: {json.dumps(e)[:300]}")
            break
    else:
        print(f"different counts: {len(actual)} vs {len(expected)} (input {inputs})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
