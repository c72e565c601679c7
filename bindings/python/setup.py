"""Copies the repository's built libTextRotorC.so into the package when there is one, so that an
installed package finds it next to itself (textrotor/_native.py says where else it looks).

The newer of ../../.build/release and ../../.build/debug wins; with neither, the package is
installed without the library and looks for it at run time (TEXTROTOR_LIBRARY, the build directory).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
NAME = "libTextRotorC.so"


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        builds = [HERE.parent.parent / ".build" / config / NAME for config in ("release", "debug")]
        builds = [path for path in builds if path.is_file()]
        if builds:
            newest = max(builds, key=lambda path: path.stat().st_mtime)
            target = Path(self.build_lib) / "textrotor" / NAME
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(newest, target)
            print(f"textrotor: bundled {newest}")
        else:
            print("textrotor: no built libTextRotorC.so found; set TEXTROTOR_LIBRARY at run time")


setup(cmdclass={"build_py": BuildWithLibrary})
