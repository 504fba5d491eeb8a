"""Gong Zhu's sentences in English and Japanese (です/ます, the full-width colon)."""

EN: dict[str, str] = {
    "game.gong-zhu.rules": (
        "Four players, each for themselves. 52 cards, 13 each, no passing; play goes to the "
        "next seat (counterclockwise at a real table). A is high, no trumps.\n"
        "**Exposure**: after the deal each player secretly decides which of A♥, Q♠ (the pig), "
        "J♦ (the sheep) and 10♣ (the transformer) they hold to expose, any number or none; all "
        "four decisions are shown together. An exposed card doubles for whoever takes it "
        "(A♥: every heart, Q♠: −200, J♦: +200, 10♣: ×4, alone +100). It can't be played or "
        "led in the first trick of its suit unless it is your only card of that suit; "
        "discarding it is always allowed.\n"
        "**Play**: the first hand is led by the holder of 2♠ (any card), later hands by the "
        "player who took the pig. Follow suit if you can, otherwise play anything; the highest "
        "card of the led suit takes the trick and leads next. Hearts may be led at any time.\n"
        "**Scoring** (only the 16 scoring cards count): hearts A −50, K −40, Q −30, J −20, "
        "10 to 5 −10, 4 3 2 zero (−200 in all). Pig −100, sheep +100. All 13 hearts to one "
        "player: +200 instead, and their pig +100. The 10♣ alone +50; with other scoring cards "
        "it doubles their sum. All 16 cards: (200 + 100 + 100) × 2 = +800.\n"
        "**The match**: after a hand, when someone is at −1000 or below and one player alone "
        "has the top total, that player wins; a tie at the top plays another hand. Players at "
        "−1000 or below are out. There is no undo.\n"
        "'Heart sweep danger' is shown once at least 3 hearts are taken, all by one player."
    ),
    "legend.gong-zhu": (
        "Each seat: its points this hand and its match total; in a trick, the card it played; the scoring cards it took; the cards it exposed.\n"
        "Hand 1 · trick 3 of 13: where the match stands.\n"
        "Scoring cards: hearts (A −50, K −40, Q −30, J −20, 10 to 5 −10), Q♠ the pig −100, J♦ the sheep +100, 10♣ the transformer (doubles the rest); an exposed card counts double.\n"
        "Your hand is numbered from 1: type a card's number or its code to play it."
    ),
    "game.gong-zhu.effect.AH": "every heart ×2",
    "game.gong-zhu.effect.QS": "pig ×2",
    "game.gong-zhu.effect.JD": "sheep ×2",
    "game.gong-zhu.effect.TC": "transformer ×4",
    "game.gong-zhu.effect_line": "{card} — {effect}",
    "game.gong-zhu.seat": "{name}: this hand {points} · total {total}",
    "game.gong-zhu.seat_deciding": "{name}: deciding… · total {total}",
    "game.gong-zhu.seat_decided": "{name}: decided ✅ · total {total}",
    "game.gong-zhu.seat_played": " · played {card}",
    "game.gong-zhu.seat_taken": " · took {cards}",
    "game.gong-zhu.seat_exposed": " · exposed {cards}",
    "game.gong-zhu.sweep_danger": "⚠️ Heart sweep danger: {name} holds all {count} hearts taken so far.",
    "game.gong-zhu.sweep_danger.one": "⚠️ Heart sweep danger: {name} holds the only heart taken so far.",
    "game.gong-zhu.line_exposure": "Hand {hand}: exposure phase, each player decides in secret.",
    "game.gong-zhu.line_trick": "Hand {hand} · trick {trick} of 13",
    "game.gong-zhu.line_over": "The match is over after {hand} hands.",
    "game.gong-zhu.line_over.one": "The match is over after 1 hand.",
    "game.gong-zhu.start": "Hand 1: after the exposures, the holder of 2♠ leads.",
    "game.gong-zhu.you_chose": "You expose {cards}; it is shown when everyone has decided.",
    "game.gong-zhu.you_chose_none": "You expose nothing this hand.",
    "game.gong-zhu.you_played": "You played {card}.",
    "game.gong-zhu.you_took": "You played {card} and took {cards}.",
    "game.gong-zhu.you_took_trick": "You played {card} and took the trick.",
    "game.gong-zhu.nothing_to_expose": "No card to expose this hand.",
    "game.gong-zhu.hand_score": "{name} {points} ({total})",
    "event.gong-zhu.decided": "{name} has decided",
    "event.gong-zhu.chose": "{name} chose to expose {cards}",
    "event.gong-zhu.chose_none": "{name} chose to expose nothing",
    "event.gong-zhu.none_held": "{name} has no card to expose this hand",
    "event.gong-zhu.exposed": "{name} exposes {cards}",
    "event.gong-zhu.no_exposures": "nobody exposes a card",
    "event.gong-zhu.lead": "{name} leads hand {hand}",
    "event.gong-zhu.play": "{name} plays {card}",
    "event.gong-zhu.trick": "{name} takes the trick",
    "event.gong-zhu.take": "{name} takes {cards}",
    "event.gong-zhu.pig": "🐷 the pig goes to {name}",
    "event.gong-zhu.sheep": "🐑 the sheep goes to {name}",
    "event.gong-zhu.transformer": "⚡ the transformer goes to {name}",
    "event.gong-zhu.sweep_danger": "⚠️ heart sweep danger: {name} holds all {count} hearts taken",
    "event.gong-zhu.sweep_danger.one": "⚠️ heart sweep danger: {name} holds the only heart taken",
    "event.gong-zhu.hand_over": "hand {hand} is over: {scores}",
    "event.gong-zhu.deal": "hand {hand} is dealt, {name} leads after the exposures",
    "event.gong-zhu.game_over": "The match is over.",
    "action.gong-zhu.expose": "Expose {cards}",
    "action.gong-zhu.expose_none": "Expose nothing",
    "action.gong-zhu.play": "Play {card}",
    "prompt.gong-zhu.expose": "Choose the cards to expose, or expose nothing. You may expose: {options}.",
    "prompt.gong-zhu.play": "Play a card (dimmed cards can't be played now).",
    "pick.gong-zhu.expose": "Expose {cards}",
    "pick.gong-zhu.play": "Play {cards}",
    "group.gong-zhu.expose": "Can expose",
    "result.gong-zhu.ranking": "Ranking",
    "result.gong-zhu.rank_line": "{rank}. {name} {total}",
    "result.gong-zhu.out": "out",
    "result.gong-zhu.hands": "Hands",
    "result.gong-zhu.victory": "Victory!",
    "result.gong-zhu.defeat": "Defeat",
    "error.gong-zhu.follow_suit": "Follow suit: you hold {suit}, so play one of them.",
    "error.gong-zhu.exposed_first_trick": "The exposed {card} can't be played in the first {suit} trick while you hold other {suit} cards.",
    "error.gong-zhu.exposed_first_lead": "The exposed {card} can't lead the first {suit} trick while you hold other {suit} cards.",
    "error.gong-zhu.exposure_phase": "Wait until every player has decided their exposures.",
    "error.gong-zhu.exposure_over": "Exposures are decided before the first lead; play a card now.",
    "error.gong-zhu.already_decided": "You have already decided your exposures for this hand.",
    "error.gong-zhu.not_exposable": "Only A♥, Q♠, J♦ and 10♣ can be exposed.",
    "error.gong-zhu.duplicate_card": "{card} is chosen twice.",
    "error.gong-zhu.bad_card": "That is not a card (like 7H, QS, TC).",
    "hint.gong-zhu.only_card": "it is the only card you may play",
    "hint.gong-zhu.expose_none_held": "you hold none of the four cards that can be exposed",
    "hint.gong-zhu.expose_none": "exposing does not pay with this hand",
    "hint.gong-zhu.expose_gain": "exposing {cards} gains about {points} points on average",
    "hint.gong-zhu.lead_sheep": "the sheep is the top diamond left: it wins its own trick",
    "hint.gong-zhu.lead_transformer": "the 10♣ is the top club left and pays with what you took",
    "hint.gong-zhu.smoke_pig": "a low spade makes the pig's holder play spades",
    "hint.gong-zhu.lead_low": "a low lead lets someone else take the trick",
    "hint.gong-zhu.lead": "the safest lead in the simulations",
    "hint.gong-zhu.dump_pig": "you can't follow: give the pig away",
    "hint.gong-zhu.route_transformer": "the 10♣ doubles the minus points of the trick's taker",
    "hint.gong-zhu.shed_hearts": "get rid of a high heart while it is safe",
    "hint.gong-zhu.shed_spades": "drop a high spade before it catches the pig",
    "hint.gong-zhu.discard": "the card you least want to keep",
    "hint.gong-zhu.drop_pig": "the A♠ or K♠ is already out: the pig goes under it",
    "hint.gong-zhu.pig_over": "let the pig go now, while the A♠ or K♠ still out may take it",
    "hint.gong-zhu.duck": "play under the winning card: the trick carries points",
    "hint.gong-zhu.stay_low": "stay under the winning card",
    "hint.gong-zhu.sheep_wins": "the sheep wins this trick: it is yours",
    "hint.gong-zhu.take_sheep": "win the trick that holds the sheep",
    "hint.gong-zhu.stop_sweep": "take a heart trick to stop a heart sweep",
    "hint.gong-zhu.win_clean": "the trick carries no points: win it with a high card",
    "hint.gong-zhu.win_needed": "winning this trick costs least in the simulations",
    "hint.gong-zhu.margin": "about {margin} points better than the next choice over {samples} simulated deals",
    "hint.gong-zhu.with_margin": "{reason}; {margin}",
}

JA: dict[str, str] = {
    "game.gong-zhu.rules": (
        "4人がそれぞれ個人戦で遊びます。52枚を 1人13枚ずつ配り、パスはありません。手番は次の席へ進みます"
        "（実際の卓では反時計回り）。A が最強で、切り札はありません。\n"
        "**公開**：配り終えたら、ハートのA、スペードのQ（ブタ）、ダイヤのJ（ヒツジ）、クラブの10（変圧器）の"
        "うち持っているカードを公開するかを各自が非公開で決めます（何枚でも、なしでもかまいません）。"
        "全員が決めると同時に公開されます。公開したカードは取った人に対して効果が倍になります"
        "（ハートのA：ハートすべて2倍、ブタ −200、ヒツジ +200、変圧器 ×4・単独 +100）。"
        "そのスートの最初のトリックでは、その1枚しかない場合を除き、出すこともリードすることもできません。"
        "捨て札にするのはいつでもかまいません。\n"
        "**プレイ**：最初のハンドはスペードの2 を持つ人がリードし（どのカードでもかまいません）、"
        "2ハンド目以降は前のハンドでブタを取った人がリードします。リードされたスートを持っていれば必ず出し、"
        "なければどのカードでもかまいません。リードされたスートの最も強いカードがトリックを取り、"
        "次をリードします。ハートはいつでもリードできます。\n"
        "**得点**（16枚の得点札だけを数えます）：ハートは A −50、K −40、Q −30、J −20、10〜5 −10、"
        "4 3 2 は0点（合計 −200）。ブタ −100、ヒツジ +100。1人がハート13枚すべてを取ると代わりに +200、"
        "その人のブタは +100。クラブの10 は単独なら +50、ほかの得点札と一緒なら合計を2倍にします。"
        "16枚すべてで (200 + 100 + 100) × 2 = +800。\n"
        "**対戦**：ハンドのあと、誰かの合計が −1000 以下で、最高点が1人だけならその人の勝ちです。"
        "最高点が並んでいればもう1ハンド行います。−1000 以下の人は脱落です。取り消しはありません。\n"
        "取ったハートが3枚以上で、すべて1人が取っているときは「ハート独占の危険」を表示します。"
    ),
    "legend.gong-zhu": (
        "各席：この手の点数とマッチの合計。トリック中は出した札、取った得点札、公開した札。\n"
        "第1ハンド・第3トリック（全13）：マッチの進み具合。\n"
        "得点札：ハート（A −50、K −40、Q −30、J −20、10〜5 −10）、Q♠ ブタ −100、J♦ ヒツジ +100、10♣ 変圧器（ほかの点を倍に）。公開した札は倍になります。\n"
        "手札は1から番号がついています：札の番号か記号を入力すると、その札を出します。"
    ),
    "game.gong-zhu.effect.AH": "ハートすべて ×2",
    "game.gong-zhu.effect.QS": "ブタ ×2",
    "game.gong-zhu.effect.JD": "ヒツジ ×2",
    "game.gong-zhu.effect.TC": "変圧器 ×4",
    "game.gong-zhu.effect_line": "{card}（{effect}）",
    "game.gong-zhu.seat": "{name}：今回 {points}・合計 {total}",
    "game.gong-zhu.seat_deciding": "{name}：考え中・合計 {total}",
    "game.gong-zhu.seat_decided": "{name}：決定済み ✅・合計 {total}",
    "game.gong-zhu.seat_played": "・{card} を出しました",
    "game.gong-zhu.seat_taken": "・獲得 {cards}",
    "game.gong-zhu.seat_exposed": "・公開 {cards}",
    "game.gong-zhu.sweep_danger": "⚠️ ハート独占の危険：{name} がここまでのハート {count}枚をすべて取っています。",
    "game.gong-zhu.line_exposure": "第{hand}ハンド：公開フェーズです。各自が非公開で決めます。",
    "game.gong-zhu.line_trick": "第{hand}ハンド・第{trick}トリック（全13）",
    "game.gong-zhu.line_over": "{hand}ハンドで対戦が終わりました。",
    "game.gong-zhu.start": "第1ハンド：公開のあと、スペードの2 を持つ人がリードします。",
    "game.gong-zhu.you_chose": "{cards} を公開します。全員が決めると表示されます。",
    "game.gong-zhu.you_chose_none": "このハンドは公開しません。",
    "game.gong-zhu.you_played": "{card} を出しました。",
    "game.gong-zhu.you_took": "{card} を出して {cards} を取りました。",
    "game.gong-zhu.you_took_trick": "{card} を出してトリックを取りました。",
    "game.gong-zhu.nothing_to_expose": "このハンドで公開できるカードはありません",
    "game.gong-zhu.hand_score": "{name} {points}（{total}）",
    "event.gong-zhu.decided": "{name}が決めました",
    "event.gong-zhu.chose": "{name}は {cards} の公開を選びました",
    "event.gong-zhu.chose_none": "{name}は公開しないことを選びました",
    "event.gong-zhu.none_held": "{name}はこのハンドで公開できるカードがありません",
    "event.gong-zhu.exposed": "{name}が {cards} を公開しました",
    "event.gong-zhu.no_exposures": "公開はありませんでした",
    "event.gong-zhu.lead": "{name}が第{hand}ハンドをリードします",
    "event.gong-zhu.play": "{name}が {card} を出しました",
    "event.gong-zhu.trick": "{name}がトリックを取りました",
    "event.gong-zhu.take": "{name}が {cards} を取りました",
    "event.gong-zhu.pig": "🐷 ブタは{name}へ",
    "event.gong-zhu.sheep": "🐑 ヒツジは{name}へ",
    "event.gong-zhu.transformer": "⚡ 変圧器は{name}へ",
    "event.gong-zhu.sweep_danger": "⚠️ ハート独占の危険：{name}が取ったハート {count}枚をすべて持っています",
    "event.gong-zhu.hand_over": "第{hand}ハンド終了：{scores}",
    "event.gong-zhu.deal": "第{hand}ハンドを配りました。公開のあと{name}がリードします",
    "event.gong-zhu.game_over": "対戦終了です。",
    "action.gong-zhu.expose": "{cards} を公開",
    "action.gong-zhu.expose_none": "公開しない",
    "action.gong-zhu.play": "{card} を出す",
    "prompt.gong-zhu.expose": "公開するカードを選ぶか、「公開しない」を押してください。公開できるカード：{options}",
    "prompt.gong-zhu.play": "カードを1枚出してください（暗いカードは今は出せません）。",
    "pick.gong-zhu.expose": "{cards} を公開",
    "pick.gong-zhu.play": "{cards} を出す",
    "group.gong-zhu.expose": "公開可",
    "result.gong-zhu.ranking": "順位",
    "result.gong-zhu.rank_line": "{rank}位 {name} {total}",
    "result.gong-zhu.out": "脱落",
    "result.gong-zhu.hands": "ハンド数",
    "result.gong-zhu.victory": "勝利！",
    "result.gong-zhu.defeat": "敗北",
    "error.gong-zhu.follow_suit": "{suit} を持っているので、{suit} をフォローしてください。",
    "error.gong-zhu.exposed_first_trick": "公開した {card} は、ほかの {suit} があるうちは最初の {suit} のトリックで出せません。",
    "error.gong-zhu.exposed_first_lead": "公開した {card} は、ほかの {suit} があるうちは最初の {suit} のトリックでリードできません。",
    "error.gong-zhu.exposure_phase": "全員が公開を決めるまでお待ちください。",
    "error.gong-zhu.exposure_over": "公開は最初のリードの前に決めます。カードを出してください。",
    "error.gong-zhu.already_decided": "このハンドの公開はもう決めています。",
    "error.gong-zhu.not_exposable": "公開できるのはハートのA、スペードのQ、ダイヤのJ、クラブの10 だけです。",
    "error.gong-zhu.duplicate_card": "{card} が2回選ばれています。",
    "error.gong-zhu.bad_card": "カードの書き方ではありません（7H、QS、TC など）。",
    "hint.gong-zhu.only_card": "出せるカードはこれだけです",
    "hint.gong-zhu.expose_none_held": "公開できる4枚のどれも持っていません",
    "hint.gong-zhu.expose_none": "この手札では公開しないほうが得です",
    "hint.gong-zhu.expose_gain": "{cards} を公開すると平均で約 {points}点 得します",
    "hint.gong-zhu.lead_sheep": "ヒツジが残っている最強のダイヤなので、自分のトリックになります",
    "hint.gong-zhu.lead_transformer": "クラブの10 が残っている最強のクラブで、取った札と合わせて得になります",
    "hint.gong-zhu.smoke_pig": "小さいスペードでブタの持ち主にスペードを出させます",
    "hint.gong-zhu.lead_low": "低いカードでリードして、ほかの人に取らせます",
    "hint.gong-zhu.lead": "シミュレーションで最も安全なリードです",
    "hint.gong-zhu.dump_pig": "フォローできないので、ブタを押し付けます",
    "hint.gong-zhu.route_transformer": "クラブの10 でトリックを取る人のマイナスを2倍にします",
    "hint.gong-zhu.shed_hearts": "安全なうちに高いハートを処理します",
    "hint.gong-zhu.shed_spades": "ブタを捕まえる前に高いスペードを捨てます",
    "hint.gong-zhu.discard": "いちばん持っていたくないカードです",
    "hint.gong-zhu.drop_pig": "♠A か ♠K が出ているので、ブタをその下に出します",
    "hint.gong-zhu.pig_over": "まだ出ていない ♠A や ♠K に取らせるため、今ブタを出します",
    "hint.gong-zhu.duck": "得点札のあるトリックなので、勝っているカードより下を出します",
    "hint.gong-zhu.stay_low": "勝っているカードより下を出します",
    "hint.gong-zhu.sheep_wins": "ヒツジがこのトリックに勝つので、自分のものになります",
    "hint.gong-zhu.take_sheep": "ヒツジのあるトリックを取ります",
    "hint.gong-zhu.stop_sweep": "ハートのトリックを取って、ハート独占を止めます",
    "hint.gong-zhu.win_clean": "得点札のないトリックなので、高いカードで取ります",
    "hint.gong-zhu.win_needed": "シミュレーションでは、このトリックを取るのが最も損が少ないです",
    "hint.gong-zhu.margin": "次の候補より平均で約 {margin}点 良い結果です（{samples}通りの配り方で試算）",
    "hint.gong-zhu.with_margin": "{reason}。{margin}",
}
