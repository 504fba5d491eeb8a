"""`cardbot build`: make, check or remove the optional mypyc-compiled copy of `engines/`.

The copy is made outside the source tree (`.compiled/` next to `engines/`, or
`$CARDBOT_BUILD_DIR`), with a manifest holding the hash of every `engines/**/*.py` it was built
from; bot/compiled.py checks that hash at start-up and uses the build only when it matches.
Compiled files are never written next to the sources (they would shadow the `.py` files there).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.compiled import (
    MANIFEST,
    PACKAGE,
    SOURCES,
    build_dir,
    check,
    ext_suffix,
    file_hashes,
    read_manifest,
    source_hash,
)

# Run in the build folder by `build()`: compile the files named on the command line with
# mypyc into one group, its C files compiled `jobs` at a time (the group is a single
# extension, whose sources setuptools would otherwise compile one after the other).
_SETUP = """
import sys
from concurrent.futures import ThreadPoolExecutor
from setuptools import setup
from distutils.ccompiler import CCompiler
from mypyc.build import mypycify

jobs, files = int(sys.argv[1]), sys.argv[2:]

def compile(self, sources, output_dir=None, macros=None, include_dirs=None, debug=0,
            extra_preargs=None, extra_postargs=None, depends=None):
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)
    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(one, objects))
    return objects

CCompiler.compile = compile
setup(
    name="cardbot_engines_compiled",
    ext_modules=mypycify(files, opt_level="3", multi_file=True),
    script_args=["build_ext", "--inplace"],
)
"""


class BuildError(Exception):
    """The build could not be made (no mypyc, no C compiler, a compile error)."""


def _compiler() -> str | None:
    import sysconfig

    command = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    return shutil.which(command.split()[0])


def can_build() -> str | None:
    """None when mypyc and a C compiler are at hand, else what is missing."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (pip install -e '.[dev]')"
    if _compiler() is None:
        return "no C compiler (gcc or cc) on PATH"
    return None


def copy_sources(where: Path) -> dict[str, str]:
    """Copy the `engines` package's sources into `where`; the hashes of the copies.

    The manifest describes the copies, so a source edited during the compile leaves the build
    stale rather than wrongly fresh.
    """
    shutil.copytree(SOURCES, where / PACKAGE, ignore=_only_sources)
    return file_hashes(where / PACKAGE)


def write_manifest(where: Path, hashes: dict[str, str], compiled: list[str]) -> dict[str, object]:
    """Write the manifest that makes `where` a build (the last step of a build)."""
    manifest: dict[str, object] = {
        "source_hash": source_hash(hashes),
        "files": hashes,
        "compiled": compiled,
        "ext_suffix": ext_suffix(),
        "python": sys.version.split()[0],
        "mypy": _mypy_version(),
    }
    (where / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def build(
    where: Path, only: Sequence[str] = (), jobs: int = 2, quiet: bool = False
) -> dict[str, object]:
    """Copy `engines/` into `where`, compile it there and write the manifest.

    `only` (paths under `engines/`, such as `cards.py`) compiles those modules alone, for
    tests: such a build runs only the games whose modules it all holds, since a Python
    class cannot subclass a compiled one (a game's `Game` subclass over a compiled `base`).

    The copy is made and compiled in a sibling folder and swapped in at the end, so a failed
    or interrupted build leaves the previous one (or none) and never a half-made one.
    """
    import subprocess

    missing = can_build()
    if missing is not None:
        raise BuildError(missing)
    where = where.resolve()
    where.parent.mkdir(parents=True, exist_ok=True)
    staging = where.parent / f"{where.name}.new-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        hashes = copy_sources(staging)
        names = sorted(hashes)
        if only:
            wanted = {f"{PACKAGE}/{name}" for name in only}
            unknown = wanted - set(names)
            if unknown:
                raise BuildError(f"no such engine module: {', '.join(sorted(unknown))}")
            names = sorted(wanted)
        # mypy would otherwise read the repository's pyproject.toml above a build in
        # `.compiled/`, whose per-module sections name modules it does not see from here
        (staging / "mypy.ini").write_text("[mypy]\n")
        proc = subprocess.run(
            [sys.executable, "-c", _SETUP, str(jobs), *names],
            cwd=staging,
            stdout=subprocess.PIPE if quiet else None,
            stderr=subprocess.STDOUT if quiet else None,
            text=True,
        )
        if proc.returncode != 0:
            tail = (proc.stdout or "")[-4000:]
            raise BuildError(f"mypyc failed (exit {proc.returncode}){': ' + tail if tail else ''}")
        suffix = ext_suffix()
        absent = [
            n for n in names if not (staging / n.removesuffix(".py")).with_suffix(suffix).exists()
        ]
        if absent:
            raise BuildError(f"no compiled module for {', '.join(absent)}")
        shutil.rmtree(staging / "build", ignore_errors=True)  # the C sources and objects
        (staging / "mypy.ini").unlink()
        manifest = write_manifest(staging, hashes, names)
        old = where.parent / f"{where.name}.old-{os.getpid()}"
        if where.exists():
            where.rename(old)
        staging.rename(where)
        shutil.rmtree(old, ignore_errors=True)
        return manifest
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _only_sources(folder: str, names: list[str]) -> list[str]:
    return [
        name
        for name in names
        if name == "__pycache__"
        or (not name.endswith(".py") and not os.path.isdir(os.path.join(folder, name)))
    ]


def _mypy_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("mypy")
    except metadata.PackageNotFoundError:
        return "?"


def main(args: argparse.Namespace) -> int:
    """Build, check or remove the compiled engines."""
    where = Path(args.dir).resolve() if args.dir else build_dir()
    if where.exists() and not where.is_dir():
        print(f"cardbot build: {where} is a file: --dir takes a folder.", file=sys.stderr)
        return 2
    if args.clean:
        if not where.exists():
            print(f"nothing to remove: {where} does not exist")
            return 0
        try:
            shutil.rmtree(where)
        except OSError as error:
            print(f"cardbot build: could not remove {where}: {error.strerror}.", file=sys.stderr)
            return 1
        print(f"removed {where}")
        return 0
    if args.status:
        reason = check(where)
        manifest = read_manifest(where) or {}
        if reason is None:
            print(
                f"{where}: compiled (mypyc) build of {str(manifest.get('source_hash'))[:12]}, up to date"
            )
        else:
            print(f"{where}: {reason}; the engines run as pure Python")
        return 0 if reason is None else 1
    if not args.force and check(where) is None:
        print(f"{where}: up to date")
        return 0
    print(f"compiling engines/ with mypyc into {where} (minutes)...", flush=True)
    try:
        manifest = build(where, jobs=args.jobs)
    except BuildError as error:
        print(f"cardbot build: {error}", file=sys.stderr)
        return 1
    compiled = manifest["compiled"]
    print(
        f"{where}: compiled (mypyc) build of {str(manifest['source_hash'])[:12]}, "
        f"{len(compiled) if isinstance(compiled, list) else '?'} modules"
    )
    return 0
