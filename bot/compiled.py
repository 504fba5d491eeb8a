"""Which engines run: the optional mypyc-compiled copy of `engines/`, used only when it matches.

The build (made by `cardbot build`, bot/tools/build.py) lives outside the source tree
(`.compiled/` next to `engines/`, or `$CARDBOT_BUILD_DIR`): a copy of the `engines` package
compiled there, with a manifest holding the hash of every `engines/**/*.py` it was built from.
At start-up the CLI puts it first on `sys.path` only when that hash matches the sources as they
are now, so an edit never runs against a stale compiled module; otherwise the engines run as
pure Python. This is the product's half (checking and loading a build); making one is a tool's.

This module imports only the standard library: it runs before anything imports `engines`.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

LOGGER = "cardbot.build"

MANIFEST = "manifest.json"
PACKAGE = "engines"
SOURCES = Path(__file__).resolve().parent.parent / PACKAGE
"""The `engines` package the build is made from and checked against."""

_state = {"reason": "not checked (the CLI checks at start)", "dir": ""}


def build_dir() -> Path:
    """Where the build is: `$CARDBOT_BUILD_DIR`, else `.compiled/` beside `engines/`."""
    named = os.environ.get("CARDBOT_BUILD_DIR")
    return Path(named).resolve() if named else SOURCES.parent / ".compiled"


def source_files(package: Path) -> list[Path]:
    """Every Python source of the package, in a stable order."""
    return sorted(
        path
        for path in package.rglob("*.py")
        if "__pycache__" not in path.relative_to(package).parts
    )


def file_hashes(package: Path) -> dict[str, str]:
    """sha256 of each source, by its path relative to the package's parent (`engines/...`)."""
    return {
        path.relative_to(package.parent).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in source_files(package)
    }


def source_hash(hashes: dict[str, str]) -> str:
    """One hash of the whole set: every file's path and content hash."""
    digest = hashlib.sha256()
    for name in sorted(hashes):
        digest.update(f"{name}\0{hashes[name]}\n".encode())
    return digest.hexdigest()


def ext_suffix() -> str:
    """The suffix of this interpreter's own extension modules (a build is made for one)."""
    return EXTENSION_SUFFIXES[0]


def read_manifest(where: Path) -> dict[str, object] | None:
    """The build's manifest, or None when there is no (complete) build there."""
    try:
        data = json.loads((where / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def check(where: Path, sources: Path = SOURCES) -> str | None:
    """None when the build in `where` is usable with these sources, else why not."""
    manifest = read_manifest(where)
    if manifest is None:
        return "no build"
    if manifest.get("ext_suffix") != ext_suffix():
        return f"build stale: made for {manifest.get('ext_suffix')}, not {ext_suffix()}"
    current = file_hashes(sources)
    if manifest.get("source_hash") != source_hash(current):
        built = manifest.get("files")
        built = built if isinstance(built, dict) else {}
        changed = sorted(
            name for name in current.keys() | built.keys() if current.get(name) != built.get(name)
        )
        return f"build stale: {', '.join(changed[:5])}{' ...' if len(changed) > 5 else ''} changed"
    return None


def activate() -> bool:
    """Put a matching build first on sys.path before `engines` is imported; True if done.

    Pure Python when `CARDBOT_PURE_PYTHON=1`, when running under pytest (a test uses a build
    only by naming it in `CARDBOT_BUILD_DIR`), when there is no build, or when it is stale.
    """
    where = build_dir()
    reason = None
    if PACKAGE in sys.modules:
        reason = "engines already imported"
    elif os.environ.get("CARDBOT_PURE_PYTHON", "") not in ("", "0"):
        reason = "CARDBOT_PURE_PYTHON is set"
    elif os.environ.get("PYTEST_CURRENT_TEST") and not os.environ.get("CARDBOT_BUILD_DIR"):
        reason = "under pytest"
    else:
        reason = check(where)
    if reason is not None:
        _debug("engines: pure Python (%s), build folder %s", reason, where)
        _state.update(reason=reason, dir="")
        return False
    sys.path.insert(0, str(where))
    _state.update(reason="", dir=str(where))
    _debug("engines: compiled build from %s", where)
    return True


def _debug(message: str, *args: object) -> None:
    """Log at debug level, if logging is loaded: when nothing has imported it, no handler is
    set up to show the line, and importing it would cost every command its start-up time."""
    logging = sys.modules.get("logging")
    if logging is not None:
        logging.getLogger(LOGGER).debug(message, *args)


def describe() -> str:
    """Which engines this process runs, in one line (the first line of `cardbot bench`)."""
    module = sys.modules.get(f"{PACKAGE}.game")
    file = str(getattr(module, "__file__", None) or "")
    where = _state["dir"]
    if where and (module is None or (file.startswith(where) and file.endswith(ext_suffix()))):
        manifest = read_manifest(Path(where)) or {}
        return f"engines: compiled (mypyc) build of {str(manifest.get('source_hash'))[:12]}"
    return f"engines: pure Python ({_state['reason']})"
