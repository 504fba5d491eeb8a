"""Zhao Pengyou's sentences in English and Japanese (です/ます, the full-width colon)."""

G = "zhao-pengyou"

EN: dict[str, str] = {
    f"game.{G}.rules": (
        "6 to 12 players, two temporary teams each deal. The cards depend on the table: 6: two "
        "decks and 2+2 jokers · 7: two decks · 8: three decks and 2 big jokers · 9: three decks "
        "and 3 big jokers · 10: three decks · 11: three decks and 2+2 jokers · 12: four decks "
        "and 2 big jokers. Everyone's **rank** starts at 2; the first to reach A wins (everyone "
        "who reaches it in the same deal wins together).\n"
        "**Trumps**: big joker, small joker, the trump rank in the trump suit, the other three "
        "cards of the trump rank (equal), then the trump suit A to 2. They all count as one "
        "suit.\n"
        "**The deal**: the cards lie face down; from the provisional dealer on, each player in "
        "turn takes the top card until 6 are left (the kitty). A player who won the last deal "
        "(everyone in the first deal and after a redeal) may at any moment show a card of their "
        "own rank: its suit and their rank become trump and they are the **declarer**. The first "
        "declaration stands; nobody has to declare. After the last card, players who can still "
        "declare get one last chance; if nobody does, the same dealer deals again.\n"
        "**Kitty and friends**: the declarer takes the kitty and buries 6 cards face down, then "
        "calls friends (2 calls with 6–7 players, 3 with 8–9, 4 with 10–11, 5 with 12) by naming "
        'a non-trump card and which copy of it counts, like "the 2nd A♥": whoever plays that '
        "copy joins the declarer, and everyone sees it then.\n"
        "**Play**: the declarer leads, then each trick's winner. Lead a single card, a set of "
        "identical cards, a sequence of sets (like 7♥7♥ 8♥8♥; the trump rank is skipped, no "
        "jokers), or several top cards of one suit together (a throw: singles, or sets of one "
        "size). A throw that another player could beat is shown and its weakest part is led "
        "instead. Follow with as many cards, as many of the led suit as you can, and sets of "
        "the led size when you hold them. Trumps beat the led suit; a set, a sequence or a "
        "throw is beaten only by the same shape.\n"
        "**Scoring**: K and 10 are 10 points, 5 is 5. The defenders (not on the declarer's "
        "team) win the deal with 40 points a deck; the kitty goes to the side that wins the "
        "last trick, its points doubled. Game points: defenders 1 (40/deck), 2 (80/deck), "
        "3 (100/deck); declarer's team 1, or 2 when the defenders took nothing, plus 1 (2) for "
        "each friend missing. Winners who also won the last deal go up that many ranks, other "
        "winners one less."
    ),
    f"legend.{G}": (
        "Each seat: its rank (the declarer's rank is the trump rank), 👑 the declarer, 🤝 a friend who has shown itself, 🎲 the provisional dealer, ⭐ a winner of the last deal (it may declare, and goes up faster); its cards; in play, the points it took and the cards it played.\n"
        "Deal 1 · trick 3 · … · trump ♥2 · defenders 40 of 80: the defenders (not on the declarer's team) win the deal when their points reach the second number (a 5 counts 5, a 10 or a K 10).\n"
        "Your hand is numbered from 1, trumps first: type cards by number or code (several with spaces: 3 4, or 7H 7H); Joker+ is the big joker, typed BJ, Joker− the small one, SJ."
    ),
    f"game.{G}.seat": "{name} · rank {rank}{marks} · {cards}",
    f"game.{G}.seat_points": " · {points} pts",
    f"game.{G}.seat_played": " · played {cards}",
    f"game.{G}.seat_holds": " (holds the trick)",
    f"game.{G}.mark.declarer": " 👑",
    f"game.{G}.mark.friend": " 🤝",
    f"game.{G}.mark.dealer": " 🎲",
    f"game.{G}.mark.active": " ⭐",
    f"game.{G}.line_draw": "Deal {deal} · drawing {drawn} of {total} · trump not declared yet",
    f"game.{G}.line_draw_declared": "Deal {deal} · drawing {drawn} of {total} · trump {trump}",
    f"game.{G}.line_window": "Deal {deal} · the drawing is over: last chance to declare",
    f"game.{G}.line_bury": "Deal {deal} · trump {trump} · the declarer buries 6 cards",
    f"game.{G}.line_call": "Deal {deal} · trump {trump} · the declarer calls friends",
    f"game.{G}.line_play": "Deal {deal} · trick {trick} · {left} cards left · trump {trump} · defenders {points} of {threshold}",
    f"game.{G}.line_over": "The game is over after {deal} deals.",
    f"game.{G}.line_over.one": "The game is over after 1 deal.",
    f"game.{G}.calls_line": "Calls: {calls}",
    f"game.{G}.your_hand": "Your hand: {cards}",
    f"game.{G}.call_open": "{call} ({seen} of {nth} played)",
    f"game.{G}.call_joined": "{call} → {name}",
    f"game.{G}.call_spent": "{call} → {name} (no one joins)",
    f"game.{G}.nth.1": "1st",
    f"game.{G}.nth.2": "2nd",
    f"game.{G}.nth.3": "3rd",
    f"game.{G}.nth.4": "4th",
    f"game.{G}.call": "{nth} {card}",
    f"game.{G}.trump": "{suit} {rank}",
    f"game.{G}.trump_text": "{card}: {suit} and the {rank}s",
    f"game.{G}.suit.S": "spades",
    f"game.{G}.suit.H": "hearts",
    f"game.{G}.suit.D": "diamonds",
    f"game.{G}.suit.C": "clubs",
    f"game.{G}.suit.T": "trumps",
    f"game.{G}.start": "{name} is the provisional dealer and draws first. Anyone holding a 2 may declare trump while the cards are drawn.",
    f"game.{G}.you_declared": "You declared {card}: you are the declarer.",
    f"game.{G}.you_passed": "You passed.",
    f"game.{G}.you_buried": "You buried {cards}.",
    f"game.{G}.you_called": "You called {calls}.",
    f"game.{G}.you_played": "You played {cards}.",
    f"game.{G}.you_took": "You played {cards} and took the trick ({points} points).",
    f"game.{G}.you_joined": "You played the {call}: you are the declarer's friend.",
    f"game.{G}.you_failed": "Your throw did not stand: {cards} was led instead.",
    f"game.{G}.kitty_doubled": "the kitty's {points} points doubled for the defenders",
    f"game.{G}.kitty_kept": "the kitty's {points} points stay with the declarer's team",
    f"game.{G}.deal_result": "defenders {points} of {threshold}: {side} win, {game_points} game points; {kitty}",
    f"game.{G}.deal_result.one": "defenders {points} of {threshold}: {side} win, 1 game point; {kitty}",
    f"game.{G}.side.declarer": "the declarer's team",
    f"game.{G}.side.defenders": "the defenders",
    f"game.{G}.rank_steps": " (+{steps})",
    f"game.{G}.kitty_shown": "; the kitty: {cards}",
    f"event.{G}.drew": "{name} drew a card",
    f"event.{G}.drew_card": "{name} drew {card}",
    f"event.{G}.declared": "📣 {name} declared {card}: trump is {trump}",
    f"event.{G}.last_window": "the drawing is over and nobody has declared: a last chance to declare",
    f"event.{G}.passed": "{name} passed",
    f"event.{G}.redeal": "nobody declared: {name} deals again",
    f"event.{G}.kitty_taken": "{name} takes the {count} kitty cards",
    f"event.{G}.kitty_taken.one": "{name} takes the 1 kitty card",
    f"event.{G}.kitty_cards": "{name} takes the kitty: {cards}",
    f"event.{G}.buried": "{name} buries {count} cards",
    f"event.{G}.buried.one": "{name} buries 1 card",
    f"event.{G}.buried_cards": "{name} buries {cards}",
    f"event.{G}.called": "{name} calls {calls}",
    f"event.{G}.play": "{name} plays {cards}",
    f"event.{G}.throw_failed": "❗ {name}'s throw of {attempted} does not stand: {cards} is led instead",
    f"event.{G}.friend": "🤝 {name} plays the {call} and joins the declarer",
    f"event.{G}.call_spent": "the {call} goes to {name}, already on the team: nobody joins",
    f"event.{G}.trick": "{name} takes the trick ({points} points)",
    f"event.{G}.deal_over": "deal {deal} is over: {summary}",
    f"event.{G}.deal": "deal {deal}: {name} is the provisional dealer",
    f"event.{G}.game_over": "The game is over.",
    f"action.{G}.draw": "Draw",
    f"action.{G}.declare": "Declare {card}",
    f"action.{G}.pass": "Pass",
    f"action.{G}.bury": "Bury {cards}",
    f"action.{G}.call": "Call {calls}",
    f"action.{G}.play": "Play {cards}",
    f"prompt.{G}.draw": "Draw a card.",
    f"prompt.{G}.declare": "Declare trump with a card of your rank, now or at any moment of the drawing.",
    f"prompt.{G}.last_window": "Last chance: declare trump with a card of your rank, or pass.",
    f"prompt.{G}.bury": "Bury exactly 6 cards (the kitty is in your hand).",
    f"prompt.{G}.call": "Call {count} friends: choose one of these sets.",
    f"prompt.{G}.call.one": "Call 1 friend: choose one of these sets.",
    f"prompt.{G}.lead": "Lead: a single card, a set, a sequence of sets, or top cards of one suit.",
    f"prompt.{G}.play": "Follow with {n} cards (dimmed cards can't be part of a legal play).",
    f"prompt.{G}.play.one": "Follow with 1 card (dimmed cards can't be played now).",
    f"prompt.{G}.type_calls": "Type {count} calls, each a card and which copy: AH 1, KS 2",
    f"prompt.{G}.type_calls.one": "Type 1 call, a card and which copy: AH 1",
    f"pick.{G}.bury": "Bury {cards}",
    f"pick.{G}.play": "Play {cards}",
    f"group.{G}.trump": "Trumps",
    f"result.{G}.ranks": "Ranks",
    f"result.{G}.rank_line": "{name} {rank}",
    f"result.{G}.deals": "Deals",
    f"result.{G}.last_deal": "Last deal",
    f"hint.{G}.declare": "Enough trumps in your hand to make this suit trump.",
    f"hint.{G}.wait": "Not enough trumps yet: wait (you may still declare later).",
    f"hint.{G}.pass": "Too few trumps for a good deal as declarer.",
    f"hint.{G}.bury": "Empty a short suit and keep points and trumps out of the kitty.",
    f"hint.{G}.call": "Calls likely to bring strong partners.",
    f"hint.{G}.win": "Take the trick: it carries points.",
    f"hint.{G}.low": "Keep your good cards: play low.",
    f"hint.{G}.feed": "Your partner holds the trick: give them points.",
    f"hint.{G}.top_single": "A top card: nobody can beat it in its suit.",
    f"hint.{G}.top_throw": "Top cards only: the throw stands.",
    f"hint.{G}.top_set": "A top set: nobody can beat it in its suit.",
    f"hint.{G}.sequence": "A sequence of sets is hard to beat.",
    f"hint.{G}.trump": "Draw out trumps.",
    f"hint.{G}.trump_set": "Draw out trumps with a set.",
    f"hint.{G}.friend": "Play the called card: you join the declarer.",
    f"hint.{G}.play": "The best play in the simulations.",
    f"error.{G}.lead_suits": "A lead is all of one suit (all trumps count as one suit).",
    f"error.{G}.lead_units": "Lead identical cards in groups of one size: singles, or sets of the same size.",
    f"error.{G}.follow_count": "Play {count} cards to this lead.",
    f"error.{G}.follow_count.one": "Play 1 card to this lead.",
    f"error.{G}.follow_led_suit": "Play {count} cards of the led suit: you hold them.",
    f"error.{G}.follow_led_suit.one": "Play 1 card of the led suit: you hold it.",
    f"error.{G}.follow_sets": "Play {count} sets of {size} identical cards of the led suit: you hold them.",
    f"error.{G}.follow_sets.one": "Play 1 set of {size} identical cards of the led suit: you hold it.",
    f"error.{G}.play_empty": "Play at least one card.",
    f"error.{G}.bury_count": "Bury exactly 6 cards.",
    f"error.{G}.call_count": "Make exactly {count} calls.",
    f"error.{G}.call_count.one": "Make exactly 1 call.",
    f"error.{G}.call_trump": "{card} is a trump: call a card that is not a trump.",
    f"error.{G}.call_repeat": "That call is made twice.",
    f"error.{G}.call_nth": "Call the 1st to the {decks}th copy of a card.",
    f"error.{G}.not_entitled": "Only a player who won the last deal may declare in this deal.",
    f"error.{G}.not_your_rank": "Declare with a card of your own rank ({rank}), not a joker.",
    f"error.{G}.already_declared": "Trump has been declared already.",
    f"error.{G}.declared_by": "Trump was declared already: {name} declared {card}.",
    f"error.{G}.not_asked": "You have no declaration to make or pass.",
    f"error.{G}.already_passed": "You have passed already.",
    f"error.{G}.wrong_phase": "That can't be done at this moment of the deal.",
    f"error.{G}.bad_card": "That is not a card (like 7H, QS, TC, BJ).",
    f"error.{G}.bad_calls": "Type calls as a card and which copy of it: `AH 1, KS 2`.",
}

JA: dict[str, str] = {
    f"game.{G}.rules": (
        "6〜12人で遊び、ディールごとに2つの臨時チームに分かれます。使うカードは人数で決まります：6人 2組と"
        "ジョーカー大2・小2・7人 2組・8人 3組と大ジョーカー2・9人 3組と大ジョーカー3・10人 3組・11人 3組と"
        "ジョーカー大2・小2・12人 4組と大ジョーカー2。各自の**ランク**は2から始まり、最初にAに達した人の勝ち"
        "です（同じディールで達した人は全員勝ち）。\n"
        "**切札**：大ジョーカー、小ジョーカー、切札のスートの切札ランクのカード、ほかの3枚の切札ランクの"
        "カード（同じ強さ）、切札のスートのA〜2 の順です。すべて1つのスートとして扱います。\n"
        "**ディール**：カードを裏向きに置き、仮親から順に1枚ずつ取ります。最後の6枚は残します（キティ）。"
        "前回のディールに勝った人（最初のディールと配り直しのあとは全員）は、いつでも自分のランクのカードを"
        "見せて、そのスートと自分のランクを切札にできます。その人が**親**です。最初の宣言が有効で、宣言の義務"
        "はありません。最後のカードのあと、まだ宣言できる人にもう一度だけ機会があります。誰も宣言しなければ、"
        "同じ仮親が配り直します。\n"
        "**キティと友達**：親はキティを手札に加えて6枚を伏せて捨て、切札以外のカードと何枚目かを指定して友達を"
        "呼びます（6〜7人 2回、8〜9人 3回、10〜11人 4回、12人 5回）。例えば「A♥ の2枚目」：そのカードを出した"
        "人が親のチームになり、その時に全員にわかります。\n"
        "**プレイ**：最初は親がリードし、以降はトリックの勝者がリードします。1枚、同じカードのセット、セットの"
        "シークエンス（7♥7♥ 8♥8♥ など。切札のランクは飛ばし、ジョーカーは使えません）、同じスートのトップ"
        "カードのまとめ出し（1枚ずつ、または同じ枚数のセット）をリードできます。ほかの人に負けるまとめ出しは"
        "公開され、その最も弱い部分がリードになります。フォローは同じ枚数で、リードされたスートをできるだけ"
        "出し、同じ枚数のセットを持っていれば出します。切札はリードされたスートに勝ち、セット・シークエンス・"
        "まとめ出しには同じ形でなければ勝てません。\n"
        "**得点**：K と 10 は10点、5 は5点です。防御チーム（親のチーム以外）は1組あたり40点で勝ちます。"
        "キティは最後のトリックを取った側のものになり、点数は2倍です。ゲーム点：防御チームは1点（1組40点）、"
        "2点（80点）、3点（100点）、親のチームは1点、防御チームが0点なら2点で、友達が1人欠けるごとに1点"
        "（2点）を加えます。前回も勝っていた勝者はその数だけランクが上がり、ほかの勝者は1つ少なく上がります。"
    ),
    f"legend.{G}": (
        "各席：ランク（親のランクが切札のランク）、👑 親、🤝 名乗り出た友達、🎲 仮の親、⭐ 前のディールの勝者（宣言でき、ランクが早く上がります）。手札の枚数。プレイ中は取った点と出した札。\n"
        "第1ディール・第3トリック・…・切札 ♥2・防御 40/80点：防御側（親のチーム以外）の点が後ろの数に届くと、防御側がディールに勝ちます（5 は5点、10 と K は10点）。\n"
        "手札は切札から順に1から番号がついています：札は番号か記号で入力します（複数はスペースで：3 4、7H 7H）。Joker+ は大きいジョーカー（BJ）、Joker− は小さいジョーカー（SJ）。"
    ),
    f"game.{G}.seat": "{name}・ランク{rank}{marks}・{cards}",
    f"game.{G}.seat_points": "・{points}点",
    f"game.{G}.seat_played": "・{cards} を出しました",
    f"game.{G}.seat_holds": "（勝ち札）",
    f"game.{G}.mark.declarer": " 👑",
    f"game.{G}.mark.friend": " 🤝",
    f"game.{G}.mark.dealer": " 🎲",
    f"game.{G}.mark.active": " ⭐",
    f"game.{G}.line_draw": "第{deal}ディール・{drawn}/{total}枚 取りました・切札はまだ決まっていません",
    f"game.{G}.line_draw_declared": "第{deal}ディール・{drawn}/{total}枚 取りました・切札 {trump}",
    f"game.{G}.line_window": "第{deal}ディール・取り終わりました：宣言の最後の機会です",
    f"game.{G}.line_bury": "第{deal}ディール・切札 {trump}・親が6枚を伏せます",
    f"game.{G}.line_call": "第{deal}ディール・切札 {trump}・親が友達を指定します",
    f"game.{G}.line_play": "第{deal}ディール・第{trick}トリック・残り{left}枚・切札 {trump}・防御 {points}/{threshold}点",
    f"game.{G}.line_over": "{deal}ディールでゲームが終わりました。",
    f"game.{G}.calls_line": "指定：{calls}",
    f"game.{G}.your_hand": "あなたの手札：{cards}",
    f"game.{G}.call_open": "{call}（{seen}/{nth}枚 出ました）",
    f"game.{G}.call_joined": "{call} → {name}",
    f"game.{G}.call_spent": "{call} → {name}（加わる人なし）",
    f"game.{G}.nth.1": "1枚目",
    f"game.{G}.nth.2": "2枚目",
    f"game.{G}.nth.3": "3枚目",
    f"game.{G}.nth.4": "4枚目",
    f"game.{G}.call": "{card} の{nth}",
    f"game.{G}.trump": "{suit} {rank}",
    f"game.{G}.trump_text": "{card}（{suit}と{rank}）",
    f"game.{G}.suit.S": "スペード",
    f"game.{G}.suit.H": "ハート",
    f"game.{G}.suit.D": "ダイヤ",
    f"game.{G}.suit.C": "クラブ",
    f"game.{G}.suit.T": "切札",
    f"game.{G}.start": "{name}が仮親で、最初に取ります。カードを取っている間、2 を持っている人は切札を宣言できます。",
    f"game.{G}.you_declared": "{card} で宣言しました。あなたが親です。",
    f"game.{G}.you_passed": "パスしました。",
    f"game.{G}.you_buried": "{cards} を伏せました。",
    f"game.{G}.you_called": "{calls} を指定しました。",
    f"game.{G}.you_played": "{cards} を出しました。",
    f"game.{G}.you_took": "{cards} を出してトリックを取りました（{points}点）。",
    f"game.{G}.you_joined": "{call} を出しました。あなたは親の友達です。",
    f"game.{G}.you_failed": "まとめ出しは通りませんでした。{cards} がリードになりました。",
    f"game.{G}.kitty_doubled": "キティの{points}点は2倍で防御チームへ",
    f"game.{G}.kitty_kept": "キティの{points}点は親のチームへ",
    f"game.{G}.deal_result": "防御 {points}/{threshold}点：{side}の勝ち、ゲーム点 {game_points}・{kitty}",
    f"game.{G}.side.declarer": "親のチーム",
    f"game.{G}.side.defenders": "防御チーム",
    f"game.{G}.rank_steps": "（+{steps}）",
    f"game.{G}.kitty_shown": "・キティ：{cards}",
    f"event.{G}.drew": "{name}が1枚取りました",
    f"event.{G}.drew_card": "{name}が {card} を取りました",
    f"event.{G}.declared": "📣 {name}が {card} で宣言しました：切札は{trump}です",
    f"event.{G}.last_window": "取り終わりましたが宣言はありません：宣言の最後の機会です",
    f"event.{G}.passed": "{name}はパスしました",
    f"event.{G}.redeal": "誰も宣言しませんでした：{name}が配り直します",
    f"event.{G}.kitty_taken": "{name}がキティ{count}枚を取りました",
    f"event.{G}.kitty_cards": "{name}がキティを取りました：{cards}",
    f"event.{G}.buried": "{name}が{count}枚を伏せました",
    f"event.{G}.buried_cards": "{name}が {cards} を伏せました",
    f"event.{G}.called": "{name}の指定：{calls}",
    f"event.{G}.play": "{name}が {cards} を出しました",
    f"event.{G}.throw_failed": "❗ {name}の {attempted} のまとめ出しは通りません：{cards} がリードになります",
    f"event.{G}.friend": "🤝 {name}が {call} を出して親の友達になりました",
    f"event.{G}.call_spent": "{call} は既にチームの{name}が出しました：加わる人はいません",
    f"event.{G}.trick": "{name}がトリックを取りました（{points}点）",
    f"event.{G}.deal_over": "第{deal}ディール終了：{summary}",
    f"event.{G}.deal": "第{deal}ディール：{name}が仮親です",
    f"event.{G}.game_over": "ゲーム終了です。",
    f"action.{G}.draw": "取る",
    f"action.{G}.declare": "{card} で宣言",
    f"action.{G}.pass": "パス",
    f"action.{G}.bury": "{cards} を伏せる",
    f"action.{G}.call": "{calls} を指定",
    f"action.{G}.play": "{cards} を出す",
    f"prompt.{G}.draw": "カードを1枚取ってください。",
    f"prompt.{G}.declare": "自分のランクのカードで切札を宣言できます（取っている間はいつでも）。",
    f"prompt.{G}.last_window": "最後の機会です：自分のランクのカードで宣言するか、パスしてください。",
    f"prompt.{G}.bury": "ちょうど6枚を伏せてください（キティは手札に入っています）。",
    f"prompt.{G}.call": "友達を{count}回指定してください：次の組み合わせから選べます。",
    f"prompt.{G}.type_calls": "指定を{count}つ、カードと何枚目かで入力：AH 1, KS 2",
    f"prompt.{G}.lead": "リードしてください：1枚、セット、セットのシークエンス、同じスートのトップカードのまとめ出し。",
    f"prompt.{G}.play": "{n}枚でフォローしてください（暗いカードは出せる組み合わせに入りません）。",
    f"pick.{G}.bury": "{cards} を伏せる",
    f"pick.{G}.play": "{cards} を出す",
    f"group.{G}.trump": "切札",
    f"result.{G}.ranks": "ランク",
    f"result.{G}.rank_line": "{name} {rank}",
    f"result.{G}.deals": "ディール数",
    f"result.{G}.last_deal": "最後のディール",
    f"hint.{G}.declare": "このスートを切札にできるだけの切札が手札にあります。",
    f"hint.{G}.wait": "まだ切札が足りません。待ちます（あとで宣言できます）。",
    f"hint.{G}.pass": "親として勝てるほどの切札がありません。",
    f"hint.{G}.bury": "短いスートをなくし、点札と切札はキティに入れません。",
    f"hint.{G}.call": "強い味方が来そうな指定です。",
    f"hint.{G}.win": "点札のあるトリックなので取ります。",
    f"hint.{G}.low": "良いカードは残して、低いカードを出します。",
    f"hint.{G}.feed": "味方がトリックを取っているので、点札を渡します。",
    f"hint.{G}.top_single": "トップカードです。そのスートで勝てる人はいません。",
    f"hint.{G}.top_throw": "トップカードだけなので、まとめ出しが通ります。",
    f"hint.{G}.top_set": "トップのセットです。そのスートで勝てる人はいません。",
    f"hint.{G}.sequence": "セットのシークエンスは負けにくいリードです。",
    f"hint.{G}.trump": "切札を引き出します。",
    f"hint.{G}.trump_set": "切札のセットで切札を引き出します。",
    f"hint.{G}.friend": "指定されたカードを出して親のチームに加わります。",
    f"hint.{G}.play": "シミュレーションで最も良い手です。",
    f"error.{G}.lead_suits": "リードは1つのスートだけです（切札はすべて1つのスートです）。",
    f"error.{G}.lead_units": "同じカードは同じ枚数ずつリードしてください（1枚ずつか、同じ枚数のセット）。",
    f"error.{G}.follow_count": "このリードには{count}枚出してください。",
    f"error.{G}.follow_led_suit": "リードされたスートを持っているので、{count}枚出してください。",
    f"error.{G}.follow_sets": "リードされたスートの{size}枚のセットを持っているので、{count}組出してください。",
    f"error.{G}.play_empty": "1枚以上出してください。",
    f"error.{G}.bury_count": "ちょうど6枚を伏せてください。",
    f"error.{G}.call_count": "ちょうど{count}回指定してください。",
    f"error.{G}.call_trump": "{card} は切札です。切札以外のカードを指定してください。",
    f"error.{G}.call_repeat": "同じ指定が2回あります。",
    f"error.{G}.call_nth": "1枚目から{decks}枚目までで指定してください。",
    f"error.{G}.not_entitled": "このディールで宣言できるのは、前回のディールに勝った人だけです。",
    f"error.{G}.not_your_rank": "自分のランク（{rank}）のカードで宣言してください。ジョーカーは使えません。",
    f"error.{G}.already_declared": "切札はもう宣言されています。",
    f"error.{G}.declared_by": "切札はもう宣言されています：{name}が{card}を宣言しました。",
    f"error.{G}.not_asked": "宣言やパスをする場面ではありません。",
    f"error.{G}.already_passed": "もうパスしています。",
    f"error.{G}.wrong_phase": "ディールの今の場面ではできません。",
    f"error.{G}.bad_card": "カードの書き方ではありません（7H、QS、TC、BJ など）。",
    f"error.{G}.bad_calls": "指定はカードと何枚目かで入力してください（例：`AH 1, KS 2`）。",
}
