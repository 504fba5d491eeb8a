"""Layout parts that later games compose: seat plates with any name, fans of backs, score and
breakdown panels, result panels."""

from __future__ import annotations

from PIL import ImageStat

from render import cards
from render.panels import breakdown_panel, result_panel, score_table
from render.parts import Canvas, PlayerInfo, face_down_fan
from render.plates import Seat, plate_height, seat_plate
from render.theme import FELT, GOLD, TEXT, CardStyle, card_height


def _canvas(w: int = 800, h: int = 400) -> Canvas:
    return Canvas.new(w, h, "ja", CardStyle())


def _text_pixels(c: Canvas, box: tuple[int, int, int, int]) -> int:
    colours = c.image.crop(box).getcolors(1 << 20) or []
    return sum(n for n, p in colours if p == TEXT)


def test_a_japanese_name_leaves_ink_where_the_name_goes() -> None:
    for name in ["山田たろう", "김민수", "Zoë", "髙橋﨑"]:
        c = _canvas()
        seat = Seat(PlayerInfo(name), counts=("手札 13",))
        seat_plate(c, (10, 10, 400, 10 + plate_height(seat)), seat)
        assert _text_pixels(c, (22, 22, 250, 52)) > 40, name
    blank = _canvas()
    seat_plate(blank, (10, 10, 400, 110), Seat(PlayerInfo("")))
    assert _text_pixels(blank, (22, 22, 250, 52)) == 0


def test_emoji_and_endless_names_stay_inside_their_plate() -> None:
    c = _canvas()
    name = "😀👍🏽 とても長い名前のプレイヤー 김민수 " * 5
    seat = Seat(
        PlayerInfo(name, is_cpu=True, is_dealer=True), counts=("手札 13", "取り 2"), to_play=True
    )
    seat_plate(c, (10, 10, 300, 10 + plate_height(seat, narrow=True)), seat)
    right_of_plate = c.image.crop((305, 0, 800, 400))
    assert right_of_plate.getcolors() == [(495 * 400, FELT)]


def test_a_fan_of_backs_draws_no_faces_and_shows_the_count() -> None:
    c = _canvas()
    with cards.record_faces() as drawn:
        width, height = face_down_fan(c, 10, 10, 13, 56, 600)
    assert drawn == []
    assert height == card_height(56)
    few = _canvas()
    few_width, _ = face_down_fan(few, 10, 10, 3, 56, 600)
    assert few_width < width


def test_score_table_breakdown_and_result_panels_fill_their_space() -> None:
    c = _canvas(800, 900)
    rows = [["たろう", "-200", "-100"], ["Alice", "0", "-400"], ["김민수", "+50", "+50"]]
    h = score_table(c, 20, 20, 760, ["", "第1局", "合計"], rows, highlight=[2])
    assert h == round(22 * 1.7) * 4 + 8
    highlighted = c.image.crop((30, 20 + 4 + 3 * round(22 * 1.7) + 2, 700, 20 + h - 8))
    assert (70, 110, 60) in {p for _, p in highlighted.getcolors(1 << 16)}
    h2 = breakdown_panel(
        c, 20, 40 + h, 370, "得点", [("豚 Q♠", "-100"), ("羊 J♦", "+100")], ("合計", "0")
    )
    assert h2 > 0
    before = ImageStat.Stat(c.image.crop((420, 400, 780, 600))).mean
    result_panel(c, (420, 400, 780, 600), "たろう の勝ち", "山札が尽きた", ["総手数 12"])
    after = c.image.crop((420, 400, 780, 600))
    assert ImageStat.Stat(after).mean != before
    assert GOLD in {p for _, p in after.getcolors(1 << 16)}
