"""How the user runs cardbot, for the hints that tell them what to type next."""

from __future__ import annotations

import os
import shutil
import sys


def command_name() -> str:
    """How the user ran cardbot, to repeat in hints: `cardbot`, or `.venv/bin/cardbot`."""
    program = sys.argv[0] if sys.argv and sys.argv[0] else "cardbot"
    if os.path.basename(program) != "cardbot":  # python -m bot.cli, tests
        return "cardbot"
    found = shutil.which("cardbot")
    if found and os.path.exists(program) and os.path.samefile(found, program):
        return "cardbot"
    relative = os.path.relpath(program)
    return relative if not relative.startswith("..") else program
