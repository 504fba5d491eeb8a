"""No module of the product is over ~600 lines without saying why: one that is says, in its
opening comment, why it is one module "on purpose" (docs/DESIGN.md, "Layers and import
contracts"); anything else is split by concept."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "engines", "render")
LIMIT = 600


def oversized(root: Path = ROOT) -> list[str]:
    """The modules over `LIMIT` lines whose docstring gives no reason."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if text.count("\n") <= LIMIT:
                continue
            doc = ast.get_docstring(ast.parse(text)) or ""
            if "on purpose" not in doc:
                found.append(f"{path.relative_to(root)}: {text.count(chr(10))} lines")
    return found


def test_every_long_module_says_why() -> None:
    assert oversized() == []


def test_a_long_module_without_a_reason_is_found(tmp_path: Path) -> None:
    (tmp_path / "engines").mkdir()
    body = "x = 1\n" * (LIMIT + 1)
    (tmp_path / "engines" / "long.py").write_text('"""Long."""\n' + body)
    (tmp_path / "engines" / "kept.py").write_text('"""Long, on purpose: one table."""\n' + body)
    (tmp_path / "engines" / "short.py").write_text('"""Short."""\nx = 1\n')
    assert oversized(tmp_path) == [f"engines/long.py: {LIMIT + 2} lines"]
