"""The entry points around the layouts: the sample writer, the bench figures, the labels."""

from __future__ import annotations

import argparse
import re
import string
from pathlib import Path

from render import bench, samples, strings

from .helpers import decode


def test_samples_write_public_and_private_images_at_each_moment(tmp_path: Path) -> None:
    code = samples.main(argparse.Namespace(game="kitten-fishing", seed=3, out=str(tmp_path)))
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    moments = {
        re.match(r"kitten-fishing-s3-(.+?)-(public|seat\d)", n).group(1)
        for n in names
        if n.startswith("kitten")
    }
    assert "start" in moments and "end" in moments
    assert any(m.startswith(("fish-", "sweep-")) for m in moments)
    for moment in moments:
        for who in ("public-ja", "public-en", "seat0-ja", "seat1-ja"):
            path = tmp_path / f"kitten-fishing-s3-{moment}-{who}.png"
            assert decode(path.read_bytes()).width == 800
    assert "hand-20.png" in names


def test_samples_refuse_a_game_without_a_layout(tmp_path: Path) -> None:
    assert samples.main(argparse.Namespace(game="go-fish", seed=1, out=str(tmp_path))) == 2


def test_bench_reports_labelled_figures() -> None:
    lines = bench.run(quick=True)
    labels = [label for label, _ in lines]
    assert "4-seat table layout, median" in labels
    for label, figure in lines:
        assert re.fullmatch(r"\d+(\.\d)? (ms|KB)", figure), (label, figure)
    figures = dict(lines)
    assert float(figures["4-seat table layout, median"].split()[0]) < 200
    assert int(figures["png size, kitten-fishing 800 px"].split()[0]) < 250


def test_every_label_exists_in_both_languages_with_the_same_fields() -> None:
    fields = string.Formatter()
    for ja, en in strings.all_labels().values():
        assert ja and en
        assert {f for _, f, _, _ in fields.parse(ja) if f} == {
            f for _, f, _, _ in fields.parse(en) if f
        }
    assert strings.tr("reason_move_cap", "ja") == "手数の上限に達したため枚数で判定"
    assert strings.tr("reason_move_cap", "en") == "Move cap reached: decided by card count"
    assert strings.tr("moves_of", "ja", moves=123, cap=5000) == "手数 123 / 5000"
