"""Zhao Pengyou: every worked example of the rule document (seeds/004), one test each.

The document's words are quoted (「...」) beside the cases they fix. Examples about one trick
are checked on the rules (`rules.py`: the shape of a lead, the duties of a follow, who wins);
the card sets, the draw, declarations, scoring and the next dealer on the engine.
"""

from __future__ import annotations

import pytest

from engines.actions import Action
from engines.zhao_pengyou import ZhaoPengyou
from engines.zhao_pengyou.cards import SETUPS, TRUMP, card_set, hand_size
from engines.zhao_pengyou.rules import SEQUENCE, SET, SINGLE, THROW, units_of
from engines.zhao_pengyou.scoring import DECLARER, DEFENDERS, game_points, next_dealer, steps
from tests.engines.zhao_pengyou_helpers import (
    act,
    dealt,
    follow,
    play_phase,
    refused,
    shape,
    trump,
    types,
    winner,
)

# --------------------------------------------------------------------------- <カード>


@pytest.mark.parametrize(
    ("seats", "decks", "big", "small", "each", "calls"),
    [
        # 「6人 2組 2枚 2枚」... 「12人 4組 2枚 0枚」; 「6人ゲーム 17枚」...; 「6人,7人ゲーム 2回」...
        (6, 2, 2, 2, 17, 2),
        (7, 2, 0, 0, 14, 2),
        (8, 3, 2, 0, 19, 3),
        (9, 3, 3, 0, 17, 3),
        (10, 3, 0, 0, 15, 4),
        (11, 3, 2, 2, 14, 4),
        (12, 4, 2, 0, 17, 5),
    ],
)
def test_the_cards_the_draw_and_the_calls_by_seat_count(
    seats: int, decks: int, big: int, small: int, each: int, calls: int
) -> None:
    cards = card_set(seats)
    assert cards.count("AS") == decks and cards.count("2C") == decks
    assert cards.count("BJ") == big and cards.count("SJ") == small
    assert hand_size(seats) == each and len(cards) - each * seats == 6  # 「最後の6枚」
    assert SETUPS[seats].calls == calls
    game = ZhaoPengyou.new(seats, {}, 3)
    for _ in range(each * seats):
        act(game, game.drawer, "draw")
    assert game.redeals or sorted(game.sizes)[: seats - 1] == [each] * (seats - 1)


# --------------------------------------------------------------------------- <切札とカードの強さ>


def test_the_trump_order_of_the_documents_example() -> None:
    """「ハートと８が切札ということになれば，ハートのカード全部が切札で，８のカード...も切札」:
    big joker, small joker, 8♥, then 8♠ 8♦ 8♣ equal, then hearts A..2; 8♠ is no spade."""
    tr = trump("8H")
    strength = tr.strength
    order = types("BJ SJ 8H 8S AH KH 2H")
    assert [strength[t] for t in order] == sorted((strength[t] for t in order), reverse=True)
    assert strength[types("8S")[0]] == strength[types("8D")[0]] == strength[types("8C")[0]]
    for code in ("8S", "8D", "8C", "BJ", "SJ", "2H"):
        assert tr.eff[types(code)[0]] == TRUMP
    assert tr.eff[types("AS")[0]] == 0  # the A♠ stays a spade
    assert types("8S")[0] not in tr.members[0]  # 「スペード８はスペードには属さず」


def test_equal_trumps_go_to_the_earlier_play() -> None:
    """「同じ強さのカードでは，先に出したプレイヤーが勝ちます ...切札のランクのカードで切札の
    スート以外の3種のカード」."""
    tr = trump("8H")
    assert winner("3S", ["8D", "8S", "8C"], tr) == 1
    assert winner("5H", ["8C", "8H", "8S"], tr) == 2  # 8♥ is stronger than the other 8s
    assert winner("KS", ["KS", "2S"], tr) == 0  # the same card: the earlier play


def test_a_single_lead_the_highest_trump_or_else_the_highest_of_the_suit() -> None:
    """「切札が1枚でもプレイされていれば...最も強い切札」, else the highest of the led suit."""
    tr = trump("8H")
    assert winner("9S", ["KS", "AS", "2D"], tr) == 2
    assert winner("9S", ["KS", "2H", "AS"], tr) == 2
    assert winner("9S", ["3H", "2H", "SJ"], tr) == 3
    assert follow("9S 3S 4H", "KS", "4H", tr) == "follow_led_suit"  # 「持っていれば，出さなければ」
    assert follow("9S 3S 4H", "KS", "3S", tr) is None
    assert follow("9H 4D", "KS", "4D", tr) is None  # no spade: anything


# --------------------------------------------------------------------------- <ディール>


def test_the_documents_declaration_example() -> None:
    """「前回のディールで勝っている５のランクのプレイヤーが，スペードの５のカードを引いてきた
    場合，このカードを見せて，スペードと５を切札にすることができます」, at any moment,
    not only on its turn; afterwards nobody may declare again."""
    game = dealt(
        6,
        {2: ["5S"], 3: ["5H", "2C"]},
        dealer=0,
        ranks=["2", "2", "5", "5", "2", "2"],
    )
    while not game.hands[2][types("5S")[0]]:
        act(game, game.drawer, "draw")
    assert game.drawer != 2  # it is seat 3's turn to draw, not seat 2's
    assert [a.get("card") for a in game.prompts()[2].choices] == ["5S"]
    act(game, 2, "declare", card="5S")
    assert game.declarer == 2 and game.trump is not None and game.trump.code == "5S"
    while not game.hands[3][types("5H")[0]]:
        act(game, game.drawer, "draw")
    error = refused(game, Action.make(3, "declare", card="5H"))
    assert error.code == "already_declared"  # 「それ以降のプレイヤーは...決め直すことはできません」


def test_no_duty_to_show_the_card_and_only_winners_of_the_last_deal_may() -> None:
    """「見せる義務はありません」 (the prompt is optional); a seat that lost the last deal may
    not declare; 「最初のディールでは，全プレイヤーが前回勝っているとみなされます」."""
    game = dealt(6, {1: ["2D"]})
    while not game.hands[1][types("2D")[0]]:
        act(game, game.drawer, "draw")
    prompt = game.prompts()[1]
    assert not prompt.required and not prompt.public
    game.active[1] = False
    assert refused(game, Action.make(1, "declare", card="2D")).code == "not_entitled"


def test_a_declaration_needs_a_card_of_ones_own_rank_never_a_joker() -> None:
    game = dealt(6, {1: ["3D", "BJ", "2D"]}, ranks=["2", "2", "2", "2", "2", "2"])
    while game.sizes[1] < 3:
        act(game, game.drawer, "draw")
    assert refused(game, Action.make(1, "declare", card="3D")).code == "not_your_rank"
    assert refused(game, Action.make(1, "declare", card="BJ")).code == "not_your_rank"
    assert refused(game, Action.make(1, "declare", card="2S")).code == "card_not_held"


def test_nobody_declares_the_same_dealer_redeals_and_everyone_counts_as_a_winner() -> None:
    """「ディールが終わっても誰も切札を決めない場合には，同じ仮親が...再びディールを
    おこないます。このときには，すべてのプレイヤーは，前回勝っていたとみなされます」."""
    game = dealt(6, {0: ["2S"], 4: ["2H"]}, dealer=3)
    game.active = [True, False, True, True, True, True]
    while game.phase == "draw":
        act(game, game.drawer, "draw")
    assert game.phase == "declare"
    holders = sorted(game.to_act())
    assert 0 in holders and 4 in holders
    for seat in holders:
        act(game, seat, "pass")
    assert game.phase == "draw" and game.redeals == 1 and game.dealer == 3
    assert game.active == [True] * 6


# --------------------------------------------------------------------------- <カードの交換> <チームの編成>


def test_the_declarer_takes_the_six_cards_and_buries_six() -> None:
    """「親は，テーブルに残っている6枚のカードを手札に加えたあと，...6枚のカードを捨て札」."""
    game = dealt(6, {2: ["2S"]}, kitty=["AS", "KS", "QS", "JS", "TS", "9S"])
    while game.phase == "draw":
        act(game, game.drawer, "draw")
    act(game, 2, "declare", card="2S")
    assert game.phase == "bury" and game.sizes[2] == 17 + 6
    assert refused(game, Action.make(2, "bury", cards=game.hand_codes(2)[:5])).code == "bury_count"
    act(game, 2, "bury", cards=game.hand_codes(2)[-6:])
    assert game.sizes[2] == 17 and game.phase == "call"


def test_calls_are_never_trumps_and_name_the_nth_play() -> None:
    """「指定するカードは，切札以外のものでなければなりません。自分の持っているカードを
    指定してもかまいません」; 「ハートのＡの2枚目」."""
    game = dealt(6, {2: ["2S", "AH"]})
    while game.phase == "draw":
        act(game, game.drawer, "draw")
    act(game, 2, "declare", card="2S")
    act(game, 2, "bury", cards=game.hand_codes(2)[-6:])

    def call(*calls: tuple[str, int]) -> Action:
        return Action.make(2, "call", calls=[{"card": c, "nth": n} for c, n in calls])

    assert refused(game, call(("AS", 1), ("AH", 2))).code == "call_trump"  # spades are trump
    assert refused(game, call(("2D", 1), ("AH", 2))).code == "call_trump"  # so are the 2s
    assert refused(game, call(("BJ", 1), ("AH", 2))).code == "call_trump"
    assert refused(game, call(("AH", 2), ("AH", 2))).code == "call_repeat"
    assert refused(game, call(("AH", 3), ("AD", 1))).code == "call_nth"  # 2 decks
    assert (
        refused(
            game,
            call(
                ("AH", 1),
            ),
        ).code
        == "call_count"
    )  # 6 seats: 2 calls
    game.apply(call(("AH", 2), ("AH", 1)))  # its own card: allowed
    assert game.phase == "play"


# --------------------------------------------------------------------------- [セットのリード]

CLUBS_AND_NINES = trump("9C")


@pytest.mark.parametrize(
    ("hand", "play", "problem"),
    [
        # 1) 「ハートはＡ，１０，１０，６を持っている場合，ハート１０を2枚出さなければなりません」
        ("AH TH TH 6H 3S", "TH TH", None),
        ("AH TH TH 6H 3S", "AH 6H", "follow_sets"),
        ("AH TH TH 6H 3S", "TH 3S", "follow_led_suit"),
        # 2) 「Ａ，１０，１０，１０を持っている場合も，ハート１０を2枚」 (breaking the three)
        ("AH TH TH TH 3S", "TH TH", None),
        ("AH TH TH TH 3S", "AH TH", "follow_sets"),
        # 3) 「Ｋ，Ｋ，１０，１０を持っている場合，ハートＫを2枚...ハート１０を2枚...」
        ("KH KH TH TH", "KH KH", None),
        ("KH KH TH TH", "TH TH", None),
        ("KH KH TH TH", "KH TH", "follow_sets"),
        # 4) 「Ａ，Ｋ，１０，６を持っている場合，どれでも2枚のハート」
        ("AH KH TH 6H", "AH 6H", None),
        ("AH KH TH 6H", "KH TH", None),
        # 5) 「ハートはＡしか持っていない場合，ハートＡともう1枚どれでも好きなカード」
        ("AH 3S 7C", "AH 3S", None),
        ("AH 3S 7C", "AH 7C", None),
        ("AH 3S 7C", "3S 7C", "follow_led_suit"),
        # 6) 「ハートを持っていない場合はどれでも自由に出せます」
        ("AS QS QS 7C 7C", "AS 7C", None),
        ("AS QS QS 7C 7C", "QS QS", None),
        ("AS QS QS 7C 7C", "7C 7C", None),
        # 「リードされた枚数のカードを出さなければなりません」
        ("AS QS QS 7C 7C", "AS", "follow_count"),
    ],
)
def test_following_a_set_the_documents_cases(hand: str, play: str, problem: str | None) -> None:
    """Clubs and 9s trump, a pair of J♥ led."""
    assert follow(hand, "JH JH", play, CLUBS_AND_NINES) == problem


def test_winning_a_set_lead_the_documents_cases() -> None:
    """「リードされたスートの...最も強いランクのセット」, 「リードされた枚数の切札のセットが
    プレイされていれば，それを出したプレイヤーのほうが勝ちます」, 「切札の場合も，セットで
    なければならない」."""
    tr = CLUBS_AND_NINES
    assert winner("JH JH", ["TH TH"], tr) == 0  # case 1: cannot win
    assert winner("JH JH", ["KH KH"], tr) == 1  # case 3: K K wins
    assert winner("JH JH", ["AH 6H"], tr) == 0  # case 4
    assert winner("JH JH", ["AH 3C"], tr) == 0  # case 5: even with a trump
    assert winner("JH JH", ["QS QS"], tr) == 0  # case 6: a spade pair cannot win
    assert winner("JH JH", ["7C 7C"], tr) == 1  # case 6: a pair of trumps wins
    assert winner("JH JH", ["7C 7C", "AC AC", "KH KH"], tr) == 2  # the stronger trump set
    assert winner("JH JH", ["7C 7C", "7C 7C"], tr) == 1  # 「先に出したプレイヤー」
    assert winner("JH JH", ["9S 9D"], tr) == 0  # two equal trumps of different suits: no set


# --------------------------------------------------------------------------- [セットのシークエンスのリード]

SPADES_AND_FOURS = trump("4S")


@pytest.mark.parametrize(
    ("lead", "kind"),
    [
        # 「以下のものは，セットのシークエンスです」
        ("9H 9H 9H 8H 8H 8H", SEQUENCE),
        ("AD AD KD KD QD QD", SEQUENCE),
        ("6H 6H 5H 5H 3H 3H", SEQUENCE),  # 「切札のランクの４は抜かされる」
        ("5S 5S 3S 3S", SEQUENCE),  # 「切札でも，切札のランクの４は飛ばされます」
        # 「以下のものは，セットのシークエンスではありません」
        ("JS JS JS 9S 9S 9S", THROW),  # 「ランクが続いていません」: a throw of sets
        ("5S 5S 4D 4D", THROW),  # 「切札のランクは使えません」: two trump pairs, a throw
        ("5S 5S 4S 4S", THROW),  # 「やはり切札のランクは使えません」
        ("SJ SJ SJ AS AS AS", THROW),  # 「ジョーカーは使えません」
        ("7H 7H", SET),
        ("7H", SINGLE),
    ],
)
def test_what_is_a_sequence_of_sets(lead: str, kind: str) -> None:
    assert shape(lead, SPADES_AND_FOURS).kind == kind


@pytest.mark.parametrize(
    ("lead", "code"),
    [
        ("9H 9H 8D 8D", "lead_suits"),  # 「同じスートでありません」
        ("3D 3D 3D 2D 2D", "lead_units"),  # 「同じ枚数でありません」
    ],
)
def test_leads_that_are_refused(lead: str, code: str) -> None:
    from engines.errors import IllegalAction

    with pytest.raises(IllegalAction) as info:
        shape(lead, SPADES_AND_FOURS)
    assert info.value.code == code


def test_the_trump_rank_is_left_out_of_sequences_for_clubs_and_sevens() -> None:
    """「クラブと７が切札だとすると，スペード６が3枚とスペード８が3枚でも...シークエンス」;
    「クラブ６が2枚とクラブ７が2枚というふうに出すことはできません。クラブ６が2枚と
    クラブ８が2枚なら出すことができます」."""
    tr = trump("7C")
    assert shape("6S 6S 6S 8S 8S 8S", tr).kind == SEQUENCE
    assert shape("6C 6C 7C 7C", tr).kind == THROW
    assert shape("6C 6C 8C 8C", tr).kind == SEQUENCE
    assert shape("6C 6C 8C 8C", tr).suit == TRUMP


@pytest.mark.parametrize(
    ("hand", "play", "problem"),
    [
        # 1) 「ハートのＡ，Ａ，Ｋ，８，５を持っている場合，ハートのＡを2枚と，残りのハートの
        #    うちから自由に2枚」
        ("AH AH KH 8H 5H", "AH AH KH 5H", None),
        ("AH AH KH 8H 5H", "AH KH 8H 5H", "follow_sets"),
        # 2) 「Ａ，Ａ，Ｋ，Ｑ，Ｑ，８を持っている場合，ハートのＱを2枚とハートのＡを2枚」
        ("AH AH KH QH QH 8H", "AH AH QH QH", None),
        ("AH AH KH QH QH 8H", "AH AH KH 8H", "follow_sets"),
        # 3) 「Ａ，Ａ，Ｋ，Ｋ，８，５，５を持っている場合」: AA KK, AA 55 or KK 55
        ("AH AH KH KH 8H 5H 5H", "AH AH KH KH", None),
        ("AH AH KH KH 8H 5H 5H", "AH AH 5H 5H", None),
        ("AH AH KH KH 8H 5H 5H", "KH KH 5H 5H", None),
        ("AH AH KH KH 8H 5H 5H", "AH AH KH 8H", "follow_sets"),
        # 4) 「Ａ，Ａ，Ａ，Ａ，７，２を持っている場合，ハートのＡの2枚セットを2組」
        ("AH AH AH AH 7H 2H", "AH AH AH AH", None),
        ("AH AH AH AH 7H 2H", "AH AH 7H 2H", "follow_sets"),
        # 5) 「Ｋ，Ｋ，７を持っている場合，ハートを全部（Ｋ2枚と７）と他のスートのカードを1枚」
        ("KH KH 7H 3D 9C", "KH KH 7H 3D", None),
        ("KH KH 7H 3D 9C", "KH KH 3D 9C", "follow_led_suit"),
        # 6) 「ハートを1枚も持っていない場合，どれでも自由に出す」
        ("5S 5S 3S 3S 9D", "5S 5S 3S 3S", None),
        ("5S 5S 3S 3S 9D", "5S 3S 3S 9D", None),
    ],
)
def test_following_a_sequence_the_documents_cases(
    hand: str, play: str, problem: str | None
) -> None:
    """Spades and 4s trump, Q♥ Q♥ J♥ J♥ led."""
    assert follow(hand, "QH QH JH JH", play, SPADES_AND_FOURS) == problem


def test_winning_a_sequence_lead_the_documents_cases() -> None:
    """「同じ形で，しかも全部がリードされたスートのセットのシークエンスのうち，最も強い...」;
    「同じ形の全部切札のセットのシークエンスがプレイされていれば，それを出したプレイヤー」."""
    tr = SPADES_AND_FOURS
    lead = "QH QH JH JH"
    assert winner(lead, ["AH AH KH 5H"], tr) == 0  # case 1
    assert winner(lead, ["AH AH QH QH"], tr) == 0  # case 2: not a sequence
    assert winner(lead, ["AH AH KH KH"], tr) == 1  # case 3: only A A K K wins
    assert winner(lead, ["AH AH 5H 5H"], tr) == 0
    assert winner(lead, ["AH AH AH AH"], tr) == 0  # case 4
    assert winner(lead, ["KH KH 7H 3S"], tr) == 0  # case 5: even with a trump
    assert winner(lead, ["5S 5S 3S 3S"], tr) == 1  # case 6: a trump sequence
    assert winner(lead, ["5S 5S 3S 3S", "7S 7S 6S 6S"], tr) == 2  # the stronger trump one
    assert winner(lead, ["KH KH QH QH", "AH AH KH KH"], tr) == 2
    assert winner(lead, ["KH KH QH QH", "KH KH QH QH"], tr) == 1  # earlier of two equal


# --------------------------------------------------------------------------- [トップカードのリード]


def test_top_cards_the_documents_example() -> None:
    """「切札がハートと５だった場合で，あるプレイヤーの手札のスペードのカードがＡ，Ａ，Ｋ，Ｑ，
    Ｊだった場合，すでに他のＡとＫがすべてプレイされていれば，Ａ，Ａ，Ｋ，Ｑはトップカード」:
    with the other A♠s and K♠s played, A A K Q stand as a throw; with J it fails (another Q♠
    is out), leading the weakest unit, J♠."""
    tr = trump("5H")
    # 8 seats, 3 decks: seat 0 holds A A K Q J of spades; the third A♠ and the other two K♠
    # are gone (played), the other two Q♠ are elsewhere
    from engines.zhao_pengyou.rules import throw_stands

    throw = units_of(types("AS AS KS QS"))
    best_elsewhere = [tr.strength[types("QS")[0]], tr.strength[types("JS")[0]], -1]
    assert throw_stands(throw, tr, best_elsewhere)
    with_jack = units_of(types("AS AS KS QS JS"))
    assert not throw_stands(with_jack, tr, best_elsewhere)
    # 「大ジョーカーと切札以外のＡは常にトップカード」
    assert throw_stands(units_of(types("AD")), tr, [tr.strength[types("AD")[0]]])
    assert throw_stands(units_of(types("BJ")), tr, [tr.strength[types("BJ")[0]]])


@pytest.mark.parametrize(
    ("lead", "kind"),
    [
        # 「ダイアとＪが切札の場合，次のカードがトップカードならば，まとめてリードできます」
        ("AC AC QC QC", THROW),
        ("KH QH", THROW),
        ("BJ BJ AD AD JC JC", THROW),
    ],
)
def test_throws_the_document_allows(lead: str, kind: str) -> None:
    assert shape(lead, trump("JD")).kind == kind


@pytest.mark.parametrize(
    ("lead", "code"),
    [
        ("AC AC AH AH", "lead_suits"),  # 「同じスートではありません」
        ("AS AS AS KS KS", "lead_units"),  # 「各ランクのカードの数が同じではありません」
    ],
)
def test_throws_the_document_forbids(lead: str, code: str) -> None:
    from engines.errors import IllegalAction

    with pytest.raises(IllegalAction) as info:
        shape(lead, trump("JD"))
    assert info.value.code == code


SPADES_AND_FIVES = trump("5S")


@pytest.mark.parametrize(
    ("hand", "play", "problem"),
    [
        # 1) 「ハートのＱ，８，７，３を持っていれば，そのうちどの3枚でも」
        ("QH 8H 7H 3H", "QH 8H 3H", None),
        ("QH 8H 7H 3H", "8H 7H 3H", None),
        # 2) 「ハートは９が1枚だけの場合，ハートの９と，他のスートのカードを自由に2枚」
        ("9H 2D 3C 8S", "9H 2D 3C", None),
        ("9H 2D 3C 8S", "2D 3C 8S", "follow_led_suit"),
        # 3) 「スペードが1枚もなく，切札がスペードの８，７，６」 (no hearts either)
        ("8S 7S 6S 2D", "8S 7S 6S", None),
    ],
)
def test_following_a_throw_of_singles(hand: str, play: str, problem: str | None) -> None:
    """Spades and 5s trump, A♥ K♥ Q♥ thrown."""
    assert follow(hand, "AH KH QH", play, SPADES_AND_FIVES) == problem


def test_winning_a_throw_of_singles() -> None:
    """「誰かがリードされた枚数の切札を出した場合にはそのプレイヤーが勝ち」, compared card by
    card: 「切札のＪ，４，３を出したプレイヤーがいたら，それには負けます。８，７，６が続き札
    になっていても関係ありません」."""
    tr = SPADES_AND_FIVES
    lead = "AH KH QH"
    assert winner(lead, ["QH 8H 3H"], tr) == 0  # case 1
    assert winner(lead, ["9H 2S 3S"], tr) == 0  # case 2: not all trumps
    assert winner(lead, ["8S 7S 6S"], tr) == 1  # case 3
    assert winner(lead, ["8S 7S 6S", "JS 4S 3S"], tr) == 2
    assert winner(lead, ["JS 4S 3S", "8S 7S 6S"], tr) == 1
    assert winner(lead, ["8S 7S 6S", "8S 7S 6S"], tr) == 1  # 「先に出した方が強い」


@pytest.mark.parametrize(
    ("hand", "play", "problem"),
    [
        # 1) 「クラブが９，９，７，６，６，４，２の場合，９を2枚と６を2枚，それに７，４，２の
        #    うちから2枚」
        ("9C 9C 7C 6C 6C 4C 2C", "9C 9C 6C 6C 7C 2C", None),
        ("9C 9C 7C 6C 6C 4C 2C", "9C 9C 6C 6C 4C 2C", None),
        ("9C 9C 7C 6C 6C 4C 2C", "9C 9C 7C 6C 4C 2C", "follow_sets"),
        # 2) 「クラブが９，９，４の場合，このクラブ3枚と，他のスートのカードを自由に3枚」
        ("9C 9C 4C 2S 3S 4S AD", "9C 9C 4C 2S 3S 4S", None),
        ("9C 9C 4C 2S 3S 4S AD", "9C 9C 2S 3S 4S AD", "follow_led_suit"),
        # 3) 「クラブがなくて，持っている切札がスペードの９，９，７，６，４，２」
        ("9S 9S 7S 6S 4S 2S", "9S 9S 7S 6S 4S 2S", None),
    ],
)
def test_following_a_throw_of_pairs(hand: str, play: str, problem: str | None) -> None:
    """Spades and 5s trump, A♣ A♣ K♣ K♣ J♣ J♣ thrown (not consecutive: Q♣ is missing)."""
    assert shape("AC AC KC KC JC JC", SPADES_AND_FIVES).kind == THROW
    assert follow(hand, "AC AC KC KC JC JC", play, SPADES_AND_FIVES) == problem


def test_winning_a_throw_of_pairs() -> None:
    """「各ランク同じ枚数の切札を出したプレイヤーがいたときだけそのプレイヤーが勝ち」; case 3
    cannot win (「全部が2枚セットになっているわけでない」); case 4 wins, also over
    9 9 8 8 7 7 (「最も強いランクが１０で，９よりも強い」)."""
    tr = SPADES_AND_FIVES
    lead = "AC AC KC KC JC JC"
    assert winner(lead, ["9S 9S 7S 6S 4S 2S"], tr) == 0
    assert winner(lead, ["TS TS 9S 9S 6S 6S"], tr) == 1
    assert winner(lead, ["TS TS 9S 9S 6S 6S", "9S 9S 8S 8S 7S 7S"], tr) == 1
    assert winner(lead, ["9S 9S 8S 8S 7S 7S", "TS TS 9S 9S 6S 6S"], tr) == 2


def test_a_throw_that_is_also_a_sequence_is_judged_as_a_sequence() -> None:
    """「トップカードのリードが同時にセットのシークエンスになっていた場合には，セットの
    シークエンスのリードとして勝敗を決めます」: A A K K is a sequence; trump pairs that are
    not a sequence do not beat it, a trump sequence does."""
    tr = SPADES_AND_FIVES
    assert shape("AC AC KC KC", tr).kind == SEQUENCE
    assert winner("AC AC KC KC", ["TS TS 8S 8S"], tr) == 0
    assert winner("AC AC KC KC", ["TS TS 9S 9S"], tr) == 1


# --------------------------------------------------------------------------- a failed throw


def test_a_throw_that_does_not_stand_leads_its_weakest_unit() -> None:
    """RULINGS.md: a throw with a card another hand beats is shown to everyone, its weakest
    unit is led and the rest go back to the hand; the trick starts from that unit."""
    game = dealt(
        6,
        {0: ["2D", "AS", "KS", "QS"], 3: ["AS"]},
        ranks=["2"] * 6,
    )
    play_phase(game, 0, "2D", calls=[("AH", 1), ("AC", 1)])
    before = game.sizes[0]
    events = act(game, 0, "play", cards=["AS", "KS", "QS"])
    failed = [e for e in events if e.type == "throw_failed"]
    assert failed and failed[0].data["cards"] == ["QS"]
    assert failed[0].data["attempted"] == ["AS", "KS", "QS"]
    assert game.sizes[0] == before - 1
    assert game.hands[0][types("AS")[0]] and game.hands[0][types("KS")[0]]
    assert game.summary()["deal"]["failed_throws"] == [{"seat": 0, "trick": 0, "cards": ["QS"]}]
    assert game.summary()["deal"]["trick"] == [{"seat": 0, "cards": ["QS"]}]


# --------------------------------------------------------------------------- <得点>


def test_the_threshold_is_forty_points_a_deck() -> None:
    """「6人ゲームでは2組のカードを使いますが，2 x 40 = 80点かそれ以上を防御チームが取ると
    防御チームの勝ち」."""
    assert game_points(80, 2, 3, 3) == (DEFENDERS, 1)
    assert game_points(79, 2, 3, 3) == (DECLARER, 1)


@pytest.mark.parametrize(
    ("points", "team", "expected"),
    [
        (0, 3, (DECLARER, 2)),  # 「0点 親チームが2点」
        (0, 2, (DECLARER, 4)),  # 「1人少ないごとにさらに2点」
        (0, 1, (DECLARER, 6)),
        (1, 3, (DECLARER, 1)),  # 「0点以上 40点xカードの組数未満 親チームが1点」
        (79, 2, (DECLARER, 2)),  # 「1人少ないごとにさらに1点」
        (79, 1, (DECLARER, 3)),
        (80, 3, (DEFENDERS, 1)),
        (80, 1, (DEFENDERS, 1)),  # no bonus for the defenders
        (159, 3, (DEFENDERS, 1)),
        (160, 3, (DEFENDERS, 2)),  # 「80点xカードの組数以上で100点xカードの組数未満」
        (199, 3, (DEFENDERS, 2)),
        (200, 3, (DEFENDERS, 3)),  # 「100点xカードの組数以上 防御チームが3点」
        (260, 3, (DEFENDERS, 3)),
    ],
)
def test_the_game_point_table(points: int, team: int, expected: tuple[str, int]) -> None:
    """Two decks, a full team of 3 (「7人ゲームでは2回指定するので，親を含めて3人が最大人数」)."""
    assert game_points(points, 2, team, 3) == expected


def test_rank_steps_for_active_and_passive_winners() -> None:
    """「ランクが９のプレイヤーがゲーム点を３もらった場合，ランクは３つ上がってＱ」;
    「ランク3で前回負けていたプレイヤーが２点を得ると，ランク４」; 1 point: unchanged;
    「負けたチームのプレイヤーも，ランクは変わりません」."""
    from engines.zhao_pengyou.scoring import raised

    active = [True, False, False, True]
    taken = steps(4, DEFENDERS, 3, team={2, 3}, active=active)
    assert taken == [3, 2, 0, 0]
    assert raised([7, 1, 0, 0], taken) == [10, 3, 0, 0]  # 9 → Q; 3 → 5 (passive: 3 − 1)
    assert steps(2, DECLARER, 2, team={0}, active=[False, True]) == [1, 0]  # 3 → 4
    assert steps(2, DECLARER, 1, team={0}, active=[False, True]) == [0, 0]  # stays


def test_the_kitty_goes_to_the_last_trick_doubled() -> None:
    """「親が最初に捨て札した6枚のカードは，最後にトリックに勝ったチームのものとなり，そこに
    含まれる点数は2倍されます」."""
    game = ZhaoPengyou.new(6, {"ranks": ["K"] * 6}, 11)
    from engines.cpu import cpu_chooser

    game.autoplay(cpu_chooser(game.id, ["normal"] * 6, 11))
    outcome = game.outcomes[0]
    team = set(outcome["team"])
    counted = outcome["defender_points"]
    last_defender = outcome["last_trick"] not in team
    assert counted % 5 == 0 and outcome["kitty_points"] % 5 == 0
    assert last_defender or counted <= 200 - outcome["kitty_points"]


def test_the_game_ends_at_rank_a() -> None:
    """「ランクがＡ（以上）になると，そのプレイヤーの勝利でゲームは終わります」; everyone
    reaching it in the same deal wins together (RULINGS)."""
    game = ZhaoPengyou.new(6, {"ranks": ["K"] * 6}, 4)
    from engines.cpu import cpu_chooser

    game.autoplay(cpu_chooser(game.id, ["normal"] * 6, 4))
    result = game.result()
    assert result is not None and game.is_over()
    assert result["winners"] == [s for s in range(6) if result["ranks"][s] == "A"]
    assert len(result["winners"]) >= 2  # a whole winning side, all active in the first deal


# --------------------------------------------------------------------------- <ディール> the next dealer


def test_the_next_provisional_dealer() -> None:
    """「前回の「親」...が仮親となります。ただし，前回の親が負けていた場合には，親の右隣から
    反時計回りの順に調べていって，最も親に近い，前回勝ったプレイヤーが仮親」 (seats are in
    play order: the declarer's right neighbour is the next seat)."""
    assert next_dealer(6, 2, DECLARER, {2, 4}) == 2
    assert next_dealer(6, 2, DEFENDERS, {2, 3}) == 4
    assert next_dealer(6, 5, DEFENDERS, {5, 0}) == 1
