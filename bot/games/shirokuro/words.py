"""Shirokuro-jaku's sentences in English and Japanese (です/ます, the full-width colon)."""

YAKU_EN = {
    "dealer": "Dealer",
    "tsumo": "Tsumo",
    "dora": "Dora",
    "chinitsu": "Chinitsu (one colour)",
    "tanyao": "Tanyao (no 1 or 6)",
    "toitoi": "Toitoi (two koutsu)",
    "haitei": "Haitei (the last card)",
    "houtei": "Houtei (the last discard)",
    "iipeikou": "Iipeikou (twin shuntsu)",
    "ittsu": "Ittsu (123 and 456)",
    "doujun": "Two-colour doujun",
    "doukou": "Two-colour doukou",
    "suutoitsu": "Suutoitsu (four pairs)",
    "tenhou": "Tenhou",
    "chiihou": "Chiihou",
    "renhou": "Renhou",
}
YAKU_JA = {
    "dealer": "親",
    "tsumo": "ツモ",
    "dora": "ドラ",
    "chinitsu": "チンイツ",
    "tanyao": "タンヤオ",
    "toitoi": "トイトイ",
    "haitei": "ハイテイ",
    "houtei": "ホウテイ",
    "iipeikou": "イーペーコー",
    "ittsu": "イッキツウカン",
    "doujun": "二色ドウジュン",
    "doukou": "二色ドウコウ",
    "suutoitsu": "スートイツ",
    "tenhou": "テンホー",
    "chiihou": "チーホー",
    "renhou": "レンホー",
}
WINDS_EN = {"east": "East", "south": "South", "west": "West", "north": "North"}
WINDS_JA = {"east": "東", "south": "南", "west": "西", "north": "北"}

EN: dict[str, str] = {
    "game.shirokuro.rules": (
        "2 or 3 players, 30 cards. Each card has a white number and a black number (1–6, never "
        "the same); only the end that is upright in your hand counts: ○2 is a white 2, ●5 a "
        "black 5.\n"
        "**Deal**: the dealer gets 8 cards, the others 7. The order of your hand is fixed from "
        "then on. Before the dealer's first discard each player may once turn the whole hand "
        "around (**Rotate**: the order reversed, every card showing its other end) or **Keep** "
        "it; both versions are shown. The next card is the dora indicator: its white number "
        "(as white) and its black number (as black) are dora.\n"
        "**Your turn**: the table draws the stock's top card for you; insert it into any gap "
        "with either end up (gap 1 is the far left: `insert 3 B`); declare **Tsumo** if your "
        "hand wins, else discard a card by its number (`discard 5`). The dealer starts with 8 "
        "cards and only discards (or tsumo).\n"
        "**A win**: 8 cards as 2 melds and a head, all of adjacent cards of one colour: a "
        "koutsu is 3 of one number, a shuntsu 3 numbers in a row up or down, the head 2 of one "
        "number; melds laid down by pon or chi count. Or four adjacent pairs (suutoitsu), with "
        "nothing laid down.\n"
        "**Claims after every discard** (private, with a short time to answer; nobody learns "
        "who was asked): **Ron** (any player: the discard, put into a gap with either end up, "
        "wins), **Pon** (any player: two adjacent cards showing the same colour and number as "
        "one end of the discard), **Chi** (the next player only: two adjacent cards of one "
        "colour that run with the discard). Ron beats pon beats chi; several rons all score. "
        "After a pon or chi you lay the three cards face up and only discard. After the "
        "stock's last card only ron counts; if nobody wins, every player one card from "
        "winning scores 1.\n"
        "**Yaku**: 1 point: dealer, tsumo, dora (each), chinitsu (one colour), tanyao (no 1 "
        "or 6), toitoi (two koutsu), haitei, houtei. 2: iipeikou (twin shuntsu), ittsu (123 and "
        "456 of one colour). 4: two-colour doujun, two-colour doukou. 8: suutoitsu. 16: tenhou, "
        "chiihou, renhou. They add up; a hand read several ways takes the best reading; a win "
        "without yaku scores 0. Nobody pays: the winner just scores.\n"
        "**The game**: 4 rounds with 2 players, 6 with 3 (East and South); the deal passes to "
        "the next player each round. The highest total wins.\n"
        "**Reading the images**: your hand is at the bottom, its cards numbered for "
        "`discard 5`; while your drawn card waits, it is shown once with each end up and the "
        "gold marks between your cards are the gaps (`insert 3 B`). Your hand is bracketed as "
        "it would be read if it won: gold for a meld (koutsu, shuntsu), grey for the head or a "
        "pair. A gold dot marks an upright dora (as beside the dora indicator). Melds laid down "
        "sit on a light ground, the claimed card ringed in gold, and are shown by their upright "
        "ends; discards are in order, white end above black (a claimed one is in the meld that "
        "took it). A discard you may claim is on the table at the right, what you may do with it "
        "over your hand: blue gaps for a ron, gold rings for the pairs of a pon or chi. At a "
        "round's end every hand is shown by its upright ends, with the winners' yaku; every "
        "round's scores are under **Details**."
    ),
    "legend.shirokuro": (
        "○3 is a white end showing 3, ●5 a black end showing 5. In a hand only the end that is up counts.\n"
        "○2/●6 is a card outside a hand (the card drawn, a discard, the dora indicator): white 2 at one end, black 6 at the other. W puts the white end up, B the black one.\n"
        "Your hand: 1 ○6 2 ○1 …, each card after its number; laid down: the melds a seat made with pon or chi.\n"
        "▸3 is gap 3, the place just before card 3 (▸1 the far left, the last the far right): where the card you drew goes.\n"
        "2 cards from winning: how many cards your hand still needs to win. Dora: the ends worth a bonus.\n"
        "Total: the points scored in past rounds. East 1 · round 1 of 4: where the game stands."
    ),
    "game.shirokuro.seat": "{name}: {count} cards · total {total}",
    "game.shirokuro.seat.one": "{name}: 1 card · total {total}",
    "game.shirokuro.dealer": " · dealer",
    "game.shirokuro.rotated": " · rotated",
    "game.shirokuro.melds": " · laid down {melds}",
    "game.shirokuro.discards": "{name} discarded: {cards}",
    "game.shirokuro.stock": "Stock {count} · dora indicator {card} (dora {dora})",
    "game.shirokuro.last_card": "⚠️ The stock is empty: the round's last discard can be claimed by ron only.",
    "game.shirokuro.hand": "Your hand ({distance}): {cards}",
    "game.shirokuro.as_dealt": "As dealt ({distance}): {cards}",
    "game.shirokuro.rotate_view": "Rotated ({distance}): {cards}",
    "game.shirokuro.distance.0": "it wins",
    "game.shirokuro.distance.1": "one card from winning",
    "game.shirokuro.distance": "{n} cards from winning",
    "game.shirokuro.distance.one": "1 card from winning",
    "game.shirokuro.drawn": "You drew {card}: W puts {white} up, B puts {black} up. Choose an end and a gap (▸1–▸{gaps}).",
    "game.shirokuro.claim": "{name} discarded {card}. You may claim it: {options}, or pass. Nobody else learns you were asked.",
    "game.shirokuro.claim.ron": "Ron (it wins)",
    "game.shirokuro.claim.pon": "Pon with cards {first}–{second}",
    "game.shirokuro.claim.chi": "Chi with cards {first}–{second}",
    "game.shirokuro.answered": "You answered ({claim}): waiting for the others.",
    "game.shirokuro.ready": "Your hand wins: declare tsumo.",
    "game.shirokuro.preview": "After the insert: {cards} — {state}.",
    "game.shirokuro.preview.win": "this wins: declare tsumo",
    "game.shirokuro.preview.best": "at best {distance} after your discard",
    "game.shirokuro.last_round": "Last round: {summary}",
    "game.shirokuro.sentence": "{text}.",
    "game.shirokuro.then": "{first} {second}",
    "game.shirokuro.winning_hand": "{name}'s hand: {cards}",
    "game.shirokuro.line": "{round} · round {number} of {rounds}",
    "game.shirokuro.line_over": "The game is over after {round} rounds.",
    "game.shirokuro.line_over.one": "The game is over after 1 round.",
    "game.shirokuro.round_name": "{wind} {n}",
    "game.shirokuro.round_plain": "Round {n}",
    **{f"game.shirokuro.wind.{k}": v for k, v in WINDS_EN.items()},
    "game.shirokuro.start": "{name} is the dealer and plays first with 8 cards. Until the dealer's first discard, each player may rotate their hand once.",
    "game.shirokuro.you_rotated": "You rotated your hand.",
    "game.shirokuro.you_kept": "You keep your hand as dealt.",
    "game.shirokuro.you_inserted": "You put {card} in gap {gap}, {face} up.",
    "game.shirokuro.you_discarded": "You discarded {card}.",
    "game.shirokuro.you_passed": "You let it pass.",
    "game.shirokuro.you_claimed": "You call {claim}.",
    "game.shirokuro.you_melded": "You call {claim} on {card}: {meld} laid down. Now discard.",
    "game.shirokuro.win": "{name} wins {how} for {points}: {yaku}.",
    "game.shirokuro.win_none": "{name} wins {how} with no yaku: 0 points.",
    "game.shirokuro.how.tsumo": "by tsumo",
    "game.shirokuro.how.ron": "on {from}'s discard (ron)",
    "game.shirokuro.exhausted": "Nobody wins: {tenpai}.",
    "game.shirokuro.tenpai": "{names} one card from winning, 1 point each",
    "game.shirokuro.tenpai.one": "{names} one card from winning: 1 point",
    "game.shirokuro.nobody_ready": "nobody was one card from winning",
    "game.shirokuro.totals": "{summary} Totals: {totals}.",
    "game.shirokuro.total": "{name} {total}",
    "game.shirokuro.yaku_item": "{name} {points}",
    "game.shirokuro.gap": "{gap} · {left} ▸ {right}",
    "game.shirokuro.gap_first": "{gap} · before {right}",
    "game.shirokuro.gap_last": "{gap} · after {left}",
    "game.shirokuro.end": "{face} up ({end})",
    "game.shirokuro.ends": "W {white} · B {black}",
    **{f"game.shirokuro.yaku.{k}": v for k, v in YAKU_EN.items()},
    "event.shirokuro.rotated": "{name} rotates their hand",
    "event.shirokuro.kept": "{name} keeps their hand",
    "event.shirokuro.draw": "{name} draws",
    "event.shirokuro.drew_card": "{name} draws {card}",
    "event.shirokuro.insert": "{name} draws a card into gap {gap}",
    "event.shirokuro.inserted_card": "{name} puts {card} in gap {gap}",
    "event.shirokuro.discard": "{name} discards {card}",
    "event.shirokuro.answered": "{name} answers: {claim}",
    "event.shirokuro.pon": "{name} calls pon on {card} and lays down {meld}",
    "event.shirokuro.chi": "{name} calls chi on {card} and lays down {meld}",
    "event.shirokuro.ron": "{name} calls ron on {card}",
    "event.shirokuro.tsumo": "{name} declares tsumo",
    "event.shirokuro.round_over": "{summary}",
    "event.shirokuro.deal": "{round}: {name} deals, the dora indicator is {card}",
    "action.shirokuro.rotate": "Rotate",
    "action.shirokuro.keep": "Keep",
    "action.shirokuro.draw": "Draw",
    "action.shirokuro.insert": "Insert {gap} {end}",
    "action.shirokuro.discard": "Discard {number}",
    "action.shirokuro.tsumo": "Tsumo",
    "action.shirokuro.ron": "Ron {gap} {end}",
    "action.shirokuro.pon": "Pon {number}–{next}",
    "action.shirokuro.chi": "Chi {number}–{next}",
    "action.shirokuro.pass": "Pass",
    "prompt.shirokuro.rotate": "Rotate your whole hand once (the order reversed, every card turned), or keep it. Both versions are shown; the CPUs wait for your choice.",
    "prompt.shirokuro.insert": "Insert the card you drew: choose the end that goes up (W or B) and a gap (▸1 is the far left).",
    "prompt.shirokuro.discard": "Discard a card by its number (or declare tsumo when your hand wins).",
    "prompt.shirokuro.claim": "Claim the discard, or let it pass (pass when the time runs out).",
    "prompt.shirokuro.draw": "The table draws for you.",
    "field.shirokuro.position": "Gap {value}",
    "field.shirokuro.upright": "{value}",
    "hint.shirokuro.keep": "The hand as dealt is closer to a win.",
    "hint.shirokuro.rotate": "Turned around, the hand is {distance} cards from a win.",
    "hint.shirokuro.insert_win": "This wins: {points} points.",
    "hint.shirokuro.insert": "It keeps the hand {distance} cards from a win, with the most ways in.",
    "hint.shirokuro.discard": "Letting {card} go keeps the hand {distance} cards from a win.",
    "hint.shirokuro.tsumo": "Your hand wins: {points} points.",
    "hint.shirokuro.ron": "Ron: {points} points.",
    "hint.shirokuro.pon": "Pon brings the hand closer to a win.",
    "hint.shirokuro.chi": "Chi brings the hand closer to a win.",
    "hint.shirokuro.pass": "Claiming would not help this hand.",
    "result.shirokuro.totals": "Totals",
    "result.shirokuro.total_line": "{rank}. {name} {total}",
    "result.shirokuro.rounds": "Rounds",
    "result.shirokuro.round_line": "{round}: {what}",
    "result.shirokuro.win": "{name} {how} {points}",
    "result.shirokuro.how.tsumo": "tsumo",
    "result.shirokuro.how.ron": "ron",
    "result.shirokuro.draw": "draw",
    "result.shirokuro.draw_scores": "draw, {names} +1",
    "error.shirokuro.no_claim": "You have no claim to answer now.",
    "error.shirokuro.claim_answered": "You have answered this discard already.",
    "error.shirokuro.claims_pending": "Wait: the last discard's claims are not settled yet.",
    "error.shirokuro.no_win": "The hand does not win that way.",
    "error.shirokuro.no_pon": "Pon needs two adjacent cards showing what the discard shows.",
    "error.shirokuro.no_chi": "Chi needs two adjacent cards of one colour that run with the discard (the next player only).",
    "error.shirokuro.no_tsumo_after_claim": "After a pon or chi you only discard.",
    "error.shirokuro.rotation_closed": "Hands can only be rotated before the dealer's first discard.",
    "error.shirokuro.already_decided": "You have already decided on the rotation this round.",
    "error.shirokuro.bad_position": "Your hand has no such card or gap: count them from 1 at the far left.",
    "error.shirokuro.bad_upright": "Choose W (white up) or B (black up).",
    "error.shirokuro.wrong_phase": "Not now: a turn is draw, insert, then tsumo or a discard.",
    "error.shirokuro.not_your_turn": "It is not your turn.",
    "error.shirokuro.bad_seat": "There is no such seat at this table.",
    "error.shirokuro.unknown_action": "Shirokuro-jaku has no such move.",
}

JA: dict[str, str] = {
    "game.shirokuro.rules": (
        "2～3人・30枚で遊びます。各カードには白の数字と黒の数字（1～6、同じ数字はありません）が"
        "あり、手札で正位置に見えている側だけが有効です：○2 は白の2、●5 は黒の5です。\n"
        "**配札**：親に8枚、子に7枚を配ります。以降、手札の並びは変えられません。親が最初に捨てる"
        "までに一度だけ、手札全体を180度回転させる（**回転**：並びが逆になり、すべての向きが変わり"
        "ます）か、**そのまま**にするかを選べます（両方の並びを表示します）。次のカードがドラ表示"
        "カードで、その白の数字（白）と黒の数字（黒）がドラです。\n"
        "**手番**：山札の一番上のカードを引き（卓が引きます）、任意の向きで手札の任意の隙間に差し込み"
        "（隙間1が左端：`差し込む 3 B`）、上がっていれば**ツモ**、そうでなければ番号で1枚捨てます"
        "（`捨てる 5`）。親は8枚で始め、最初は捨てる（かツモ）だけです。\n"
        "**上がり**：隣り合う同じ色のカードで、メンツ2つとアタマ1つの8枚です。コーツは同じ数字3枚、"
        "シュンツは1ずつ増えるか減る3枚、アタマは同じ数字2枚です。ポンやチーで公開したメンツも数え"
        "ます。何も公開していなければ、隣り合うトイツ4組（スートイツ）でも上がれます。\n"
        "**捨て札への宣言**（非公開・短い制限時間。誰が尋ねられたかは誰にもわかりません）：**ロン**"
        "（誰でも：捨て札を任意の向きで隙間に入れると上がり）、**ポン**（誰でも：捨て札の片側と同じ"
        "色・数字の隣り合う2枚）、**チー**（次の人だけ：捨て札と連番になる同じ色の隣り合う2枚）。"
        "ロン、ポン、チーの順に優先し、複数のロンはすべて有効です。ポンやチーをしたら3枚を表向きに"
        "置き、捨てるだけを行います。山札の最後の1枚の後はロンだけです。誰も上がれなければ流局で、"
        "あと1枚で上がれる人が1点を得ます。\n"
        "**役**：1点：親、ツモ、ドラ（1枚ごと）、チンイツ、タンヤオ、トイトイ、ハイテイ、ホウテイ。"
        "2点：イーペーコー、イッキツウカン。4点：二色ドウジュン、二色ドウコウ。8点：スートイツ。16点：テンホー、"
        "チーホー、レンホー。役はすべて加算し、何通りにも読める手は最も高い読み方で数えます。役のない上がり"
        "は0点です。点数のやりとりはなく、上がった人が得点するだけです。\n"
        "**ゲーム**：2人は4ラウンド、3人は6ラウンド（東場・南場）で、毎ラウンド親が次の人に移ります。"
        "合計の最も多い人が勝ちです。\n"
        "**画像の見方**：あなたの手札は下にあり、番号は `捨てる 5` の番号です。引いたカードは両方の"
        "向きで表示され、手札の間の金色の印が隙間です（`差し込む 3 B`）。手札は上がったときの読み方で"
        "括弧を付けています：金色はメンツ（コーツ、シュンツ）、灰色はアタマやトイツです。金色の点は"
        "正位置のドラです（ドラ表示の横と同じ印）。鳴いたメンツは明るい地の上に正位置の側で表示し、"
        "鳴いたカードを金色の枠で囲みます。捨て札は順番に、白を上に両側を表示します（鳴かれた札は鳴いた"
        "メンツの中にあります）。宣言できる捨て札は右の場にあり、手札の上にできることを書いています："
        "ロンは青い隙間、ポン・チーは金色の枠の2枚です。局の終わりには全員の手札を正位置の側で表示し、"
        "上がった人の役を添えます。全局の得点は**詳細**にあります。"
    ),
    "legend.shirokuro": (
        "○3 は白の 3、●5 は黒の 5 が上の札です。手札では上になっている側だけが数えられます。\n"
        "○2/●6 は手札の外の札（引いた札、捨て札、ドラ表示）：片側が白の 2、反対側が黒の 6。W で白を、B で黒を上にします。\n"
        "あなたの手札：1 ○6 2 ○1 …、番号の後ろが札です。公開：ポンやチーでさらしたメルド。\n"
        "▸3 は隙間 3、札 3 のすぐ前の位置です（▸1 が左端、最後が右端）。引いた札はここに入れます。\n"
        "上がりまであと2枚：上がるのにまだ必要な札の枚数。ドラ：ボーナスになる面。\n"
        "合計：これまでのラウンドの得点。東1局・全4局の1局目：ゲームの進み具合。"
    ),
    "game.shirokuro.seat": "{name}：{count}枚・合計 {total}点",
    "game.shirokuro.dealer": "・親",
    "game.shirokuro.rotated": "・回転済み",
    "game.shirokuro.melds": "・公開 {melds}",
    "game.shirokuro.discards": "{name}の捨て札：{cards}",
    "game.shirokuro.stock": "山札 {count}枚・ドラ表示 {card}（ドラ {dora}）",
    "game.shirokuro.last_card": "⚠️ 山札が尽きました：最後の捨て札にはロンだけができます。",
    "game.shirokuro.hand": "あなたの手札（{distance}）：{cards}",
    "game.shirokuro.as_dealt": "そのまま（{distance}）：{cards}",
    "game.shirokuro.rotate_view": "回転すると（{distance}）：{cards}",
    "game.shirokuro.distance.0": "上がり",
    "game.shirokuro.distance.1": "あと1枚で上がり",
    "game.shirokuro.distance": "上がりまであと{n}枚",
    "game.shirokuro.drawn": "{card} を引きました：W なら {white}、B なら {black} が正位置です。向きと隙間（▸1～▸{gaps}）を選んでください。",
    "game.shirokuro.claim": "{name}が {card} を捨てました。宣言できます：{options}、または見送り。尋ねられたことは他の人にはわかりません。",
    "game.shirokuro.claim.ron": "ロン（上がり）",
    "game.shirokuro.claim.pon": "{first}～{second}番でポン",
    "game.shirokuro.claim.chi": "{first}～{second}番でチー",
    "game.shirokuro.answered": "答えました（{claim}）：他の人を待っています。",
    "game.shirokuro.ready": "上がっています：ツモを宣言できます。",
    "game.shirokuro.preview": "差し込んだ後：{cards}（{state}）",
    "game.shirokuro.preview.win": "上がり：ツモを宣言できます",
    "game.shirokuro.preview.best": "捨てた後は最善で{distance}",
    "game.shirokuro.last_round": "前のラウンド：{summary}",
    "game.shirokuro.sentence": "{text}。",
    "game.shirokuro.then": "{first}{second}",
    "game.shirokuro.winning_hand": "{name}の手札：{cards}",
    "game.shirokuro.line": "{round}・全{rounds}局の{number}局目",
    "game.shirokuro.line_over": "{round}ラウンドでゲームが終わりました。",
    "game.shirokuro.round_name": "{wind}{n}局",
    "game.shirokuro.round_plain": "第{n}局",
    **{f"game.shirokuro.wind.{k}": v for k, v in WINDS_JA.items()},
    "game.shirokuro.start": "{name}が親で、8枚で最初に手番を行います。親が最初に捨てるまでに、各プレイヤーは一度だけ手札を回転できます。",
    "game.shirokuro.you_rotated": "手札を回転しました。",
    "game.shirokuro.you_kept": "手札をそのままにしました。",
    "game.shirokuro.you_inserted": "{card} を隙間{gap}に {face} を正位置にして差し込みました。",
    "game.shirokuro.you_discarded": "{card} を捨てました。",
    "game.shirokuro.you_passed": "見送りました。",
    "game.shirokuro.you_claimed": "{claim}と宣言しました。",
    "game.shirokuro.you_melded": "{card} を{claim}しました：{meld} を公開します。1枚捨ててください。",
    "game.shirokuro.win": "{name}の上がり（{how}）・{points}点：{yaku}。",
    "game.shirokuro.win_none": "{name}の上がり（{how}）・役なしで0点。",
    "game.shirokuro.how.tsumo": "ツモ",
    "game.shirokuro.how.ron": "{from}からロン",
    "game.shirokuro.exhausted": "流局：{tenpai}。",
    "game.shirokuro.tenpai": "{names}があと1枚で上がりのため1点ずつ",
    "game.shirokuro.nobody_ready": "あと1枚で上がれる人はいませんでした",
    "game.shirokuro.totals": "{summary}合計：{totals}。",
    "game.shirokuro.total": "{name} {total}点",
    "game.shirokuro.yaku_item": "{name} {points}",
    "game.shirokuro.gap": "{gap}・{left} ▸ {right}",
    "game.shirokuro.gap_first": "{gap}・{right} の前",
    "game.shirokuro.gap_last": "{gap}・{left} の後",
    "game.shirokuro.end": "{face} を正位置（{end}）",
    "game.shirokuro.ends": "W {white}・B {black}",
    **{f"game.shirokuro.yaku.{k}": v for k, v in YAKU_JA.items()},
    "event.shirokuro.rotated": "{name}が手札を回転しました",
    "event.shirokuro.kept": "{name}は手札をそのままにしました",
    "event.shirokuro.draw": "{name}が引きました",
    "event.shirokuro.drew_card": "{name}が {card} を引きました",
    "event.shirokuro.insert": "{name}が引いたカードを隙間{gap}に差し込みました",
    "event.shirokuro.inserted_card": "{name}が {card} を隙間{gap}に差し込みました",
    "event.shirokuro.discard": "{name}が {card} を捨てました",
    "event.shirokuro.answered": "{name}の答え：{claim}",
    "event.shirokuro.pon": "{name}が {card} をポンして {meld} を公開しました",
    "event.shirokuro.chi": "{name}が {card} をチーして {meld} を公開しました",
    "event.shirokuro.ron": "{name}が {card} でロンしました",
    "event.shirokuro.tsumo": "{name}がツモを宣言しました",
    "event.shirokuro.round_over": "{summary}",
    "event.shirokuro.deal": "{round}：{name}が親で、ドラ表示は {card} です",
    "action.shirokuro.rotate": "回転する",
    "action.shirokuro.keep": "そのまま",
    "action.shirokuro.draw": "引く",
    "action.shirokuro.insert": "差し込む {gap} {end}",
    "action.shirokuro.discard": "捨てる {number}",
    "action.shirokuro.tsumo": "ツモ",
    "action.shirokuro.ron": "ロン {gap} {end}",
    "action.shirokuro.pon": "ポン {number}–{next}",
    "action.shirokuro.chi": "チー {number}–{next}",
    "action.shirokuro.pass": "パス",
    "prompt.shirokuro.rotate": "手札全体を一度だけ回転する（並びが逆になり、すべての向きが変わります）か、そのままにするかを選んでください。両方の並びを表示しています。CPUはあなたの選択を待ちます。",
    "prompt.shirokuro.insert": "引いたカードを差し込んでください：正位置にする側（W／B）と隙間（▸1 が左端）を選びます。",
    "prompt.shirokuro.discard": "番号でカードを1枚捨ててください（上がっていればツモを宣言できます）。",
    "prompt.shirokuro.claim": "捨て札を宣言するか、見送ってください（時間切れは見送りです）。",
    "prompt.shirokuro.draw": "卓があなたの代わりに引きます。",
    "field.shirokuro.position": "隙間 {value}",
    "field.shirokuro.upright": "{value}",
    "hint.shirokuro.keep": "配られたままの方が上がりに近い手札です。",
    "hint.shirokuro.rotate": "回転すると上がりまであと{distance}枚です。",
    "hint.shirokuro.insert_win": "これで上がりです：{points}点です。",
    "hint.shirokuro.insert": "上がりまであと{distance}枚のまま、受け入れが最も広い形です。",
    "hint.shirokuro.discard": "{card} を捨てると上がりまであと{distance}枚です。",
    "hint.shirokuro.tsumo": "上がっています：{points}点です。",
    "hint.shirokuro.ron": "ロン：{points}点です。",
    "hint.shirokuro.pon": "ポンすると上がりに近づきます。",
    "hint.shirokuro.chi": "チーすると上がりに近づきます。",
    "hint.shirokuro.pass": "宣言しても手は良くなりません。",
    "result.shirokuro.totals": "合計",
    "result.shirokuro.total_line": "{rank}. {name} {total}点",
    "result.shirokuro.rounds": "ラウンド",
    "result.shirokuro.round_line": "{round}：{what}",
    "result.shirokuro.win": "{name} {how} {points}点",
    "result.shirokuro.how.tsumo": "ツモ",
    "result.shirokuro.how.ron": "ロン",
    "result.shirokuro.draw": "流局",
    "result.shirokuro.draw_scores": "流局、{names} +1",
    "error.shirokuro.no_claim": "今、答える宣言はありません。",
    "error.shirokuro.claim_answered": "この捨て札にはもう答えました。",
    "error.shirokuro.claims_pending": "お待ちください：直前の捨て札への宣言がまだ決まっていません。",
    "error.shirokuro.no_win": "その形では上がりになりません。",
    "error.shirokuro.no_pon": "ポンには、捨て札と同じ色・数字の隣り合う2枚が必要です。",
    "error.shirokuro.no_chi": "チーには、捨て札と連番になる同じ色の隣り合う2枚が必要です（次の人だけ）。",
    "error.shirokuro.no_tsumo_after_claim": "ポンやチーの後は捨てるだけです。",
    "error.shirokuro.rotation_closed": "手札を回転できるのは、親が最初に捨てる前だけです。",
    "error.shirokuro.already_decided": "このラウンドの回転はもう決めました。",
    "error.shirokuro.bad_position": "手札にその番号のカードや隙間はありません：左端を1として数えてください。",
    "error.shirokuro.bad_upright": "W（白が正位置）か B（黒が正位置）を選んでください。",
    "error.shirokuro.wrong_phase": "今はできません：手番は「引く→差し込む→ツモか捨てる」の順です。",
    "error.shirokuro.not_your_turn": "あなたの番ではありません。",
    "error.shirokuro.bad_seat": "この卓にその席はありません。",
    "error.shirokuro.unknown_action": "白黒雀にその手はありません。",
}
