"""Kokutorum's sentences in English and Japanese (です/ます, the full-width colon)."""

EN: dict[str, str] = {
    "game.kokutorum.rules": (
        "2 or 3 players, 30 cards. Each card has a white number and a black number (1–6, never "
        "the same); only the end that is upright in your hand counts: ○2 is a white 2, ●5 a "
        "black 5.\n"
        "**Deal**: 8 cards each. The order of your hand is fixed from then on. Before the "
        "round's first draw you may once turn your whole hand around (**Rotate**: the order is "
        "reversed and every card shows its other end) or **Keep** it; both versions are shown. "
        "The next card is turned up as the first discard; the rest is the stock. The player "
        "after the dealer starts.\n"
        "**Your turn**: draw from the stock or take the top of the discard pile; insert the card "
        "into any gap of your hand with either end up (gap 1 is the far left, gap 9 the far "
        "right: `insert 3 B`); discard any card by its number (`discard 5`), the one you drew "
        "too.\n"
        "**Melds**: 3 or more cards next to each other, of one colour, either all the same "
        "number (a set) or numbers going up or down by 1 (a run). Cards that are not in a meld "
        "are deadwood: their upright numbers are your points (lower is better).\n"
        "**Knock**: after inserting your card (your 9 cards count), or after your discard "
        "until the next player draws (8 cards). The round ends at once and hands are shown.\n"
        "**Scoring**: if another player has fewer points than the knocker, that is an "
        "**undercut**: the lowest player scores the difference + 5. Otherwise the knocker "
        "scores the difference to the next lowest player, + 5 for **kokuto** (0 points). When "
        "the stock runs out, the player who draws its last card finishes the turn (and may "
        "knock); then the lowest player(s) score 5.\n"
        "**The game**: rounds go on, the deal passing to the next player, until someone "
        "reaches the target (30 points): the highest total wins, ties share.\n"
        "**Reading the images**: your hand is at the bottom, its cards numbered for "
        "`discard 5`; while your drawn card waits, it is shown once with each end up and the "
        "gold marks between your cards are the gaps (`insert 3 B`). A gold bracket over cards "
        "is a meld, named (set, run). The others' hands are backs in order; a card they took "
        "from the discard pile shows in its place by its upright end alone (a white or black "
        "tile with its number). Cards on the table show both ends, white above black. Blue "
        "rings the card a choice would put in, red the card you would discard. At a round's "
        "end every hand is shown by its upright ends; every round's scores are under "
        "**Details**."
    ),
    "legend.kokutorum": (
        "○3 is a white end showing 3, ●5 a black end showing 5. In a hand only the end that is up counts.\n"
        "○2/●6 is a card outside a hand (the card drawn, the discard pile): white 2 at one end, black 6 at the other. W puts the white end up, B the black one.\n"
        "Your hand: 1 ○6 2 ○1 …, each card after its number; [ ] marks a meld (3 or more next to each other, one colour, all equal or counting up or down by 1).\n"
        "▸3 is gap 3, the place just before card 3 (▸1 the far left, the last the far right): where the card you drew goes.\n"
        "Deadwood: the numbers of your cards outside melds, your points (lower is better). Total: the points scored in past rounds."
    ),
    "game.kokutorum.seat": "{name}: {count} cards · total {total}",
    "game.kokutorum.seat.one": "{name}: 1 card · total {total}",
    "game.kokutorum.dealer": " · dealer",
    "game.kokutorum.rotated": " · rotated",
    "game.kokutorum.stock": "Stock {count} · discard pile {card}",
    "game.kokutorum.stock_no_pile": "Stock {count} · the discard pile is empty",
    "game.kokutorum.last_card": "⚠️ The stock's last card is in play: the next discard ends the round.",
    "game.kokutorum.knock_window": "{name} may still knock until the next draw.",
    "game.kokutorum.hand": "Your hand (deadwood {points}): {cards}",
    "game.kokutorum.as_dealt": "As dealt (deadwood {points}): {cards}",
    "game.kokutorum.rotate_view": "Rotated (deadwood {points}): {cards}",
    "game.kokutorum.drawn": "You drew {card}: W puts {white} up, B puts {black} up. Choose an end and a gap (▸1–▸{gaps}).",
    "game.kokutorum.preview": "After the insert (deadwood {points}): {cards} — {best} after your best discard.",
    "game.kokutorum.last_round": "Last round: {summary}",
    "game.kokutorum.shown": "{name} showed {cards}",
    "game.kokutorum.sentence": "{text}.",
    "game.kokutorum.then": "{first} {second}",
    "game.kokutorum.line": "Round {round} · first to {target} points",
    "game.kokutorum.line_over": "The game is over after {round} rounds.",
    "game.kokutorum.line_over.one": "The game is over after 1 round.",
    "game.kokutorum.start": "{name} deals; {first} plays first. Before the first draw, each player may rotate their hand once.",
    "game.kokutorum.you_rotated": "You rotated your hand.",
    "game.kokutorum.you_kept": "You keep your hand as dealt.",
    "game.kokutorum.you_drew": "You drew {card}.",
    "game.kokutorum.you_took": "You took {card} from the discard pile.",
    "game.kokutorum.you_inserted": "You put {card} in gap {gap}, {face} up.",
    "game.kokutorum.you_discarded": "You discarded {card}.",
    "game.kokutorum.you_knocked": "You knocked.",
    "game.kokutorum.round_knock": "{name} knocks. Deadwood: {points}. {name} scores {score}. Totals: {totals}.",
    "game.kokutorum.round_kokuto": "Kokuto! {name} knocks with no deadwood. Deadwood: {points}. {name} scores {score} ({diff} + 5). Totals: {totals}.",
    "game.kokutorum.round_undercut": "Undercut! {name} knocked. Deadwood: {points}. {winners} score {score} ({diff} + 5). Totals: {totals}.",
    "game.kokutorum.round_undercut.one": "Undercut! {name} knocked. Deadwood: {points}. {winners} scores {score} ({diff} + 5). Totals: {totals}.",
    "game.kokutorum.round_stock": "The stock ran out. Deadwood: {points}. {winners} score 5. Totals: {totals}.",
    "game.kokutorum.round_stock.one": "The stock ran out. Deadwood: {points}. {winners} scores 5. Totals: {totals}.",
    "game.kokutorum.points": "{name} {points}",
    "game.kokutorum.total": "{name} {total}",
    "game.kokutorum.gap": "{gap} · {left} ▸ {right}",
    "game.kokutorum.gap_first": "{gap} · before {right}",
    "game.kokutorum.gap_last": "{gap} · after {left}",
    "game.kokutorum.end": "{face} up ({end})",
    "game.kokutorum.ends": "W {white} · B {black}",
    "event.kokutorum.rotated": "{name} rotates their hand",
    "event.kokutorum.kept": "{name} keeps their hand",
    "event.kokutorum.draw": "{name} draws from the stock",
    "event.kokutorum.draw_pile": "{name} takes {card} from the discard pile",
    "event.kokutorum.drew_card": "{name} draws {card} from the stock",
    "event.kokutorum.insert": "{name} inserts it in gap {gap}",
    "event.kokutorum.insert_known": "{name} inserts {card} in gap {gap}",
    "event.kokutorum.inserted_card": "{name} puts {card} in gap {gap}",
    "event.kokutorum.discard": "{name} discards {card}",
    "event.kokutorum.knock": "{name} knocks with {cards} cards",
    "event.kokutorum.round_over": "{summary}",
    "event.kokutorum.deal": "Round {round}: {name} deals, the upcard is {card}",
    "action.kokutorum.rotate": "Rotate",
    "action.kokutorum.keep": "Keep",
    "action.kokutorum.draw": "Draw from the stock",
    "action.kokutorum.draw_pile": "Take the discard",
    "action.kokutorum.insert": "Insert {gap} {end}",
    "action.kokutorum.discard": "Discard {number}",
    "action.kokutorum.knock": "Knock",
    "prompt.kokutorum.rotate": "Rotate your whole hand once (the order reversed, every card turned), or keep it. Both versions are shown; the CPUs wait for your choice.",
    "prompt.kokutorum.draw": "Draw from the stock, or take the top of the discard pile.",
    "prompt.kokutorum.insert": "Insert the card you drew: choose the end that goes up (W or B) and a gap (▸1 is the far left).",
    "prompt.kokutorum.discard": "Discard a card by its number, or knock now with 9 cards.",
    "prompt.kokutorum.knock": "Knock now with your 8 cards, until the next player draws.",
    "field.kokutorum.position": "Gap {value}",
    "field.kokutorum.upright": "{value}",
    "hint.kokutorum.keep": "The hand as dealt is the better one.",
    "hint.kokutorum.rotate": "Turned around, the hand has {points} points of deadwood instead of {before}.",
    "hint.kokutorum.only_draw": "There is only one place to draw from.",
    "hint.kokutorum.pile_meld": "{card} makes a meld: deadwood {points}.",
    "hint.kokutorum.pile_better": "{card} leaves {points} points, better than the stock on average.",
    "hint.kokutorum.stock": "The pile's top card makes no meld.",
    "hint.kokutorum.stock_better": "The stock is better on average.",
    "hint.kokutorum.insert_meld": "It joins a meld: deadwood {points} after the discard.",
    "hint.kokutorum.insert_low": "It keeps the deadwood at {points} after the discard.",
    "hint.kokutorum.discard": "Letting {card} go leaves {points} points of deadwood.",
    "hint.kokutorum.knock": "Knock: {points} points, and the others are likely higher.",
    "hint.kokutorum.wait": "Wait: with {points} points an undercut is too likely.",
    "result.kokutorum.totals": "Totals",
    "result.kokutorum.total_line": "{rank}. {name} {total}",
    "result.kokutorum.rounds": "Rounds",
    "result.kokutorum.round_line": "{round}. {how}: {scores}",
    "result.kokutorum.how.knock": "{name} knocked",
    "result.kokutorum.how.kokuto": "kokuto by {name}",
    "result.kokutorum.how.undercut": "{name} undercut",
    "result.kokutorum.how.stock": "stock out",
    "result.kokutorum.score": "{name} +{score}",
    "result.kokutorum.no_score": "nobody scores",
    "error.kokutorum.knock_not_now": "Knock after inserting your drawn card, or after your discard until the next player draws.",
    "error.kokutorum.empty_pile": "The discard pile is empty: draw from the stock.",
    "error.kokutorum.rotation_closed": "Hands can only be rotated before the round's first draw.",
    "error.kokutorum.already_decided": "You have already decided on the rotation this round.",
    "error.kokutorum.bad_position": "Your hand has no such card or gap: count them from 1 at the far left.",
    "error.kokutorum.bad_upright": "Choose W (white up) or B (black up).",
    "error.kokutorum.wrong_phase": "Not now: a turn is draw, then insert, then discard.",
    "error.kokutorum.not_your_turn": "It is not your turn.",
    "error.kokutorum.bad_seat": "There is no such seat at this table.",
    "error.kokutorum.unknown_action": "Kokutorum has no such move.",
}

JA: dict[str, str] = {
    "game.kokutorum.rules": (
        "2～3人・30枚で遊びます。各カードには白の数字と黒の数字（1～6、同じ数字はありません）が"
        "あり、手札で正位置に見えている側だけが有効です：○2 は白の2、●5 は黒の5です。\n"
        "**配札**：1人8枚ずつ配ります。以降、手札の並びは変えられません。ラウンド最初のドローの前に"
        "一度だけ、手札全体を180度回転させる（**回転**：並びが逆になり、すべてのカードの向きが変わります）"
        "か、**そのまま**にするかを選べます（両方の並びを表示します）。次のカードを表にして最初の"
        "捨て札にし、残りが山札です。ディーラーの次のプレイヤーから始めます。\n"
        "**手番**：山札か捨て札の一番上から1枚引き、任意の向きで手札の任意の隙間に差し込み（隙間1が"
        "左端、隙間9が右端：`差し込む 3 B`）、手札から番号で1枚捨てます（`捨てる 5`。引いたカードを"
        "捨ててもかまいません）。\n"
        "**メルド**：隣り合う3枚以上の同じ色のカードで、同じ数字（セット）か、1ずつ増えるか減る数字"
        "（ラン）です。メルドにならないカードの正位置の数字の合計が点数です（少ないほど有利です）。\n"
        "**ノック**：カードを差し込んだ後（9枚で計算）か、捨てた後から次のプレイヤーが引くまで"
        "（8枚で計算）に宣言できます。ラウンドは即座に終わり、手札を公開します。\n"
        "**得点**：ノックした人より点数が少ない人がいれば**アンダーノック**です。最も少ない人が"
        "差額＋5点を得ます。そうでなければノックした人が2番目に少ない人との差額を得て、0点なら"
        "**コクトー**で＋5点です。山札が尽きたときは最後の1枚を引いた人が手番を終えて（ノックも"
        "できます）ラウンドが終わり、点数が最も少ない人が5点を得ます。\n"
        "**ゲーム**：ディーラーを次のプレイヤーに移してラウンドを続け、誰かが目標（30点）に達したら"
        "終了です。勝利点の最も多い人が勝ち、同点は勝利を分かち合います。\n"
        "**画像の見方**：あなたの手札は下にあり、番号は `捨てる 5` の番号です。引いたカードは両方の"
        "向きで表示され、手札の間の金色の印が隙間です（`差し込む 3 B`）。カードの上の金色の括弧は"
        "メルドで、種類（セット、ラン）を書いています。他の人の手札は並び順の裏向きで、捨て札から"
        "取ったカードはその位置に正位置の側だけ（白か黒の札に数字）で表示します。場のカードは白を上に"
        "両側を表示します。青い枠は選んでいる操作で入るカード、赤い枠は捨てるカードです。ラウンドの"
        "終わりには全員の手札を正位置の側で表示し、全ラウンドの得点は**詳細**にあります。"
    ),
    "legend.kokutorum": (
        "○3 は白の 3、●5 は黒の 5 が上の札です。手札では上になっている側だけが数えられます。\n"
        "○2/●6 は手札の外の札（引いた札、捨て札）：片側が白の 2、反対側が黒の 6。W で白を、B で黒を上にします。\n"
        "あなたの手札：1 ○6 2 ○1 …、番号の後ろが札です。[ ] はメルド（隣り合う3枚以上、同じ色で、同じ数か1ずつ上がる・下がる並び）。\n"
        "▸3 は隙間 3、札 3 のすぐ前の位置です（▸1 が左端、最後が右端）。引いた札はここに入れます。\n"
        "デッドウッド：メルドに入っていない札の数の合計、あなたの点数（少ないほど良い）。合計：これまでのラウンドの得点。"
    ),
    "game.kokutorum.seat": "{name}：{count}枚・合計 {total}点",
    "game.kokutorum.dealer": "・ディーラー",
    "game.kokutorum.rotated": "・回転済み",
    "game.kokutorum.stock": "山札 {count}枚・捨て札 {card}",
    "game.kokutorum.stock_no_pile": "山札 {count}枚・捨て札はありません",
    "game.kokutorum.last_card": "⚠️ 山札の最後の1枚が引かれました：次の捨て札でラウンドが終わります。",
    "game.kokutorum.knock_window": "次のドローまで、{name}はノックできます。",
    "game.kokutorum.hand": "あなたの手札（デッドウッド {points}点）：{cards}",
    "game.kokutorum.as_dealt": "そのまま（デッドウッド {points}点）：{cards}",
    "game.kokutorum.rotate_view": "回転すると（デッドウッド {points}点）：{cards}",
    "game.kokutorum.drawn": "{card} を引きました：W なら {white}、B なら {black} が正位置です。向きと隙間（▸1～▸{gaps}）を選んでください。",
    "game.kokutorum.preview": "差し込んだ後（デッドウッド {points}点）：{cards}（最善の捨て方で {best}点）",
    "game.kokutorum.last_round": "前のラウンド：{summary}",
    "game.kokutorum.shown": "{name}の手札：{cards}",
    "game.kokutorum.sentence": "{text}。",
    "game.kokutorum.then": "{first}{second}",
    "game.kokutorum.line": "第{round}ラウンド・{target}点先取",
    "game.kokutorum.line_over": "{round}ラウンドでゲームが終わりました。",
    "game.kokutorum.start": "{name}がディーラーで、{first}から始めます。最初のドローの前に、各プレイヤーは一度だけ手札を回転できます。",
    "game.kokutorum.you_rotated": "手札を回転しました。",
    "game.kokutorum.you_kept": "手札をそのままにしました。",
    "game.kokutorum.you_drew": "{card} を引きました。",
    "game.kokutorum.you_took": "捨て札から {card} を取りました。",
    "game.kokutorum.you_inserted": "{card} を隙間{gap}に {face} を正位置にして差し込みました。",
    "game.kokutorum.you_discarded": "{card} を捨てました。",
    "game.kokutorum.you_knocked": "ノックしました。",
    "game.kokutorum.round_knock": "{name}がノックしました。デッドウッド：{points}。{name}が{score}点を得ます。合計：{totals}。",
    "game.kokutorum.round_kokuto": "コクトー！{name}がデッドウッド0でノックしました。デッドウッド：{points}。{name}が{score}点（{diff}＋5）を得ます。合計：{totals}。",
    "game.kokutorum.round_undercut": "アンダーノック！{name}のノックです。デッドウッド：{points}。{winners}が{score}点（{diff}＋5）を得ます。合計：{totals}。",
    "game.kokutorum.round_stock": "山札が尽きました。デッドウッド：{points}。{winners}が5点を得ます。合計：{totals}。",
    "game.kokutorum.points": "{name} {points}点",
    "game.kokutorum.total": "{name} {total}点",
    "game.kokutorum.gap": "{gap}・{left} ▸ {right}",
    "game.kokutorum.gap_first": "{gap}・{right} の前",
    "game.kokutorum.gap_last": "{gap}・{left} の後",
    "game.kokutorum.end": "{face} を正位置（{end}）",
    "game.kokutorum.ends": "W {white}・B {black}",
    "event.kokutorum.rotated": "{name}が手札を回転しました",
    "event.kokutorum.kept": "{name}は手札をそのままにしました",
    "event.kokutorum.draw": "{name}が山札から引きました",
    "event.kokutorum.draw_pile": "{name}が捨て札から {card} を取りました",
    "event.kokutorum.drew_card": "{name}が山札から {card} を引きました",
    "event.kokutorum.insert": "{name}が隙間{gap}に差し込みました",
    "event.kokutorum.insert_known": "{name}が {card} を隙間{gap}に差し込みました",
    "event.kokutorum.inserted_card": "{name}が {card} を隙間{gap}に差し込みました",
    "event.kokutorum.discard": "{name}が {card} を捨てました",
    "event.kokutorum.knock": "{name}が{cards}枚でノックしました",
    "event.kokutorum.round_over": "{summary}",
    "event.kokutorum.deal": "第{round}ラウンド：{name}がディーラーで、表札は {card} です",
    "action.kokutorum.rotate": "回転する",
    "action.kokutorum.keep": "そのまま",
    "action.kokutorum.draw": "山札から引く",
    "action.kokutorum.draw_pile": "捨て札を取る",
    "action.kokutorum.insert": "差し込む {gap} {end}",
    "action.kokutorum.discard": "捨てる {number}",
    "action.kokutorum.knock": "ノック",
    "prompt.kokutorum.rotate": "手札全体を一度だけ回転する（並びが逆になり、すべての向きが変わります）か、そのままにするかを選んでください。両方の並びを表示しています。CPUはあなたの選択を待ちます。",
    "prompt.kokutorum.draw": "山札から引くか、捨て札の一番上を取ってください。",
    "prompt.kokutorum.insert": "引いたカードを差し込んでください：正位置にする側（W／B）と隙間（▸1 が左端）を選びます。",
    "prompt.kokutorum.discard": "番号でカードを1枚捨てるか、9枚のままノックしてください。",
    "prompt.kokutorum.knock": "次のプレイヤーが引くまで、8枚でノックできます。",
    "field.kokutorum.position": "隙間 {value}",
    "field.kokutorum.upright": "{value}",
    "hint.kokutorum.keep": "配られたままの方が良い手札です。",
    "hint.kokutorum.rotate": "回転するとデッドウッドが {before}点から {points}点になります。",
    "hint.kokutorum.only_draw": "引ける場所は1つだけです。",
    "hint.kokutorum.pile_meld": "{card} でメルドができます：デッドウッド {points}点です。",
    "hint.kokutorum.pile_better": "{card} を取ると {points}点で、平均すると山札より有利です。",
    "hint.kokutorum.stock": "捨て札の一番上ではメルドができません。",
    "hint.kokutorum.stock_better": "平均すると山札の方が有利です。",
    "hint.kokutorum.insert_meld": "メルドに加わります：捨てた後のデッドウッドは {points}点です。",
    "hint.kokutorum.insert_low": "捨てた後のデッドウッドを {points}点に抑えます。",
    "hint.kokutorum.discard": "{card} を捨てるとデッドウッドは {points}点です。",
    "hint.kokutorum.knock": "ノック：{points}点で、他のプレイヤーはおそらくそれより多いです。",
    "hint.kokutorum.wait": "待ちます：{points}点ではアンダーノックの危険が高すぎます。",
    "result.kokutorum.totals": "合計",
    "result.kokutorum.total_line": "{rank}. {name} {total}点",
    "result.kokutorum.rounds": "ラウンド",
    "result.kokutorum.round_line": "{round}. {how}：{scores}",
    "result.kokutorum.how.knock": "{name}のノック",
    "result.kokutorum.how.kokuto": "{name}のコクトー",
    "result.kokutorum.how.undercut": "{name}のアンダーノック",
    "result.kokutorum.how.stock": "山札切れ",
    "result.kokutorum.score": "{name} +{score}",
    "result.kokutorum.no_score": "得点なし",
    "error.kokutorum.knock_not_now": "ノックできるのは、引いたカードを差し込んだ後か、捨てた後から次のプレイヤーが引くまでです。",
    "error.kokutorum.empty_pile": "捨て札がありません：山札から引いてください。",
    "error.kokutorum.rotation_closed": "手札を回転できるのは、ラウンド最初のドローの前だけです。",
    "error.kokutorum.already_decided": "このラウンドの回転はもう決めました。",
    "error.kokutorum.bad_position": "手札にその番号のカードや隙間はありません：左端を1として数えてください。",
    "error.kokutorum.bad_upright": "W（白が正位置）か B（黒が正位置）を選んでください。",
    "error.kokutorum.wrong_phase": "今はできません：手番は「引く→差し込む→捨てる」の順です。",
    "error.kokutorum.not_your_turn": "あなたの番ではありません。",
    "error.kokutorum.bad_seat": "この卓にその席はありません。",
    "error.kokutorum.unknown_action": "コクトラムにその手はありません。",
}
