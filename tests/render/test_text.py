"""Text: the shipped fonts cover Japanese and Hangul, anything else becomes a box, and a broken
font setting falls back instead of failing."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from render import text


@pytest.fixture(autouse=True)
def _reset_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(text.ENV_FONT, raising=False)
    text.set_font_path(None)
    yield
    text.set_font_path(None)


def _ink(im: Image.Image) -> int:
    return sum(im.getchannel("A").histogram()[101:])


def test_shipped_fonts_and_their_licences_are_in_the_package() -> None:
    folder = text.FONT_DIR
    assert (folder / "ipaexg.ttf").stat().st_size > 1_000_000
    assert (folder / "IPA_Font_License_Agreement_v1.0.txt").exists()
    assert (folder / "DroidSansFallback.ttf").exists()
    assert (folder / "LICENSE-Apache-2.0-DroidSansFallback.txt").exists()
    total = sum(p.stat().st_size for p in folder.iterdir())
    assert total < 10_000_000


def test_japanese_names_use_the_japanese_font_and_draw_ink() -> None:
    runs = list(text.iter_runs("山田たろう"))
    assert runs == [(str(text.SHIPPED_FONTS[0]), "山田たろう")]
    im = text.text_image("山田たろう", 32)
    assert _ink(im) > 200
    # every character leaves ink: no blank (missing) glyph in the middle of the name
    for ch in "山田たろう髙﨑":
        assert _ink(text.text_image(ch, 32)) > 20, ch


def test_hangul_and_simplified_chinese_fall_back_to_the_second_font() -> None:
    runs = list(text.iter_runs("Kim 김민수"))
    assert runs[-1] == (str(text.SHIPPED_FONTS[1]), "김민수")
    assert _ink(text.text_image("김민수", 32)) > 150
    runs = list(text.iter_runs("小猫钓鱼"))
    assert runs == [(str(text.SHIPPED_FONTS[0]), "小猫"), (str(text.SHIPPED_FONTS[1]), "钓鱼")]
    assert _ink(text.text_image("钓鱼", 32)) > 100


def test_emoji_become_one_box_each_and_keep_a_sensible_width() -> None:
    for name in ["😀", "Bob 👍🏽", "👨‍👩‍👧 family", "🇯🇵🇰🇷", "\u200b\u0301zero"]:
        width = text.text_width(name, 24)
        assert 0 < width < 24 * len(name)
        assert _ink(text.text_image(name, 24)) > 0
    assert [chars for kind, chars in text.iter_runs("Bob 👍🏽") if kind == "box"] == ["👍"]
    assert [chars for kind, chars in text.iter_runs("👨‍👩‍👧") if kind == "box"] == ["👨"]
    assert [chars for kind, chars in text.iter_runs("🇯🇵🇰🇷") if kind == "box"] == ["🇯🇰"]


def test_fit_cuts_long_names_with_an_ellipsis() -> None:
    long = "とても長い名前のプレイヤーさんです"
    cut = text.fit(long, 28, 200)
    assert cut.endswith(text.ELLIPSIS)
    assert text.text_width(cut, 28) <= 200
    assert text.fit("Ann", 28, 200) == "Ann"


def test_a_bad_font_setting_falls_back_to_the_shipped_font(tmp_path: Path) -> None:
    bogus = tmp_path / "nope.ttf"
    bogus.write_bytes(b"not a font")
    text.set_font_path(bogus)
    assert text.font_paths()[0] == str(text.SHIPPED_FONTS[0])
    assert _ink(text.text_image("山田", 32)) > 50


def test_a_configured_font_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    other = text.SHIPPED_FONTS[1]
    monkeypatch.setenv(text.ENV_FONT, str(other))
    text.set_font_path(None)
    assert text.font_paths()[0] == str(other)
    # the configured font's characters come from it, the rest from the shipped fonts
    assert dict((c, p) for p, c in text.iter_runs("钓"))["钓"] == str(other)


def test_without_any_font_file_pillow_default_draws_and_nothing_crashes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(text, "SHIPPED_FONTS", (tmp_path / "a.ttf", tmp_path / "b.ttf"))
    text.set_font_path(None)
    assert text.font_paths() == [None]
    im = Image.new("RGB", (300, 60))
    width = text.draw_text(ImageDraw.Draw(im), (5, 5), "Ann 山田 김 😀", 24, (255, 255, 255))
    assert width > 0
    assert im.getbbox() is not None


def test_cmap_reader_knows_what_each_font_holds() -> None:
    ja = text.cmap_codepoints(text.SHIPPED_FONTS[0])
    fallback = text.cmap_codepoints(text.SHIPPED_FONTS[1])
    assert {ord("A"), ord("あ"), ord("漢"), ord("ア")} <= ja
    assert ord("김") not in ja and ord("김") in fallback
    assert ord("钓") not in ja and ord("钓") in fallback
    assert ord("😀") not in ja | fallback


def test_suit_symbols_in_text_are_vector_shapes_with_red_for_hearts_and_diamonds() -> None:
    assert list(text.iter_runs("Q♠ J♦")) == [
        (str(text.SHIPPED_FONTS[0]), "Q"),
        ("suit", "♠"),
        (str(text.SHIPPED_FONTS[0]), " J"),
        ("suit", "♦"),
    ]
    im = Image.new("RGB", (200, 50), (20, 60, 40))
    text.draw_text(ImageDraw.Draw(im), (4, 4), "♥♣", 32, (240, 240, 230))
    colours = {p for _, p in im.getcolors(1 << 16)}
    assert (255, 118, 118) in colours  # the heart, in a red that reads on a dark table
    assert (240, 240, 230) in colours  # the club, in the text colour


def test_a_template_cuts_its_name_and_keeps_its_words() -> None:
    label = text.Template.of(
        "{name} to play", {"name": "Wolfeschlegelsteinhausenbergerdorff"}, ("name",)
    )
    cut = text.fit(label, 22, 260)
    assert cut.endswith("… to play") and cut.startswith("Wolfe")
    assert text.text_width(cut, 22) <= 260
    assert text.fit(label, 22, 2000) == "Wolfeschlegelsteinhausenbergerdorff to play"
    # a plain string would have lost the words instead
    assert not text.fit(str(label), 22, 260).endswith("to play")


def test_two_names_in_one_line_are_cut_alike() -> None:
    label = text.Template.of(
        "{a} 0枚 · {b} 47枚",
        {"a": "ながいながいなまえのぷれいやーさんです", "b": "Ｗ" * 32},
        ("a", "b"),
    )
    cut = text.fit(label, 24, 500)
    a, b = cut.removesuffix(" 47枚").split(" 0枚 · ")
    assert a.endswith("…") and b.endswith("…")
    assert abs(text.text_width(a, 24) - text.text_width(b, 24)) <= 24
    assert text.text_width(cut, 24) <= 500


def test_names_in_a_template_are_filled_in_literally() -> None:
    label = text.Template.of("{name} wins", {"name": "{n} 😀\u200b"}, ("name",))
    assert str(label) == "{n} 😀 wins"
    # too narrow even for "… wins": cut at the end like any line, still within the width
    assert text.text_width(text.fit(label, 22, 40), 22) <= 40
