"""Builds the optional compiled fast lane (server/fastlane/*.pyx, games/_values.pyx, games/_memo.pyx); everything else is in pyproject.toml.

Without a C compiler (or without Cython) the install still succeeds: the
extension is skipped with one message, and the hub runs the fast lane's
pure-Python twin (server/fastlane/pure.py), which does the same work.  A
module that alone cannot be built (a missing header, a Cython error in its
``.pyx``) is skipped alone, with one message naming it.  tests/test_build.py
builds wheels all three ways.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOTE = ("pizzanight: the compiled fast lane was not built ({why}); "
        "the hub runs its pure-Python twin (same behaviour, more CPU per frame)")
#: When only some modules could not be built (a missing header, a Cython error in one .pyx).
PART_NOTE = ("pizzanight: {names} of the compiled fast lane not built ({why}); "
             "the hub runs the pure-Python twins in their place (server/fastlane logs which at start)")


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: a compiler error leaves the pure-Python twins in charge."""

    def run(self) -> None:
        # modules Cython could not translate (setup.py is read several times per build: said here, once)
        self._failed: list[str] = [why for _, why in UNTRANSLATED]
        self._skipped = [name for name, _ in UNTRANSLATED]
        try:
            super().run()
        except Exception as exc:  # no compiler at all (distutils' PlatformError and friends)
            self._failed.append(_first_line(exc))
            self._skipped += [ext.name for ext in self.extensions if ext.name not in self._skipped]
        if self._failed:  # one message for the whole build
            skipped = self._skipped
            if len(skipped) >= len(self.extensions) + len(UNTRANSLATED):
                print(NOTE.format(why=self._failed[0]), file=sys.stderr)
            else:
                print(PART_NOTE.format(names=", ".join(skipped), why=self._failed[0]), file=sys.stderr)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # the compiler ran and failed (CompileError, LinkError)
            self._failed.append(_first_line(exc))
            self._skipped.append(ext.name)

    def _built(self) -> list[Extension]:
        skipped = set(getattr(self, "_skipped", ()))
        return [ext for ext in self.extensions if ext.name not in skipped]

    def copy_extensions_to_source(self) -> None:  # editable installs: copy only what was built
        every, self.extensions = self.extensions, self._built()
        try:
            super().copy_extensions_to_source()
        finally:
            self.extensions = every

    def get_outputs(self) -> list[str]:
        every, self.extensions = self.extensions, self._built()
        try:
            return super().get_outputs()
        finally:
            self.extensions = every

    def get_output_mapping(self) -> dict[str, str]:
        every, self.extensions = self.extensions, self._built()
        try:
            return super().get_output_mapping()
        finally:
            self.extensions = every


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return (text.splitlines()[0][:160] if text else type(exc).__name__)


#: Linux: no debugging symbols in the shared objects (a wheel of 0.1 MB rather than 2 MB).
STRIP = ["-s"] if sys.platform == "linux" else []


def extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:  # Cython is in [build-system].requires; only a build without isolation may lack it
        print(NOTE.format(why="Cython is not installed"), file=sys.stderr)
        return []
    wanted = (
        [Extension(f"server.fastlane.{name}", [f"server/fastlane/{name}.pyx"], extra_link_args=STRIP)
         for name in ("_lane", "_diff", "_wire", "_outbox", "_delivery", "_views", "_inbound", "_turn", "_inputs")]
        # the games' copy of a frozen value with some fields changed (games/values.py is its twin)
        + [Extension("games._values", ["games/_values.pyx"], extra_link_args=STRIP)]
        # the games' caches by the inputs' identities (games/memo.py's SameInputs is its twin)
        + [Extension("games._memo", ["games/_memo.pyx"], extra_link_args=STRIP)]
        # the embedded store's append lane, on SQLite's C API (sqlite3.h: Debian's libsqlite3-dev); when it
        # cannot be built the store's Python writer does its work (server/store/embedded.py)
        + [Extension("server.fastlane._appender", ["server/fastlane/_appender.pyx"], libraries=["sqlite3"],
                     extra_link_args=STRIP)]
    )
    # One module at a time: a Cython error in one .pyx skips that module (its twin does its work),
    # never the whole install.
    built = []
    for extension in wanted:
        try:
            built += cythonize([extension], compiler_directives={"language_level": "3"}, quiet=True)
        except Exception as exc:  # Cython.Compiler.Errors.CompileError and friends
            UNTRANSLATED.append((extension.name, f"Cython could not translate {_first_line(exc)}"))
    return built


#: (module, why) of the modules Cython could not translate; ``OptionalBuildExt.run`` says so.
UNTRANSLATED: list[tuple[str, str]] = []


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
    # the C that Cython writes next to the .pyx is a build step's output, not part of the package
    exclude_package_data={"server.fastlane": ["*.c", "*.pyx", "*.pxd"], "games": ["*.c", "*.pyx", "*.pxd"]},
)
