import os
import sys
from pathlib import Path

# The package from this checkout, not an installed copy (unless TEXTROTOR_TEST_INSTALLED is set).
if not os.environ.get("TEXTROTOR_TEST_INSTALLED"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

REPOSITORY = Path(__file__).resolve().parents[3]
