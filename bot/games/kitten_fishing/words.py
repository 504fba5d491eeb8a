"""Kitten Fishing's sentences, in English and Japanese (keys shared with the generic layers)."""

EN: dict[str, str] = {
    "game.kitten-fishing.rules": (
        "Two players, 52 cards dealt alternately, 26 each, kept face down as stocks.\n"
        "On your turn flip the top card of your stock onto the end of the row on the table, then:\n"
        "1. **J sweep**: a J when the table is not empty takes the whole table and the J.\n"
        "2. **Fishing**: a card of the same rank as one on the table takes that card, every card after it and the flipped card.\n"
        "3. Otherwise the card stays and the turn passes.\n"
        "Captured cards go under your stock in table order. The turn always passes. "
        "A player who flips their last card and captures nothing loses. "
        "At 5000 moves the larger stock wins. The first player alternates from game to game. "
        "**See the result** flips everything at once: the outcome is the same."
    ),
    "legend.kitten-fishing": (
        "Each player's stock is face down: the number is how many cards are left in it (⚠️: only a few).\n"
        "On the table: the cards flipped so far, oldest first. A flipped card of the same rank as one there takes it and every card after it; a J takes the whole table.\n"
        "Cards are rank then suit: 10♥ is the ten of hearts, Q♠ the queen of spades."
    ),
    "game.kitten-fishing.cpu_first": "This game the opponent flips first.",
    "game.kitten-fishing.first": "{name} flips first.",
    "game.kitten-fishing.counts": "{name}: {count} cards",
    "game.kitten-fishing.counts.one": "{name}: 1 card",
    "game.kitten-fishing.counts_low": "{name}: **{count} cards** ⚠️",
    "game.kitten-fishing.counts_low.one": "{name}: **1 card** ⚠️",
    "game.kitten-fishing.table_row": "On the table: {cards}",
    "game.kitten-fishing.table_row_empty": "The table is empty.",
    "game.kitten-fishing.you_fished": "Caught! You flipped {card} and took {count} cards.",
    "game.kitten-fishing.you_fished.one": "Caught! You flipped {card} and took 1 card.",
    "game.kitten-fishing.you_swept": "J sweep! You flipped {card} and took all {count} cards.",
    "game.kitten-fishing.you_swept.one": "J sweep! You flipped {card} and took all 1 card.",
    "game.kitten-fishing.you_stayed": "You flipped {card}; it stays on the table.",
    "event.kitten-fishing.flip": "{name} flipped {card}",
    "event.kitten-fishing.flip.cont": "{name} flipped {card}",
    "event.kitten-fishing.fish": "fished {count} cards",
    "event.kitten-fishing.fish.one": "fished 1 card",
    "event.kitten-fishing.sweep": "swept the table with the J: {count} cards! 🧹",
    "event.kitten-fishing.sweep.one": "swept the table with the J: 1 card! 🧹",
    "event.kitten-fishing.game_over": "The game is over.",
    "result.kitten-fishing.reason.empty": "A stock ran out",
    "result.kitten-fishing.reason.move_cap": "Move cap reached: decided by card count",
    "action.kitten-fishing.flip": "Flip",
    "prompt.kitten-fishing.flip": "Flip the top card of your stock.",
    "finish.kitten-fishing.confirm": (
        "Flip every remaining card now and show the result? "
        "The outcome is the same as flipping by hand."
    ),
}

JA: dict[str, str] = {
    "game.kitten-fishing.rules": (
        "二人で遊びます。52 枚を交互に 26 枚ずつ配り、裏向きのまま山札にします。\n"
        "手番では山札の一番上の札をめくって場の列の最後に置き、次の順に判定します。\n"
        "1. **J で総取り**：場に札があるときに J をめくったら、場の札すべてと J を取ります。\n"
        "2. **釣り**：同じ数字の札が場にあれば、その札とその後の札すべて、めくった札を取ります。\n"
        "3. どちらでもなければ札は場に残り、相手の番になります。\n"
        "取った札は場に置かれた順に自分の山札の下へ入ります。取っても手番は相手へ移ります。"
        "最後の 1 枚をめくって何も取れなかった人の負けです。"
        "5000 手で決着しなければ山札の多い方の勝ちです。先手は対局ごとに交代します。"
        "**結果を見る** で残りを一瞬でめくっても、結果は同じです。"
    ),
    "legend.kitten-fishing": (
        "山札は裏向きで、数字は残りの枚数です（⚠️：残りわずか）。\n"
        "場：これまでにめくった札（古い順）。同じランクの札をめくると、その札から後ろをすべて取ります。J は場の札をすべて取ります。\n"
        "札はランク、スートの順です：10♥ はハートの10、Q♠ はスペードのQ。"
    ),
    # the rule document's own words (「この対局は相手が先にめくります」「釣れた！あなたが 4 枚獲得」)
    "game.kitten-fishing.cpu_first": "この対局は相手が先にめくります",
    "game.kitten-fishing.first": "{name} が先にめくります。",
    "game.kitten-fishing.counts": "{name}：{count} 枚",
    "game.kitten-fishing.counts_low": "{name}：**{count} 枚** ⚠️",
    "game.kitten-fishing.table_row": "場：{cards}",
    "game.kitten-fishing.table_row_empty": "場には札がありません。",
    "game.kitten-fishing.you_fished": "釣れた！あなたが {card} で {count} 枚獲得",
    "game.kitten-fishing.you_swept": "J で総取り！あなたが {card} で {count} 枚獲得",
    "game.kitten-fishing.you_stayed": "{card} をめくりました。場に残ります。",
    "event.kitten-fishing.flip": "{name}が {card} をめくりました",
    "event.kitten-fishing.flip.cont": "{name}が {card} をめくり",
    "event.kitten-fishing.fish": "{count} 枚釣りました",
    "event.kitten-fishing.sweep": "J で場を総取りしました（{count} 枚）🧹",
    "event.kitten-fishing.game_over": "対局終了です。",
    "result.kitten-fishing.reason.empty": "山札が尽きたため",
    "result.kitten-fishing.reason.move_cap": "手数の上限に達したため枚数で判定",
    "action.kitten-fishing.flip": "めくる",
    "prompt.kitten-fishing.flip": "山札の一番上の札をめくってください。",
    "finish.kitten-fishing.confirm": (
        "残りの札をすべてめくって結果を表示しますか？一枚ずつめくった場合と結果は同じです。"
    ),
}
