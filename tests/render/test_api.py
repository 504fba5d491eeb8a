"""The entry points around the layouts: the sample writer, the bench figures, the labels."""

from __future__ import annotations

import argparse
import itertools
import os
import re
import string
import sys
import types
from pathlib import Path

import pytest
from PIL import Image

from render import api, bench, cards, games, samples, strings
from render.games import kitten_fishing
from render.theme import CANVAS

from .helpers import decode, label_pairs


def _run_samples(
    capsys: pytest.CaptureFixture[str], game: str, out: Path | str, seed: int = 3
) -> tuple[int, str, str]:
    code = samples.main(argparse.Namespace(game=game, seed=seed, out=str(out)))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_samples_write_every_view_in_both_languages_at_each_moment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run_samples(capsys, "kitten-fishing", tmp_path)
    assert code == 0 and err == ""
    names = sorted(p.name for p in tmp_path.iterdir())
    moments = {re.match(r"kitten-fishing-s3-(.+?)-(public|seat\d)", n).group(1) for n in names}
    assert moments == {label for label, _ in kitten_fishing.sample_moments(3)}
    assert {"start", "end"} <= moments
    assert any(m.startswith(("fish-", "sweep-")) for m in moments)
    for moment in moments:
        for who in ("public", "seat0", "seat1"):
            for locale in ("ja", "en"):
                path = tmp_path / f"kitten-fishing-s3-{moment}-{who}-{locale}.png"
                assert decode(path.read_bytes()).size == CANVAS
    assert len(names) == len(moments) * 6
    # stocks are face down: Kitten Fishing has no hand, and says so instead of drawing one
    assert not [n for n in names if "hand" in n]
    assert "No hand sample: kitten-fishing has no hand to show." in out.splitlines()


def test_samples_know_no_game_and_write_the_hand_a_layout_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "kitten" not in Path(samples.__file__).read_text().lower()
    hand = ["3S", "QH", "TD", "BJ"]
    layout = types.ModuleType("hand_layout")
    layout.render = kitten_fishing.render  # type: ignore[attr-defined]
    layout.SAMPLE_PLAYERS = kitten_fishing.SAMPLE_PLAYERS  # type: ignore[attr-defined]
    layout.sample_moments = lambda seed: itertools.islice(  # type: ignore[attr-defined]
        kitten_fishing.sample_moments(seed), 1
    )
    layout.sample_hand = lambda seed: (hand, [True, False, True, True], {0})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, games.module_name("with-hands"), layout)
    with cards.record_faces() as drawn:
        code, out, _ = _run_samples(capsys, "with-hands", tmp_path, seed=7)
    assert code == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(
        [
            f"with-hands-s7-start-{who}-{loc}.png"
            for who in ("public", "seat0", "seat1")
            for loc in ("ja", "en")
        ]
        + ["with-hands-s7-hand-ja.png", "with-hands-s7-hand-en.png"]
    )
    assert drawn == hand + hand  # the layout's hand, once per language, and no other card
    assert "No hand sample" not in out


def test_samples_write_the_details_image_where_a_layout_has_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def details(view, players, locale, style, viewer):  # type: ignore[no-untyped-def]
        if viewer is None and locale == "ja":  # something to show for the channel only
            return Image.new("RGB", CANVAS, (1, 2, 3))
        return None

    monkeypatch.setattr(kitten_fishing, "details", details, raising=False)
    layout = types.ModuleType("first_moment")
    layout.render = kitten_fishing.render  # type: ignore[attr-defined]
    layout.SAMPLE_PLAYERS = kitten_fishing.SAMPLE_PLAYERS  # type: ignore[attr-defined]
    layout.sample_moments = lambda seed: itertools.islice(  # type: ignore[attr-defined]
        kitten_fishing.sample_moments(seed), 1
    )
    monkeypatch.setitem(sys.modules, games.module_name("first-moment"), layout)
    code, _, _ = _run_samples(capsys, "first-moment", tmp_path, seed=7)
    assert code == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert [n for n in written if "details" in n] == ["first-moment-s7-start-public-ja-details.png"]
    assert len(written) == 6 + 1
    shown = decode((tmp_path / "first-moment-s7-start-public-ja-details.png").read_bytes())
    assert shown.size == CANVAS and shown.getpixel((0, 0)) == (1, 2, 3)


def test_samples_refuse_a_game_without_a_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run_samples(capsys, "pig-and-sheep", tmp_path)
    assert code == 2
    assert err.count("\n") == 1 and "pig-and-sheep" in err and "kitten-fishing" in err
    assert list(tmp_path.iterdir()) == []


def test_samples_refuse_an_out_that_is_not_a_writable_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "taken.png"
    a_file.write_bytes(b"not a folder")
    for out in (a_file, a_file / "inside"):
        code, stdout, err = _run_samples(capsys, "kitten-fishing", out)
        assert code == 2 and stdout == ""
        assert err.count("\n") == 1 and str(out) in err and "Traceback" not in err
    assert a_file.read_bytes() == b"not a folder"


def test_samples_report_a_write_that_fails_half_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(self: Path, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    code, _, err = _run_samples(capsys, "kitten-fishing", tmp_path)
    assert code == 2
    assert err == (
        f"cardbot render: could not write the images into {tmp_path}: No space left on device.\n"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any folder")
def test_samples_refuse_a_folder_without_write_permission(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    code, _, err = _run_samples(capsys, "kitten-fishing", locked)
    assert code == 2 and err.count("\n") == 1 and "Permission denied" in err


def test_bench_reports_labelled_figures_for_every_game_and_the_target() -> None:
    lines = bench.run(quick=True)
    labels = [label for label, _ in lines]
    assert "4-seat table layout, median" in labels
    for game in games.games():
        assert any(label.startswith(f"{game}: image, median of ") for label in labels), game
        assert f"{game}: png size, largest" in labels
    *figures, (target, verdict) = lines
    for label, figure in figures:
        assert re.fullmatch(r"\d+(\.\d)? (ms|KB)", figure), (label, figure)
    assert target == "target: median <= 40 ms, largest <= 250 KB"
    assert verdict == "met by every game" or verdict.startswith("missed by ")
    by_label = dict(figures)
    assert float(by_label["4-seat table layout, median"].split()[0]) < 200
    assert int(by_label["kitten-fishing: png size, largest"].split()[0]) < 250


def test_the_bench_measures_one_game_alone_and_times_the_two_number_images() -> None:
    lines = dict(bench.run(quick=True, game="go-fish"))
    assert "go-fish: png size, median" in lines
    assert not [label for label in lines if label.startswith("kitten-fishing:")]
    for game in ("kokutorum", "shirokuro"):
        assert f"{game} insert preview, median" not in lines
    shared = dict(bench._shared(1))
    for game in ("kokutorum", "shirokuro"):
        assert f"{game} insert preview, median" in shared
        assert int(shared[f"png size, {game} hand image"].split()[0]) < 250


def test_a_proposal_reaches_the_layout_in_the_view_and_leaves_the_view_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[dict[str, object]] = []
    real = games.layout("kitten-fishing")

    def spy(view, players, locale, style, viewer):  # type: ignore[no-untyped-def]
        seen.append(dict(view))
        return real(view, players, locale, style, viewer)

    monkeypatch.setattr(games, "layout", lambda game: spy)
    view = kitten_fishing_view()
    plain = decode(api.render_view(view, (), "en"))
    shown = decode(api.render_view(view, (), "en", proposal={"type": "flip"}))
    assert seen[0].get(api.PROPOSAL) is None and seen[1][api.PROPOSAL] == {"type": "flip"}
    assert api.PROPOSAL not in view
    assert plain.tobytes() == shown.tobytes()  # a layout with nothing to show ignores it


def kitten_fishing_view() -> dict[str, object]:
    from engines.registry import game_class

    view: dict[str, object] = game_class("kitten-fishing").new(2, {}, 3).view(0)
    return view


def test_every_label_exists_in_both_languages_with_the_same_fields() -> None:
    fields = string.Formatter()
    for ja, en in label_pairs(strings.LABELS).values():
        assert ja and en
        assert {f for _, f, _, _ in fields.parse(ja) if f} == {
            f for _, f, _, _ in fields.parse(en) if f
        }
    assert strings.tr("reason_move_cap", "ja") == "手数の上限に達したため枚数で判定"
    assert strings.tr("reason_move_cap", "en") == "Move cap reached: decided by card count"
    assert strings.tr("moves_of", "ja", moves=123, cap=5000) == "手数 123 / 5000"
