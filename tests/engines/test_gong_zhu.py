"""Gong Zhu (拱猪): the rule document's examples, the exposure restriction, the leads of each
hand, the end of the match, and thousands of random hands checked at every step."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.actions import Action, Event
from engines.cpu import CpuChooser, RandomChoice, cpu_chooser, cpu_player, decision_rng
from engines.errors import IllegalAction, RecordError
from engines.game import Game
from engines.gong_zhu import GongZhu
from engines.gong_zhu.deck import HEART_MASK, SCORING, codes_of, mask_of_codes
from engines.gong_zhu.scoring import breakdown, hearts_points, score
from engines.record import parse_record, replay
from engines.registry import game_class

# --------------------------------------------------------------------------- helpers


def points(cards: str, exposed: str = "") -> int:
    """The score of a seat that took `cards` (codes with spaces), with `exposed` exposed."""
    return score(mask_of_codes(cards.split()), mask_of_codes(exposed.split()))


def parts(cards: str, exposed: str = "") -> dict[str, Any]:
    return breakdown(mask_of_codes(cards.split()), mask_of_codes(exposed.split()))


SUITS_DEAL = [
    # seat 0 all spades, seat 1 all hearts, seat 2 all diamonds, seat 3 all clubs
    [r + "S" for r in "AKQJT98765432"],
    [r + "H" for r in "AKQJT98765432"],
    [r + "D" for r in "AKQJT98765432"],
    [r + "C" for r in "AKQJT98765432"],
]


def game_with(hands: list[list[str]], *more: list[list[str]], seed: int = 1) -> GongZhu:
    """A match whose first hands are dealt as given."""
    deals = [{"hands": h} for h in (hands, *more)]
    return GongZhu.new(4, {}, seed, deals)


def expose(game: GongZhu, choices: dict[int, list[str]] | None = None) -> list[Event]:
    """Every seat decides its exposures (none unless given); the events of the last one."""
    choices = choices or {}
    events: list[Event] = []
    for seat in range(4):
        events = game.apply(Action.make(seat, "expose", cards=choices.get(seat, [])))
    return events


def play(game: GongZhu, seat: int, card: str) -> list[Event]:
    return game.apply(Action.make(seat, "play", card=card))


def refused(game: GongZhu, action: Action) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.to_json() == before  # a refusal changes nothing
    with pytest.raises(IllegalAction):
        game.check(action)
    return info.value


def midhand(
    hands: list[str],
    leader: int,
    trick: str = "",
    exposed: dict[int, str] | None = None,
    led: str = "",
    totals: list[int] | None = None,
    taken: dict[int, str] | None = None,
    hand_no: int = 1,
) -> GongZhu:
    """A hand in the middle: the seats' cards now (codes with spaces), the trick in progress led
    by `leader`, the exposed cards, the suits `led` in earlier tricks (letters), the totals
    before this hand and the cards taken so far (given: the rest of the played cards, none of
    them scoring, go to seat 3; not given: the played cards are dealt round the seats)."""
    held = [h.split() for h in hands]
    in_trick = trick.split()
    exposed = exposed or {}
    scored = taken is not None
    taken = {s: c.split() for s, c in (taken or {}).items()}
    used = {c for h in held for c in h} | set(in_trick)
    earlier = [r + s for s in "SHDC" for r in "AKQJT98765432" if r + s not in used]
    assert len(earlier) % 4 == 0 and len(earlier) + len(in_trick) + sum(map(len, held)) == 52
    given = {c for cs in taken.values() for c in cs}
    assert given <= set(earlier)
    taken_by = [list(taken.get(s, [])) for s in range(4)]
    rest = [c for c in earlier if c not in given]
    assert not scored or not mask_of_codes(rest) & SCORING, "say who took each scoring card"
    if scored:
        taken_by[3] += rest
    else:  # spread round the table: no seat sweeping the hearts, nobody far ahead
        for i, card in enumerate(rest):
            taken_by[i % 4].append(card)
    base = GongZhu.new(4, {}, 0).to_json()
    state = {
        **base,
        "hand": hand_no,
        "phase": "play",
        "hands": held,
        "decisions": [exposed.get(s, "").split() for s in range(4)],
        "exposed_by": [exposed.get(s, "").split() for s in range(4)],
        "first_leader": leader,
        "turn": (leader + len(in_trick)) % 4,
        "trick_leader": leader,
        "plays": earlier + in_trick,
        "leaders": [leader] * (len(earlier) // 4 + 1),
        "led_before": sum(1 << "DCHS".index(x) for x in led),
        "taken": taken_by,
        "pig_taker": next((s for s in range(4) if "QS" in taken_by[s]), None),
        "totals": totals or [0, 0, 0, 0],
        "history": [],
    }
    return GongZhu.from_json(state)


def spread(first: str, *others: str) -> list[list[str]]:
    """Four hands from strings of codes (the rest of the deck dealt to fill them up)."""
    given = [first.split(), *[o.split() for o in others]]
    used = {c for hand in given for c in hand}
    rest = [r + s for s in "SHDC" for r in "AKQJT98765432" if r + s not in used]
    hands = []
    for seat in range(4):
        hand = list(given[seat]) if seat < len(given) else []
        while len(hand) < 13:
            hand.append(rest.pop())
        hands.append(hand)
    return hands


# --------------------------------------------------------------------------- scoring: the document


def test_heart_values_add_up_to_minus_200() -> None:
    assert hearts_points(HEART_MASK) == -200
    assert points("AH") == -50 and points("KH") == -40 and points("QH") == -30
    assert points("JH") == -20 and points("TH") == -10 and points("5H") == -10
    assert points("4H") == points("3H") == points("2H") == 0


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("QS AH 5H", -160),  # ブタ、ハートのA、ハートの5：−100 − 50 − 10 = −160
        ("TC", 50),  # クラブの10 だけ：+50
        ("TC 2H", 0),  # クラブの10 とハートの2：0 × 2 = 0
        ("TC JD", 200),  # クラブの10 とヒツジ：100 × 2 = +200
        ("TC JD QS", 0),  # クラブの10、ヒツジ、ブタ：(100 − 100) × 2 = 0
    ],
)
def test_the_documents_examples_without_exposure(cards: str, expected: int) -> None:
    assert points(cards) == expected
    assert parts(cards)["score"] == expected


def test_heart_sweeps_of_the_document() -> None:
    hearts = " ".join(r + "H" for r in "AKQJT98765432")
    assert points(hearts) == 200  # ブタなしでハート独占：+200
    assert points(hearts + " QS") == 300  # ブタありでハート独占：+300
    every = parts(hearts + " QS JD TC")  # 16枚すべて：(200 + 100 + 100) × 2 = +800
    assert every["score"] == 800 and every["all16"] and every["sweep"]
    assert every["subtotal"] == 400 and every["transformer_factor"] == 2


def test_the_documents_examples_with_exposure() -> None:
    # ハートのA が公開されたあと、ハートのA とハートのK を取ると (−50 − 40) × 2 = −180
    assert points("AH KH", exposed="AH") == -180
    # クラブの10 が公開されたあと、それをブタと一緒に取ると −100 × 4 = −400
    assert points("TC QS", exposed="TC") == -400
    assert parts("TC QS", exposed="TC")["transformer_factor"] == 4


def test_every_exposure_doubles_for_the_taker() -> None:
    hearts = " ".join(r + "H" for r in "AKQJT98765432")
    assert points("QS", exposed="QS") == -200
    assert points("JD", exposed="JD") == 200
    assert points("TC", exposed="TC") == 100  # alone: +100
    assert points(hearts, exposed="AH") == 400
    assert points(hearts + " QS", exposed="AH QS") == 600  # the sweeper's pig: +200
    assert points("5H 6H", exposed="AH") == -40
    everything = parts(hearts + " QS JD TC", exposed="AH QS JD TC")
    assert everything["score"] == (400 + 200 + 200) * 4


def test_the_breakdown_adds_up() -> None:
    for cards, exposed in [("QS AH 5H", ""), ("TC", "TC"), ("TC 2H 9H JD", "JD"), ("", "")]:
        b = parts(cards, exposed)
        assert b["subtotal"] == b["hearts"] + b["pig"] + b["sheep"]
        if b["transformer"] == "multiply":
            assert b["score"] == b["subtotal"] * b["transformer_factor"]
        elif b["transformer"] == "alone":
            assert b["score"] == b["transformer_points"] == 25 * b["transformer_factor"]
        else:
            assert b["score"] == b["subtotal"]
    assert parts("")["score"] == 0 and parts("")["cards"] == []


# --------------------------------------------------------------------------- the deal and the leads


def test_four_hands_of_thirteen_and_the_2_of_spades_leads_the_first_hand() -> None:
    for seed in range(20):
        game = GongZhu.new(4, {}, seed)
        assert sorted(game.view(None)["hand_counts"]) == [13, 13, 13, 13]
        holder = next(s for s in range(4) if "2S" in game.view(s)["hand_cards"])
        assert game.view(None)["first_leader"] is None  # nobody knows yet
        assert game.to_act() == frozenset(range(4))
        expose(game)
        assert game.to_act() == frozenset({holder})
        assert game.view(None)["first_leader"] == holder


def test_the_2_of_spades_holder_may_lead_any_card() -> None:
    game = game_with(SUITS_DEAL)
    expose(game)
    assert game.to_act() == {0}
    play(game, 0, "AS")  # not the 2♠
    assert game.view(None)["trick"]["cards"] == ["AS"]


def test_the_pig_taker_leads_the_next_hand() -> None:
    game = game_with(SUITS_DEAL)
    expose(game)
    seat_cards = [list(h) for h in SUITS_DEAL]
    # seat 0 leads spades every trick (nobody else has any): seat 0 takes everything
    for _ in range(13):
        for seat in range(4):
            card = seat_cards[seat].pop()
            play(game, seat, card)
    assert game.hand_no == 2
    last = game.history[-1]
    assert last["pig_taker"] == 0
    assert last["scores"] == [800, 0, 0, 0]  # all 16: (200 + 100 + 100) × 2
    assert game.first_leader == 0


# --------------------------------------------------------------------------- a trick


def test_must_follow_suit_with_the_documents_reason() -> None:
    hands = spread("2S 3C 4C", "3S 5C", "4S 6C", "5S 7C")
    game = game_with(hands)
    expose(game)
    play(game, 0, "3C")
    error = refused(game, Action.make(1, "play", card="3S"))
    assert error.code == "follow_suit"
    assert error.message.startswith("Follow clubs")
    assert error.params["suit"] == "♣"
    play(game, 1, "5C")


def test_a_void_seat_plays_anything_and_the_highest_of_the_led_suit_wins() -> None:
    game = game_with(SUITS_DEAL)
    expose(game)
    play(game, 0, "2S")
    for seat, card in ((1, "AH"), (2, "AD"), (3, "AC")):
        play(game, seat, card)
    assert game.taken[0] == mask_of_codes(["2S", "AH", "AD", "AC"])
    assert game.turn == 0


def test_hearts_may_be_led_at_any_time() -> None:
    hands = spread("2S 5H 7H", "9H", "TH", "JH")
    game = game_with(hands)
    expose(game)
    play(game, 0, "5H")  # the first lead, no heart broken
    assert game.view(None)["trick"]["cards"] == ["5H"]


def test_wrong_seat_wrong_card_and_malformed_plays_are_refused() -> None:
    game = game_with(SUITS_DEAL)
    error = refused(game, Action.make(0, "play", card="2S"))
    assert error.code == "exposure_phase"
    expose(game)
    assert refused(game, Action.make(1, "play", card="2H")).code == "not_your_turn"
    assert refused(game, Action.make(0, "play", card="2H")).code == "card_not_held"
    assert refused(game, Action.make(0, "play", card="10S")).code == "bad_card"
    assert refused(game, Action.make(0, "play", cards=["2S"])).code == "malformed_action"
    assert refused(game, Action.make(0, "pass")).code == "unknown_action"
    assert refused(game, Action.make(7, "play", card="2S")).code == "bad_seat"
    assert refused(game, Action.make(0, "expose", cards=[])).code == "exposure_over"


# --------------------------------------------------------------------------- exposures


def test_exposures_are_sealed_until_all_four_are_in() -> None:
    hands = spread("2S QS AH", "JD", "TC")
    game = game_with(hands)
    assert game.open_seals() == frozenset()
    events = game.apply(Action.make(0, "expose", cards=["QS"]))
    assert game.seal_of(Action.make(0, "expose", cards=["QS"])) == "expose:1"
    assert game.open_seals() == {"expose:1"}
    assert [e.type for e in events if e.public] == ["decided"]
    assert all("QS" not in str(e.data) for e in events if e.public)
    assert [e.type for e in events if e.seen_by(0) and not e.public] == ["chose"]
    assert not [e for e in events if e.seen_by(1) and not e.public]
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        assert view["exposed"] == [[], [], [], []]
        assert view["decided"] == [True, False, False, False]
        assert view.get("my_exposure") is None
    assert game.view(0)["my_exposure"] == ["QS"]
    assert game.summary()["exposed"] == [[], [], [], []]
    game.apply(Action.make(2, "expose", cards=["TC"]))
    game.apply(Action.make(3, "expose", cards=[]))
    events = game.apply(Action.make(1, "expose", cards=["JD"]))
    assert game.open_seals() == frozenset()
    revealed = {e.seat: e.data["cards"] for e in events if e.type == "exposed"}
    assert revealed == {0: ["QS"], 1: ["JD"], 2: ["TC"]}
    assert game.view(None)["exposed"] == [["QS"], ["JD"], ["TC"], []]
    assert game.exposed == mask_of_codes(["QS", "JD", "TC"])


def test_the_order_of_the_exposures_does_not_matter() -> None:
    hands = spread("2S QS AH", "JD", "TC")
    choices = {0: ["AH"], 1: ["JD"], 2: [], 3: []}
    finals = set()
    for order in ([0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2]):
        game = game_with(hands)
        for seat in order:
            events = game.apply(Action.make(seat, "expose", cards=choices[seat]))
        finals.add(str(game.to_json()))
        assert [e.type for e in events if e.public][-3:] == ["exposed", "exposed", "lead"]
    assert len(finals) == 1


def test_what_may_be_exposed() -> None:
    hands = spread("2S QS AH 3H", "JD", "TC")
    game = game_with(hands)
    assert refused(game, Action.make(0, "expose", cards=["3H"])).code == "not_exposable"
    assert refused(game, Action.make(0, "expose", cards=["JD"])).code == "card_not_held"
    assert refused(game, Action.make(0, "expose", cards=["QS", "QS"])).code == "duplicate_card"
    assert refused(game, Action.make(0, "expose", cards="QS")).code == "malformed_action"
    game.apply(Action.make(0, "expose", cards=["AH", "QS"]))
    assert refused(game, Action.make(0, "expose", cards=[])).code == "already_decided"


def test_the_exposure_prompts() -> None:
    hands = spread("2S QS AH", "JD", "TC")  # seat 3 holds none of the four
    game = game_with(hands)
    prompts = game.prompts()
    assert sorted(prompts) == [0, 1, 2, 3]
    # seat 3 is asked like the others (the table deciding for it would tell who holds none):
    # one answer, required and public like theirs, and the table has no step of its own
    assert prompts[3].choices == (Action.make(3, "expose", cards=[]),) and not prompts[3].pick
    assert not prompts[3].mechanical and prompts[3].required and prompts[3].public
    assert game.seat_decisions() == prompts and game.table_step() is None
    pick = prompts[0].pick
    assert pick is not None and pick.type == "expose" and (pick.min, pick.max) == (1, 2)
    assert len(pick.cards) == 13 and pick.selectable is not None
    chosen = [c for c, ok in zip(pick.cards, pick.selectable, strict=True) if ok]
    assert chosen == ["QS", "AH"]
    assert prompts[0].default == Action.make(0, "expose", cards=[])
    assert prompts[0].choices == (Action.make(0, "expose", cards=[]),)
    assert len(game.legal_actions(0)) == 4  # none, Q♠, A♥, both
    assert pick.action(0, [pick.cards.index("QS")]) == Action.make(0, "expose", cards=["QS"])


# --------------------------------------------------------------------------- the restriction


def test_an_exposed_card_waits_for_the_first_trick_of_its_suit() -> None:
    game = midhand(["4C 5C", "QS 9S 6C", "3S 7C 8C", "4S 9C TC"], 0, "2S", {1: "QS"})
    error = refused(game, Action.make(1, "play", card="QS"))
    assert error.code == "exposed_first_trick"
    assert error.message.startswith("The exposed Q♠ can't be played in the first spade trick")
    assert error.params == {"card": "Q♠", "suit": "♠"}
    assert game.view(1)["legal"] == ["9S"]
    play(game, 1, "9S")


def test_an_exposed_card_can_t_lead_the_first_trick_of_its_suit() -> None:
    game = midhand(["QS 9S 6C", "4C 5C 2D", "3S 7C 8C", "4S 9C TC"], 0, "", {0: "QS"})
    error = refused(game, Action.make(0, "play", card="QS"))
    assert error.code == "exposed_first_lead"
    assert "can't lead the first spade trick" in error.message
    assert game.legal(0) == mask_of_codes(["9S", "6C"])


def test_the_only_card_of_its_suit_may_be_played_or_led() -> None:
    follow = midhand(["4C 5C", "QS 6C 2D", "3S 7C 8C", "4S 9C TC"], 0, "2S", {1: "QS"})
    play(follow, 1, "QS")  # its only spade
    lead = midhand(["QS 6C 2D", "4C 5C 3D", "3S 7C 8C", "4S 9C TC"], 0, "", {0: "QS"})
    play(lead, 0, "QS")


def test_discarding_an_exposed_card_is_always_allowed() -> None:
    game = midhand(["4C 5C", "QS AH 9S", "3S 7C 8C", "4S 9C TC"], 0, "2C", {1: "QS AH"})
    play(game, 1, "AH")  # void in clubs: the exposed A♥ before any heart trick
    game = midhand(["4C 5C", "QS AH 9S", "3S 7C 8C", "4S 9C TC"], 0, "2C", {1: "QS AH"})
    play(game, 1, "QS")


def test_a_discard_of_the_suit_does_not_lift_the_restriction() -> None:
    # RULINGS.md: only leads count. Seat 1 discarded a spade on clubs earlier (clubs led,
    # spades never): its exposed Q♠ still waits for the first spade trick.
    game = midhand(["4C 5C", "QS 9S 6D", "3S 7C 8C", "4S 9C TC"], 0, "2S", {1: "QS"}, led="C")
    assert refused(game, Action.make(1, "play", card="QS")).code == "exposed_first_trick"


def test_once_its_suit_was_led_the_restriction_is_gone() -> None:
    game = midhand(["4C 5C", "QS 9S 6D", "3S 7C 8C", "4S 9C TC"], 0, "2S", {1: "QS"}, led="S")
    play(game, 1, "QS")
    lead = midhand(["QS 9S 6C", "4C 5C 2D", "3S 7C 8C", "4S 9C TC"], 0, "", {0: "QS"}, led="S")
    play(lead, 0, "QS")


def test_the_restriction_binds_only_exposed_cards() -> None:
    game = midhand(["4C 5C", "QS 9S 6D", "3S 7C 8C", "4S 9C TC"], 0, "2S")
    play(game, 1, "QS")  # not exposed: a pig like any spade


# --------------------------------------------------------------------------- the end of the match


LAST_TRICK = ["2D", "3D", "4D", "5D"]  # led by seat 0; seat 3 takes it, no points in it
HEARTS = " ".join(r + "H" for r in "AKQJT98765432")


def last_trick(totals: list[int], taken: dict[int, str]) -> GongZhu:
    """The 13th trick to play, with the hand so far scored as `taken` says."""
    return midhand(LAST_TRICK, 0, totals=totals, taken=taken)


def finish(game: GongZhu) -> list[Event]:
    events: list[Event] = []
    for seat, card in enumerate(LAST_TRICK):
        events = play(game, seat, card)
    return events


def test_a_tie_at_the_top_plays_another_hand() -> None:
    # −1010, 120, 120, −300: the top is shared, so the match goes on (the document's example)
    taken = {0: "QS " + HEARTS, 3: "JD TC"}  # a sweep with the pig: +300; +200 for seat 3
    game = last_trick([-1310, 120, 120, -500], taken)
    events = finish(game)
    assert game.totals == [-1010, 120, 120, -300]
    assert not game.is_over() and game.result() is None
    assert game.hand_no == 2 and game.phase == "expose"
    assert game.first_leader == 0  # the pig's taker leads the next hand
    assert [e.type for e in events][-2:] == ["hand_over", "deal"]
    summary = game.summary()
    assert summary["hand_scores"] == [[300, 0, 0, 200]] and summary["totals"] == game.totals
    assert summary["over"] is False and summary["winner"] is None


def test_a_single_leader_ends_the_match_when_someone_is_out() -> None:
    # −1010, 150, 120, −300: the match is over and the 150 wins (the document's example)
    taken = {0: "QS " + HEARTS, 1: "TC", 3: "JD"}  # +300, the transformer alone +50, +100
    game = last_trick([-1310, 100, 120, -400], taken)
    events = finish(game)
    assert game.is_over()
    result = game.result()
    assert result is not None
    assert result["totals"] == [-1010, 150, 120, -300]
    assert result["winner"] == 1 and result["over"] is True
    assert result["ranking"] == [1, 2, 3, 0]
    assert result["out"] == [0]
    assert result["hand_scores"] == [[300, 50, 0, 100]]
    assert events[-1].type == "game_over" and events[-1].seat == 1
    assert game.to_act() == frozenset() and game.prompts() == {}
    assert refused(game, Action.make(0, "expose", cards=[])).code == "game_over"
    assert game.scores() == [300.0, 50.0, 0.0, 100.0]


def test_the_next_hand_is_led_by_the_pig_taker_not_the_2_of_spades() -> None:
    game = last_trick([0, 0, 0, 0], {2: "QS", 3: "JD TC " + HEARTS})
    finish(game)
    assert game.hand_no == 2 and game.first_leader == 2
    assert game.view(None)["first_leader"] == 2  # known to all, unlike the first hand's
    holder = next(s for s in range(4) if "2S" in game.view(s)["hand_cards"])
    expose(game)
    assert game.to_act() == {2} and (holder == 2 or game.turn != holder)


def test_exactly_minus_1000_is_out_and_nobody_out_goes_on() -> None:
    everything = {3: "QS JD TC " + HEARTS}  # +800 for seat 3
    game = last_trick([-1000, 0, 10, -800], everything)
    finish(game)
    assert game.is_over() and game.result()["out"] == [0]  # type: ignore[index]
    game = last_trick([-990, 0, 10, -800], everything)
    finish(game)
    assert not game.is_over()


def test_the_breakdown_is_part_of_the_result() -> None:
    taken = {0: "QS " + HEARTS, 1: "TC JD"}
    game = last_trick([-1310, 100, 120, -300], taken)
    finish(game)
    [hand] = game.summary()["hands"]
    assert hand["scores"] == [300, 200, 0, 0]
    seat0, seat1 = hand["breakdown"][0], hand["breakdown"][1]
    assert seat0["sweep"] and seat0["hearts"] == 200 and seat0["pig"] == 100
    assert seat1["transformer"] == "multiply" and seat1["sheep"] == 100
    assert seat1["score"] == 200


# --------------------------------------------------------------------------- random hands


def _check_play(game: GongZhu, action: Action) -> None:
    """The follow rule, seen from outside: a seat that held the led suit followed it."""
    if action.type != "play" or not game.trick:
        return
    led = "DCHS"[game.trick[0] // 13]
    held = [c for c in game.view(action.seat)["hand_cards"] if c[1] == led]
    if held:
        assert action.get("card")[1] == led


def _check_hand_end(game: GongZhu) -> None:
    hand = game.history[-1]
    taken_hearts = 0
    for b in hand["breakdown"]:
        assert b["subtotal"] == b["hearts"] + b["pig"] + b["sheep"]
        expected = {
            "none": b["subtotal"],
            "alone": b["transformer_points"],
            "multiply": b["subtotal"] * b["transformer_factor"],
        }[b["transformer"]]
        assert b["score"] == expected
        taken_hearts += b["heart_count"]
    assert taken_hearts == 13
    assert sum(len(b["cards"]) for b in hand["breakdown"]) == 16
    assert [b["score"] for b in hand["breakdown"]] == hand["scores"]


def play_random_match(seed: int, chooser: Any = None) -> GongZhu:
    """A match played by uniformly random legal actions, checked at every step."""
    game = GongZhu.new(4, {}, seed)
    rng = random.Random(seed)
    hands_seen = 0
    plays_this_hand = 0
    while not game.is_over():
        prompt = game.next_prompt()
        assert prompt is not None and prompt.seat in game.to_act()
        legal = game.legal_actions(prompt.seat)
        action = chooser(game, prompt) if chooser else rng.choice(legal)
        assert action in legal
        _check_play(game, action)
        hand_before = game.hand_no
        game.apply(action)
        if action.type == "play":
            plays_this_hand += 1
        if game.hand_no != hand_before or game.is_over():
            assert plays_this_hand == 52
            assert len(game.history) == hands_seen + 1
            hands_seen += 1
            plays_this_hand = 0
            _check_hand_end(game)
    assert game.totals == [sum(h[s] for h in game.summary()["hand_scores"]) for s in range(4)]
    return game


def test_thousands_of_random_hands() -> None:
    hands = 0
    for seed in range(400):
        game = play_random_match(seed)
        hands += len(game.history)
    assert hands >= 1500


def test_hundreds_of_normal_cpu_hands() -> None:
    hands = 0
    for seed in range(40):
        decide = cpu_chooser("gong-zhu", ["normal", "easy", "normal", "easy"], seed)
        game = play_random_match(seed, decide)
        hands += len(game.history)
    assert hands >= 200


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 700))
def test_every_step_round_trips_and_views_hide_the_hands(seed: int, steps: int) -> None:
    game = GongZhu.new(4, {}, seed)
    rng = random.Random(seed)
    decide_random = RandomChoice()
    from engines.players import Decision

    for _ in range(steps):
        if game.is_over():
            break
        prompt = game.next_prompt()
        assert prompt is not None
        action = decide_random.decide(Decision(game.view(prompt.seat), prompt, rng, game.accepts))
        assert action is not None
        game.apply(action)
    again = GongZhu.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    for seat in (None, 0, 1, 2, 3):
        assert again.view(seat) == game.view(seat)
        view = game.view(seat)
        shown = _strings({k: v for k, v in view.items() if k not in ("last_hand", "result")})
        for other in range(4):
            if other == seat:
                assert set(view["hand_cards"]) == set(codes_of(game.hands[seat]))
                continue
            hidden = set(codes_of(game.hands[other])) - set(view["exposed_live"][other])
            assert not hidden & shown, (seat, other)


def _strings(value: Any) -> set[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


LINEUPS = [
    ["normal"] * 4,
    ["easy", "normal", "normal", "easy"],
    ["random", "normal", "easy", "normal"],
]


def chooser(levels: list[str], seed: int) -> CpuChooser:
    """A `CpuChooser` (the kind `autoplay` answers easy and normal seats of by itself), with
    a uniformly random player where the lineup says `random`."""
    return CpuChooser(
        [RandomChoice() if lv == "random" else cpu_player("gong-zhu", lv) for lv in levels],
        [decision_rng(seed, "test", seat) for seat in range(4)],
    )


@pytest.mark.parametrize("levels", LINEUPS)
def test_autoplay_is_the_same_game_as_step_by_step(levels: list[str]) -> None:
    """The fast autoplay (rule players answered from the state, no view built) against the
    protocol's own loop, where every seat decides from its view and prompt."""
    for seed in range(4):
        fast = GongZhu.new(4, {}, seed)
        fast_actions = fast.autoplay(chooser(levels, seed))
        slow = GongZhu.new(4, {}, seed)
        slow_actions = Game.autoplay(slow, chooser(levels, seed))
        assert fast_actions == slow_actions
        assert fast.to_json() == slow.to_json()
        assert fast.view(0) == slow.view(0)


def test_autoplay_stops_at_its_limit_and_goes_on_from_there() -> None:
    whole = GongZhu.new(4, {}, 3)
    everything = whole.autoplay(chooser(["normal"] * 4, 3))
    steps = GongZhu.new(4, {}, 3)
    decide = chooser(["normal"] * 4, 3)
    taken = []
    while not steps.is_over():
        batch = steps.autoplay(decide, limit=7)
        assert 1 <= len(batch) <= 7
        taken += batch
    assert taken == everything and steps.to_json() == whole.to_json()


def test_the_situation_is_what_every_view_tells() -> None:
    from engines.gong_zhu.cpu import situation_of

    game = GongZhu.new(4, {}, 8)
    decide = chooser(["normal"] * 4, 8)
    while game.hand_no == 1:
        game.autoplay(decide, limit=1)
        if game.phase != "play":
            continue
        mine = game.situation()
        for seat in (None, 0, 1, 2, 3):
            told = situation_of(game.view(seat))
            assert [getattr(told, k) for k in told.__slots__] == [
                getattr(mine, k) for k in mine.__slots__
            ]


# --------------------------------------------------------------------------- records


def test_records_replay_and_finish() -> None:
    record = {"game": "gong-zhu", "seats": 4, "seed": 11, "actions": []}
    finished = replay(parse_record(record), finish=True).answer
    assert finished["over"] is True and finished["to_act"] == []
    result = finished["result"]
    assert set(result) >= {"hand_scores", "totals", "over", "winner", "ranking"}
    assert result["winner"] == result["ranking"][0]
    assert min(result["totals"]) <= -1000
    # the same actions, written out, replay to the same answer
    game = GongZhu.new(4, {}, 11)
    actions = game.autoplay(cpu_chooser("gong-zhu", ["normal"] * 4, 11, "finish"))
    written = {**record, "actions": [a.to_json() for a in actions]}
    again = replay(parse_record(written)).answer
    assert again["result"] == result and again["actions_applied"] == len(actions)
    assert again["state"] == finished["state"]


def test_a_record_with_deals_plays_them_in_order() -> None:
    game = game_with(SUITS_DEAL, list(reversed(SUITS_DEAL)))
    assert game.view(0)["hand_cards"][0] == "AS"
    cls = game_class("gong-zhu")
    assert cls.multi_hand
    record = {"game": "gong-zhu", "seats": 4, "seed": 0, "deals": [{"hands": SUITS_DEAL}]}
    answer = replay(parse_record(record)).answer
    assert answer["to_act"] == [0, 1, 2, 3] and answer["state"]["phase"] == "expose"


@pytest.mark.parametrize(
    "deals",
    [
        {"hands": SUITS_DEAL},
        [{"hands": SUITS_DEAL[:3]}],
        [{"hands": [h[:12] for h in SUITS_DEAL]}],
        [{"hands": [SUITS_DEAL[0], SUITS_DEAL[0], SUITS_DEAL[2], SUITS_DEAL[3]]}],
        [{"hands": SUITS_DEAL, "first": 0}],
    ],
)
def test_malformed_deals_are_refused(deals: Any) -> None:
    with pytest.raises(RecordError):
        GongZhu.new(4, {}, 0, deals)


def test_seats_and_options() -> None:
    with pytest.raises(RecordError):
        GongZhu.new(3)
    with pytest.raises(RecordError):
        GongZhu.new(4, {"target": 500})


def test_the_state_round_trips_through_json_at_every_kind_of_moment() -> None:
    game = GongZhu.new(4, {}, 5)
    decide = cpu_chooser("gong-zhu", ["normal"] * 4, 5)
    for _ in range(200):
        copy = GongZhu.from_json(game.to_json())
        assert copy.to_json() == game.to_json()
        assert copy.view(None) == game.view(None)
        assert copy.prompts() == game.prompts()
        game.autoplay(decide, limit=1)
    assert SCORING


# --------------------------------------------------------------------------- computer players


def decide(game: GongZhu, level: str, seed: int = 0, seat: int | None = None) -> Action:
    """The CPU's answer for `seat` (by default the next to act), from its view and prompt."""
    from engines.cpu import cpu_player
    from engines.players import Decision

    prompt = game.next_prompt() if seat is None else game.prompts()[seat]
    assert prompt is not None
    view = game.view(prompt.seat)
    action = cpu_player("gong-zhu", level).decide(
        Decision(view, prompt, random.Random(seed), game.accepts)
    )
    assert action is not None and game.accepts(action)
    return action


def card_of(action: Action) -> str:
    return str(action.get("card"))


def first_trick(seat0: str, seat1: str, lead: str) -> GongZhu:
    """The first trick of a match: seat 0 holds 2♠ and leads `lead`; seat 1 is to answer."""
    game = game_with(spread(seat0, seat1))
    expose(game)
    play(game, 0, lead)
    return game


NO_CLUBS = "QS 9S AH KH 2D 3D 4D 5D 6D 7D 8D 9D TD"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_pig_goes_under_the_ace_of_spades(level: str) -> None:
    game = first_trick("2S AS", "QS 9S 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D", "AS")
    assert card_of(decide(game, level)) == "QS"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_void_seat_drops_the_pig(level: str) -> None:
    game = first_trick("2S 2C", NO_CLUBS, "2C")
    assert card_of(decide(game, level)) == "QS"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_sheep_is_taken_with_a_high_diamond(level: str) -> None:
    game = first_trick("2S JD", "AD 3D 3S 4S 5S 6S 7S 8S 9S TS 3C 4C 5C", "JD")
    assert card_of(decide(game, level)) == "AD"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_sheep_is_kept_when_it_cannot_win(level: str) -> None:
    game = first_trick("2S KD AD", "JD 5D 3S 4S 5S 6S 7S 8S 9S TS 3C 4C 5C", "KD")
    assert card_of(decide(game, level)) == "5D"


def test_the_normal_cpu_exposes_only_an_obviously_safe_hand() -> None:
    safe = spread("AD KD QD JD 2S", "QS")
    assert decide(game_with(safe), "normal", seat=0).get("cards") == ("JD",)
    risky = spread("JD 2S", "QS AD")
    assert decide(game_with(risky), "normal", seat=0).get("cards") == ()
    assert decide(game_with(safe), "easy", seat=0).get("cards") == ()


def test_the_hint_gives_the_hard_choice_and_a_reason() -> None:
    from engines.gong_zhu.cpu import hint
    from engines.players import Decision

    game = first_trick("2S 2C", NO_CLUBS, "2C")
    prompt = game.next_prompt()
    assert prompt is not None
    advice = hint(Decision(game.view(1), prompt, random.Random(0), game.accepts))
    assert advice.action == Action.make(1, "play", card="QS")
    assert advice.reason == "dump_pig" and advice.params["samples"] >= 8
    lone = first_trick("2S 2C", NO_CLUBS, "2S")
    prompt = lone.next_prompt()
    assert prompt is not None
    advice = hint(Decision(lone.view(1), prompt, random.Random(0), lone.accepts))
    expected = "pig_over" if advice.action == Action.make(1, "play", card="QS") else "stay_low"
    assert advice.reason == expected  # the pig on 2♠: for a higher spade still out to take


def test_the_table_s_hint_is_the_hard_cpu_s_with_its_reason() -> None:
    """`engines.cpu.hint`, what the bot's Hint button asks: the game names the hard level."""
    from engines.cpu import hint as table_hint

    game = first_trick("2S 2C", NO_CLUBS, "2C")
    prompt = game.next_prompt()
    assert prompt is not None and GongZhu.hint_level == "hard"
    found = table_hint(game, prompt, 7, "hint@5")
    assert found.action == Action.make(1, "play", card="QS")
    assert found.reason == "dump_pig" and {"card", "margin", "samples"} <= set(found.params)


def test_the_hard_cpu_decides_exposures_by_simulation() -> None:
    from engines.gong_zhu.cpu import hint
    from engines.players import Decision

    game = game_with(spread("AD KD QD JD 2S", "QS"))
    prompt = game.prompts()[0]
    advice = hint(Decision(game.view(0), prompt, random.Random(0), game.accepts))
    assert advice.action is not None and advice.action.type == "expose"
    assert "JD" in advice.action.get("cards")  # the sheep can't be lost: doubling it pays
    assert advice.reason == "expose_gain" and int(advice.params["points"]) > 0


def test_the_hard_cpu_never_needs_a_hidden_card() -> None:
    """Two games equal in everything seat 0 sees get the same answer (the property test over
    records is tests/engines/test_cpu_query_hidden.py; this one is a quick direct check)."""
    one = first_trick("2S 2C", NO_CLUBS, "2C")
    hands = spread("2S 2C", NO_CLUBS)
    hands[2], hands[3] = hands[3], hands[2]  # seats 2 and 3 swap what seat 1 cannot see
    other = game_with(hands)
    expose(other)
    play(other, 0, "2C")
    assert one.view(1) == other.view(1) and one.to_json() != other.to_json()
    assert decide(one, "hard", 3) == decide(other, "hard", 3)
