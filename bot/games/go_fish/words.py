"""Go Fish's sentences, in English and Japanese (keys shared with the generic layers)."""

EN: dict[str, str] = {
    "game.go-fish.rules": (
        "2 to 4 players, 52 cards, no jokers. Collect **books**: all four cards of one rank "
        "(A, 2 … 10, J, Q, K).\n"
        "**Deal**: standard — 7 cards each with 2 or 3 players, 5 with 4; early end — 7 with 2 "
        "players, 5 with 3 or 4. The rest is the stock. A random player starts, then seat order. "
        "Books dealt to you are laid down at once.\n"
        "**Your turn**: ask one player for a rank you hold. They hand over every card of it and "
        "you ask again (the same player or another, any rank you hold). If they have none: "
        "**Go Fish!** Draw the top card of the stock: the rank you asked for is shown and you ask "
        "again; any other card ends your turn (a book it completes still counts). With no stock a "
        "miss draws nothing and the turn passes. A book leaves your hand at once and can't be "
        "asked for.\n"
        "**Empty hand (standard)**: no win or loss. At the start of your turn draw 1 card (5 with "
        "the refill option; what is left if the stock is short) and ask. If your own successful "
        "ask empties your hand, refill and go on; with no stock your turn is skipped. While the "
        "stock lasts an empty hand may be asked (Go Fish!); after that only players with cards.\n"
        "**End**: standard — when all 13 books are made (play goes on after the stock runs "
        "out); early end — as soon as a hand or the stock is empty. Most books wins; a tie "
        "shares the win.\n"
        "Everyone hears every ask, its answer and how many cards changed hands, every book, the "
        "stock count and each hand's size. The card you draw on a miss is yours alone to see."
    ),
    "legend.go-fish": (
        "Each seat: the cards in its hand, and its books (all four cards of one rank).\n"
        "Your hand by rank: 4 ×2 (4♥, 4♦) is two 4s. You may ask for any rank you hold.\n"
        "Stock: the cards left to draw on a Go Fish.\n"
        "Cards are rank then suit: 10♥ is the ten of hearts, Q♠ the queen of spades."
    ),
    "game.go-fish.rank.A": "Aces",
    "game.go-fish.rank.2": "2s",
    "game.go-fish.rank.3": "3s",
    "game.go-fish.rank.4": "4s",
    "game.go-fish.rank.5": "5s",
    "game.go-fish.rank.6": "6s",
    "game.go-fish.rank.7": "7s",
    "game.go-fish.rank.8": "8s",
    "game.go-fish.rank.9": "9s",
    "game.go-fish.rank.T": "10s",
    "game.go-fish.rank.J": "Jacks",
    "game.go-fish.rank.Q": "Queens",
    "game.go-fish.rank.K": "Kings",
    "game.go-fish.first": "{name} asks first.",
    "game.go-fish.dealt_book": "{name} was dealt a book of {rank}.",
    "game.go-fish.seat": "{name}: {count} cards · books {books}",
    "game.go-fish.seat.one": "{name}: 1 card · books {books}",
    "game.go-fish.no_books": "—",
    "game.go-fish.stock": "Stock: {count} cards",
    "game.go-fish.stock.one": "Stock: 1 card",
    "game.go-fish.stock_empty": "The stock is empty.",
    "game.go-fish.hand": "Your hand: {groups}",
    "game.go-fish.hand_empty": "Your hand is empty.",
    "game.go-fish.group": "{rank} ×{count} ({cards})",
    "game.go-fish.target": "{name} · {count} cards",
    "game.go-fish.target.one": "{name} · 1 card",
    "game.go-fish.you_got": "You got {cards}.",
    "game.go-fish.you_go_fish": "Go fish! You drew {card}.",
    "game.go-fish.you_lucky": "Go fish! You drew {card}, the rank you asked for.",
    "game.go-fish.you_no_stock": "Go fish! The stock is empty: your turn ends.",
    "game.go-fish.you_book": "Book of {rank}!",
    "game.go-fish.you_again": "Ask again!",
    "game.go-fish.you_refilled": "Your hand was empty: you drew {cards}.",
    "event.go-fish.ask": "{name} asked {target} for {rank}: {target} gave {count}.",
    "event.go-fish.handed": "Cards handed over: {cards}.",
    "event.go-fish.go_fish": "{name} asked {target} for {rank}: Go fish! {name} drew a card.",
    "event.go-fish.go_fish.alone": "{name} asked {target} for {rank}: Go fish!",
    "event.go-fish.go_fish.no_stock": (
        "{name} asked {target} for {rank}: Go fish! The stock is empty: the turn passes."
    ),
    "event.go-fish.drew": "{name} drew {card}.",
    "event.go-fish.lucky": "{name} drew the asked rank ({card}) and goes on.",
    "event.go-fish.book": "Book of {rank} for {name}!",
    "event.go-fish.refill": "{name} had no cards and drew {count} from the stock.",
    "event.go-fish.refill.seen": "{name} had no cards and drew {cards} from the stock.",
    "event.go-fish.skip": "{name} has no cards and the stock is empty: turn skipped.",
    "event.go-fish.game_over": "The game is over.",
    "action.go-fish.ask": "Ask {target} for {rank}",
    "prompt.go-fish.ask": "Ask a player for a rank you hold.",
    "hint.go-fish.known": "they asked for {rank} and have not given them away since",
    "hint.go-fish.books_known": "they hold {rank}: a hit completes your book",
    "hint.go-fish.books": "a hit completes your book of {rank}; about {percent}% to hit",
    "hint.go-fish.likely": "the likeliest ask from what everyone said: about {percent}%",
    "result.go-fish.books": "Books",
    "result.go-fish.seat": "{name}: {count} books ({ranks})",
    "result.go-fish.seat.one": "{name}: 1 book ({ranks})",
    "result.go-fish.seat_none": "{name}: no book",
    "result.go-fish.shared": "Shared win",
    "result.go-fish.shared_by": "{names}, with {count} books each",
    "result.go-fish.shared_by.one": "{names}, with 1 book each",
    "error.go-fish.rank_not_held": "Ask for a rank you hold.",
    "error.go-fish.ask_yourself": "Ask another player, not yourself.",
    "error.go-fish.target_empty": "That player has no cards to give and the stock is empty: ask a player with cards.",
    "error.go-fish.bad_rank": "Ask for a rank: A, 2 to 10, J, Q or K.",
    "error.go-fish.bad_target": "There is no such player at this table.",
}

JA: dict[str, str] = {
    "game.go-fish.rules": (
        "2〜4人で、ジョーカーを除く52枚を使います。同じランク（A・2〜10・J・Q・K）の4枚をそろえた"
        "**本（ブック）**を集めます。\n"
        "**配り方**：標準・13本は2人か3人なら各7枚、4人なら各5枚、早期終了は2人なら7枚、3人と4人は"
        "5枚です。残りは裏向きの山札です。最初の手番は無作為に決まり、その後は席の順に回ります。"
        "配られた時点でそろっている本はすぐに表へ出します。\n"
        "**自分の番**：相手1人と、いま手札にあるランク1つを選んで聞きます。相手はそのランクを全部"
        "渡し、あなたはもう一度聞けます（同じ相手でも別の相手でも、手札にあるランクなら何でも）。"
        "相手が1枚も持っていなければ **Go Fish**：山札の上から1枚引きます。聞いたランクを引いたら"
        "見せて続けて聞けます。違うランクなら番が終わります（その札で本ができれば数えます）。"
        "山札がなければ何も引かずに交代です。完成した本はすぐ手札から出し、以後は聞けません。\n"
        "**手札が空のとき（標準）**：勝ちにも負けにもなりません。自分の番の初めに山札から1枚"
        "（補充設定が5枚なら5枚、足りなければ残り全部）補充して聞きます。自分の成功した質問で"
        "手札が空になったら、補充して続けます。山札もなければその番は飛ばします。山札がある間は"
        "手札が空の人にも聞けます（答えは Go Fish）。山札がなくなったら、手札を持つ人にだけ聞けます。\n"
        "**終わり**：標準は全13本ができるまで続けます（山札が尽きても続きます）。早期終了は誰かの"
        "手札か山札が空になった時点で終わります。いちばん多く本を集めた人の勝ちで、同点なら同点"
        "優勝です。\n"
        "質問と答え、渡した枚数、本、山札の枚数、各自の手札の枚数はみんなに公開されます。外れて"
        "引いた札は引いた人だけが見られます。"
    ),
    "legend.go-fish": (
        "各席：手札の枚数と、ブック（同じランクの4枚）。\n"
        "あなたの手札はランクごと：4 ×2 (4♥, 4♦) は 4 が2枚。持っているランクなら、どれでも聞けます。\n"
        "山札：Go Fish のときに引く残りの札。\n"
        "札はランク、スートの順です：10♥ はハートの10、Q♠ はスペードのQ。"
    ),
    "game.go-fish.rank.A": "A",
    "game.go-fish.rank.2": "2",
    "game.go-fish.rank.3": "3",
    "game.go-fish.rank.4": "4",
    "game.go-fish.rank.5": "5",
    "game.go-fish.rank.6": "6",
    "game.go-fish.rank.7": "7",
    "game.go-fish.rank.8": "8",
    "game.go-fish.rank.9": "9",
    "game.go-fish.rank.T": "10",
    "game.go-fish.rank.J": "J",
    "game.go-fish.rank.Q": "Q",
    "game.go-fish.rank.K": "K",
    "game.go-fish.first": "{name} が最初に聞きます。",
    "game.go-fish.dealt_book": "{name} は配られた時点で {rank} の本がそろいました。",
    "game.go-fish.seat": "{name}：手札 {count} 枚 · 本 {books}",
    "game.go-fish.no_books": "なし",
    "game.go-fish.stock": "山札：{count} 枚",
    "game.go-fish.stock_empty": "山札はありません。",
    "game.go-fish.hand": "あなたの手札：{groups}",
    "game.go-fish.hand_empty": "手札はありません。",
    "game.go-fish.group": "{rank} ×{count}（{cards}）",
    "game.go-fish.target": "{name} · {count} 枚",
    "game.go-fish.you_got": "{cards} をもらいました。",
    "game.go-fish.you_go_fish": "Go Fish！ {card} を引きました。",
    "game.go-fish.you_lucky": "Go Fish！ 聞いたランクの {card} を引きました。",
    "game.go-fish.you_no_stock": "Go Fish！ 山札がないので番が終わります。",
    "game.go-fish.you_book": "{rank} の本ができました！",
    "game.go-fish.you_again": "続けて聞けます。",
    "game.go-fish.you_refilled": "手札が空だったので {cards} を補充しました。",
    "event.go-fish.ask": "{name}が{target}に {rank} を聞き、{target}が {count} 枚渡しました。",
    "event.go-fish.handed": "渡した札：{cards}。",
    "event.go-fish.go_fish": "{name}が{target}に {rank} を聞きました。Go Fish！{name}が山札から1枚引きました。",
    "event.go-fish.go_fish.alone": "{name}が{target}に {rank} を聞きました。Go Fish！",
    "event.go-fish.go_fish.no_stock": (
        "{name}が{target}に {rank} を聞きました。Go Fish！山札がないので交代です。"
    ),
    "event.go-fish.drew": "{name}が {card} を引きました。",
    "event.go-fish.lucky": "{name}が聞いたランクの {card} を引き、続けて聞きます。",
    "event.go-fish.book": "{name}が {rank} の本を出しました！",
    "event.go-fish.refill": "{name}は手札が空なので山札から {count} 枚補充しました。",
    "event.go-fish.refill.seen": "{name}は手札が空なので山札から {cards} を補充しました。",
    "event.go-fish.skip": "{name}は手札も山札もないので番を飛ばします。",
    "event.go-fish.game_over": "対局終了です。",
    "action.go-fish.ask": "{target} に {rank} を聞く",
    "prompt.go-fish.ask": "相手1人と、手札にあるランクを選んで聞いてください。",
    "hint.go-fish.known": "その人は {rank} を聞いてから、まだ渡していません",
    "hint.go-fish.books_known": "その人は {rank} を持っています。もらえれば本がそろいます",
    "hint.go-fish.books": "もらえれば {rank} の本がそろいます（当たる見込み 約{percent}%）",
    "hint.go-fish.likely": "これまでの質問と答えから、いちばん当たりやすい質問です（約{percent}%）",
    "result.go-fish.books": "本",
    "result.go-fish.seat": "{name}：{count} 本（{ranks}）",
    "result.go-fish.seat_none": "{name}：0 本",
    "result.go-fish.shared": "同点優勝",
    "result.go-fish.shared_by": "{names}（各 {count} 本）",
    "error.go-fish.rank_not_held": "手札にあるランクを聞いてください。",
    "error.go-fish.ask_yourself": "自分以外の人に聞いてください。",
    "error.go-fish.target_empty": "その人は手札がなく、山札もありません。手札がある人に聞いてください。",
    "error.go-fish.bad_rank": "ランクは A、2〜10、J、Q、K のどれかです。",
    "error.go-fish.bad_target": "その席はこの卓にありません。",
}
