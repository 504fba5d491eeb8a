"""Go Fish's sizes and words: the measures of a seat's plate, its books and the log, the
layout's labels (`LABELS`) and the seats' names as drawn.
"""

from __future__ import annotations

from render import kit
from render.strings import Labels
from render.theme import T_BODY

GAME = "go-fish"
PAD = 12
"""Space inside a seat's panel."""
NAME_H = 40
"""Height of a seat's first line: its name and badges."""
COUNT_H = 40
"""Height of a seat's second line: its hand (backs) and counts."""
BACK_W = 30
"""Card width of another seat's face-down hand."""
BACK_STEP = 7
MOST_BACKS = 10
BOOK_W = 46
"""Width of a book's tile (its rank in the corner, big)."""
BOOK_STEP = 40
"""Least distance between two books side by side: the rank of each stays in view."""
BOOK_H = round(BOOK_W * 1.3) + 2 * 4
"""Height of a book's tile with the two edges under it."""
LOG_SIZE = T_BODY
LOG_LINE = round(T_BODY * 1.4)
LOG_INDENT = 28
MOST_LOG = 3
"""At most this many asks in the image; the older ones are the embed's log."""
LOG_PAD = 8
LOG_LEAST = kit.GAP + 2 * LOG_PAD + LOG_LINE
"""Room kept for one ask over the viewer's hand (a hand too big for it takes it)."""
COUNT_W = 150
"""Room a hand count ("13 cards") takes on its line."""
LABEL_W = 130
"""Room "Books 4" takes."""
COUNT_ROOM = 17
"""Room over the hand for the count badges on the corners of the cards."""
HAND_WIDTHS = (120, 112, 104, 98, 92, 88, 84)
"""Card widths of the viewer's hand, largest first: room is left for the asks."""


# Go Fish's own labels: (ja, en); `.one` forms where English needs a singular.
_STRINGS: dict[str, tuple[str, str]] = {
    "title": ("ゴーフィッシュ", "Go Fish"),
    "standard": ("標準・13本", "Standard · 13 books"),
    "early_end": ("早期終了", "Early end"),
    "refill5": ("補充5枚", "Refill 5"),
    "hand_count": ("手札 {n}枚", "{n} cards"),
    "hand_count.one": ("手札 {n}枚", "{n} card"),
    "books": ("本 {n}", "Books {n}"),
    "stock": ("山札 {n}枚", "Stock {n}"),
    "stock_empty": ("山札なし", "No stock"),
    "hand_empty": ("手札はありません", "Your hand is empty"),
    "your_turn": ("あなたの番", "Your turn"),
    "turn_of": ("{name} の番", "{name} to ask"),
    "first": ("{name} が最初に聞きます", "{name} asks first"),
    "asked": ("{a}が{b}に {rank} を聞いた", "{a} asked {b} for {rank}"),
    "gave": ("{b}が{n}枚渡した", "{b} gave {n}"),
    "go_fish": ("Go Fish！", "Go fish!"),
    "drew": ("1枚引いた", "drew a card"),
    "drew_card": ("{card} を引いた", "drew {card}"),
    "lucky": ("聞いたランクの {card} を引いて続行", "drew the asked rank ({card}) and goes on"),
    "no_stock": ("山札なし", "no stock"),
    "book": ("{rank} の本", "book of {rank}"),
    "dealt_book": ("{a}：配られた {rank} の本", "{a}: dealt a book of {rank}"),
    "refill": ("{a}：手札が空で{n}枚補充", "{a}: empty hand, drew {n}"),
    "refill_cards": ("{a}：手札が空で {cards} を補充", "{a}: empty hand, drew {cards}"),
    "skip": ("{a}：手札も山札もなく番を飛ばす", "{a}: no cards, no stock: turn skipped"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "shared": ("同点優勝", "Shared win"),
    "all_books": ("全13本がそろいました", "All 13 books are made"),
    "ended_stock": ("山札がなくなりました", "The stock ran out"),
    "ended_hand": ("手札が空になりました", "A hand ran out"),
    "result_line": ("{name}  {n}本", "{name}  {n} books"),
    "result_line.one": ("{name}  {n}本", "{name}  {n} book"),
    "to_play": ("手番", "To ask"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "winning": ("勝ち", "Wins"),
}
_RANK_WORDS_EN = {"A": "Aces", "T": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings"}
SEP = {"ja": "・", "en": " · "}
NAMES = ("a", "b", "name")
"""Fields of a label that hold a player's name: cut first when the label is too wide."""


LABELS = Labels.pairs(_STRINGS, names=NAMES)
"""This layout's labels (`render.strings.Labels`)."""
tr = LABELS
"""One of this layout's labels in `locale` (English for any other), filled in."""
named = LABELS.named
"""A label whose name fields are cut first when it is too wide."""


def rank_word(rank: str, locale: str) -> str:
    """A rank asked for: "7s", "Aces" in English; "7", "A" in Japanese."""
    face = "10" if rank == "T" else rank
    if locale == "ja":
        return face
    return _RANK_WORDS_EN.get(rank, face + "s")
