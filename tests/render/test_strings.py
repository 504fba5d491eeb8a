"""The renderer's labels: singular forms where English needs them."""

from __future__ import annotations

import re

from render import strings


def test_one_of_a_thing_is_singular_in_english() -> None:
    assert strings.tr("cards", "en", n=1) == "1 card"
    assert strings.tr("cards", "en", n=0) == "0 cards"
    assert strings.tr("cards", "en", n=2) == "2 cards"
    assert strings.tr("total_moves", "en", n=1) == "1 move in all"
    assert strings.tr("cards", "ja", n=1) == "1枚"


def test_no_label_counts_one_thing_in_the_plural() -> None:
    for key, (_, en) in strings.all_labels().items():
        if "{n}" in en and not key.endswith("_one"):
            params = {f: "x" for f in re.findall(r"{(\w+)}", en) if f != "n"}
            one = strings.tr(key, "en", n=1, **params)
            assert not re.search(r"\b1 \w+s\b", one), (key, one)
