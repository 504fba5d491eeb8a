"""The renderer's labels: both languages filled, singular forms where English needs them, and
names left for drawing to cut."""

from __future__ import annotations

import re

from render import strings
from render.text import Template

from .helpers import label_pairs


def test_one_of_a_thing_is_singular_in_english() -> None:
    assert strings.tr("cards", "en", n=1) == "1 card"
    assert strings.tr("cards", "en", n=0) == "0 cards"
    assert strings.tr("cards", "en", n=2) == "2 cards"
    assert strings.tr("total_moves", "en", n=1) == "1 move in all"
    assert strings.tr("cards", "ja", n=1) == "1枚"


def test_no_label_counts_one_thing_in_the_plural() -> None:
    for key, (_, en) in label_pairs(strings.LABELS).items():
        if "{n}" in en and not key.endswith(".one"):
            params = {f: "x" for f in re.findall(r"{(\w+)}", en) if f != "n"}
            one = strings.tr(key, "en", n=1, **params)
            assert not re.search(r"\b1 \w+s\b", one), (key, one)


def test_named_labels_leave_their_names_to_cut() -> None:
    label = strings.tr_named("winner", "en", name="Ann")
    assert isinstance(label, Template) and label.cut == ("name",)
    assert str(label) == "Ann wins" == strings.tr("winner", "en", name="Ann")
