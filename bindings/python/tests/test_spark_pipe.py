"""`textrotor batch` as a Spark mapper (RDD.pipe, local mode): tools/spark-batch.py over generated
documents must report the same results as one `batch` process. A recorded skip where pyspark or
Java is absent (docs/SCALE.md has the 10,000-document run)."""

import importlib.util
import shutil
import subprocess
import sys

import pytest

from conftest import REPOSITORY
from test_textrotor import cli_binary

pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("pyspark") is None, reason="pyspark is not installed (pip install pyspark)"),
    pytest.mark.skipif(shutil.which("java") is None, reason="Java is not installed (apt-get install default-jre-headless)"),
]


def test_spark_pipe_gives_the_same_results_as_batch(tmp_path):
    requests = tmp_path / "requests.jsonl"
    subprocess.run(
        [sys.executable, str(REPOSITORY / "tools" / "generate_batch.py"), "--count", "300", "--seed", "7", "-o",
         str(requests)],
        check=True,
    )
    with open(requests, "a") as file:
        file.write("not json\n")  # an error line travels through Spark like any other
    result = subprocess.run(
        [sys.executable, str(REPOSITORY / "tools" / "spark-batch.py"), str(requests), "--partitions", "3",
         "--binary", str(cli_binary()), "--master", "local[2]"],
        capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "same results" in result.stdout
    assert "input lines: 301; Spark results: 301 in 3 partitions" in result.stdout
    assert "error results: 1" in result.stdout
