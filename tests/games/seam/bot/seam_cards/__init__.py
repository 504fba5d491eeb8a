"""Seam Cards as a plug-in: the generic presenter, its words, its layout."""

from bot.games.generic import GamePresenter
from bot.games.plugin import BenchCase, GamePlugin
from engines.registry import game_class


class SeamCardsPresenter(GamePresenter):
    """The generic wording: every sentence comes from the words below."""

    game_id = "seam-cards"


EN: dict[str, str] = {
    "game.seam-cards.rules": "Each player plays out three hidden cards in turn. The highest total wins.",
    "legend.seam-cards": "The cards each player has played, and your own hand.",
    "action.seam-cards.play": "play {card}",
    "event.seam-cards.played": "{name} played {card}",
    "prompt.seam-cards.play": "Play a card.",
    "error.seam-cards.not_in_hand": "That card is not in your hand.",
}
JA: dict[str, str] = {
    "game.seam-cards.rules": "順番に手札3枚を出し切ります。合計の高い人の勝ちです。",
    "legend.seam-cards": "各プレイヤーが出したカードと、あなたの手札です。",
    "action.seam-cards.play": "{card}を出す",
    "event.seam-cards.played": "{name}が{card}を出しました",
    "prompt.seam-cards.play": "カードを1枚出してください。",
    "error.seam-cards.not_in_hand": "そのカードは手札にありません。",
}

PLUGIN = GamePlugin(
    engine=game_class("seam-cards"),
    presenter=SeamCardsPresenter(),
    messages={"en": EN, "ja": JA},
    layout="render.games.seam_cards",
    bench=(BenchCase("2 seats (seed 0)", {"game": "seam-cards", "seats": 2, "seed": 0}),),
)
