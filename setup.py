"""Builds the optional compiled fast lane (server/fastlane/*.pyx); everything else is in pyproject.toml.

Without a C compiler (or without Cython) the install still succeeds: the
extension is skipped with one message, and the hub runs the fast lane's
pure-Python twin (server/fastlane/pure.py), which does the same work.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOTE = ("pizzanight: the compiled websocket fast lane was not built ({why}); "
        "the hub runs its pure-Python twin (same behaviour, more CPU per frame)")


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: a compiler error leaves the pure-Python twin in charge."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all (distutils' PlatformError and friends)
            self._skip(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # the compiler ran and failed (CompileError, LinkError)
            self._skip(exc)

    def _skip(self, exc: Exception) -> None:
        why = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        print(NOTE.format(why=why), file=sys.stderr)


def extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:  # Cython is in [build-system].requires; only a build without isolation may lack it
        print(NOTE.format(why="Cython is not installed"), file=sys.stderr)
        return []
    return cythonize(
        [Extension(f"server.fastlane.{name}", [f"server/fastlane/{name}.pyx"]) for name in ("_lane", "_diff")],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
