"""Zhao Pengyou's CPU players: what each level does in telling positions, that every answer is
legal, that the hard player never reads a hidden card, and the hint's reasons in words.

Positions of the play phase are built as a `Sim` (the table as a seat knows it: its own hand,
the trick, the team, the calls), which is all a policy reads.
"""

from __future__ import annotations

import random

import pytest

from bot.i18n import has
from engines.actions import Action
from engines.cpu import LEVELS, cpu_chooser, cpu_player, decision_rng
from engines.cpu_query import answer_query
from engines.players import Decision
from engines.record import Record
from engines.zhao_pengyou import ZhaoPengyou
from engines.zhao_pengyou import hidden as zhao_pengyou_hidden
from engines.zhao_pengyou.calls import single_calls, suggestions
from engines.zhao_pengyou.cards import CODES, INDEX, POINTS, TRUMP, TYPES, trump_of
from engines.zhao_pengyou.cpu import bury_choice, declare_choice, trump_share
from engines.zhao_pengyou.policy import easy_play, normal_play, top_types, winning_follow
from engines.zhao_pengyou.rules import follow_problem, lead_shape, play_key, units_of
from engines.zhao_pengyou.search import deal_hidden, unseen
from engines.zhao_pengyou.sim import Sim, from_view
from tests.engines.zhao_pengyou_helpers import counts, types

SPADES_AND_TWOS = trump_of(0, 0)


def table(
    hand: str,
    trick: list[tuple[int, str]] = (),  # type: ignore[assignment]
    *,
    seats: int = 6,
    me: int = 0,
    declarer: int = 3,
    team: set[int] | None = None,
    played: str = "",
    sizes: list[int] | None = None,
) -> Sim:
    """A deal in play as seat `me` knows it: spades and 2s trump, `trick` the plays so far."""
    tr = SPADES_AND_TWOS
    hands = [[0] * TYPES for _ in range(seats)]
    hands[me] = counts(hand)
    seen = [0] * TYPES
    for t in types(played):
        seen[t] += 1
    st = Sim(
        seats,
        2,
        tr,
        me,
        hands,
        sizes or [len(hand.split())] * seats,
        declarer,
        team if team is not None else {declarer},
        [],
        [],
        seen,
        [0] * seats,
        [True] * seats,
        trick[0][0] if trick else me,
        voids=[0] * seats,
        no_sets=[{} for _ in range(seats)],
        known=[[0] * TYPES for _ in range(seats)],
    )
    if trick:
        lead = lead_shape(units_of(types(trick[0][1])), tr)
        st.lead = lead
        best = None
        for seat, cards in trick:
            units = units_of(types(cards))
            st.trick.append((seat, units))
            for t in types(cards):
                seen[t] += 1
            key = play_key(units, lead, tr)
            if key is not None and (best is None or key > best[1]):
                best = (seat, key)
        st.best = best
    return st


def codes(play: list[int]) -> list[str]:
    return sorted(CODES[t] for t in play)


# --------------------------------------------------------------------------- following


def test_a_partner_holding_the_trick_last_gets_points() -> None:
    """Seat 0, last to play, sees its partner (the declarer, seat 3) hold the trick with the
    big joker: it plays its 10 of hearts, not its 3."""
    st = table(
        "TH 3H 9C",
        [(1, "6H"), (2, "7H"), (3, "BJ"), (4, "8H"), (5, "9H")],
        team={3, 0},
    )
    assert codes(normal_play(st, 0)) == ["TH"]


def test_points_on_the_table_are_taken_cheaply_from_an_opponent() -> None:
    """The declarer (an opponent: no friend is called here) holds a trick with points: the
    lowest card that wins it; a defender holding it is left alone."""
    st = table("AH QH 4H", [(3, "KH"), (4, "5H"), (5, "JH")], declarer=3)
    assert codes(normal_play(st, 0)) == ["AH"]  # only the Ace beats the K
    st = table("AH KH 4H", [(3, "JH"), (4, "5H"), (5, "TH")], declarer=3)
    assert codes(winning_follow(st, 0) or []) == ["KH"]
    st = table("AH KH 4H TC", [(3, "JH"), (4, "5H"), (5, "QH")], declarer=5)
    assert codes(normal_play(st, 0)) == ["KH"]  # the K takes the trick from the declarer
    st = table("AH 4H TC", [(3, "JH"), (4, "KH"), (5, "5H")], declarer=3)
    assert codes(normal_play(st, 0)) == ["4H"]  # seat 4, a fellow defender, holds it


def test_a_void_seat_trumps_a_trick_with_points_and_dumps_otherwise() -> None:
    st = table("3S 9S 7D", [(3, "KH"), (4, "TH")], declarer=3)
    assert codes(normal_play(st, 0)) == ["3S"]  # the lowest trump takes 20 points
    st = table("3S 9S 7D 8D", [(3, "4H"), (4, "6H")], declarer=3)
    assert codes(normal_play(st, 0)) == ["7D"]  # nothing on the table: keep the trumps


def test_follows_keep_the_duties_at_every_level() -> None:
    """A pair led: a follower holding a pair of the suit plays it (the duty), whatever its
    level wants."""
    st = table("9H 9H KH 3C", [(3, "JH JH")], declarer=3)
    for play in (normal_play(st, 0), easy_play(st, 0)):
        problem = follow_problem(st.hands[0], units_of(play), len(play), st.lead, st.trump)  # type: ignore[arg-type]
        assert problem is None and codes(play) == ["9H", "9H"]


# --------------------------------------------------------------------------- leading


def test_known_top_cards_are_led_and_thrown() -> None:
    """Both A♥ in the hand: A♥ is top; with both K♥ played too, the Q♥ is top as well and the
    normal player throws them together (singles only: the A♥ pair leads as a set)."""
    st = table("AH AH QH 5C", played="KH KH")
    assert top_types(st, 0, 1) == types("AH QH")
    play = normal_play(st, 0)
    assert codes(play) in (["AH", "AH"], ["QH"])  # the top pair first
    st = table("AH QH 5C", played="AH KH KH")
    assert codes(normal_play(st, 0)) == ["AH", "QH"]


def test_a_high_sequence_of_pairs_is_led() -> None:
    st = table("QH QH JH JH 4C 9D")
    assert codes(normal_play(st, 0)) == ["JH", "JH", "QH", "QH"]


def test_the_easy_player_leads_its_highest_plain_card() -> None:
    st = table("3H 9C KD 4S")
    assert codes(easy_play(st, 0)) == ["KD"]


# --------------------------------------------------------------------------- deal, bury, calls


def test_declaring_is_worth_it_with_a_long_trump_suit() -> None:
    from engines.prompts import Prompt

    hand = ["2S", "AS", "KS", "9S", "5S", "BJ", "3H", "7C"]
    prompt = Prompt(
        0, "declare", required=False, public=False, choices=(Action.make(0, "declare", card="2S"),)
    )
    view = {"hand": hand, "deal_size": 17}
    assert trump_share(hand, "2S") > 0.7
    assert declare_choice(view, prompt, last_window=False, eager=False) is not None
    weak = ["2S", "3H", "4H", "7C", "8C", "9D"]
    assert declare_choice({"hand": weak, "deal_size": 17}, prompt, False, False) is None
    window = Prompt(
        0,
        "last_window",
        public=False,
        choices=(Action.make(0, "declare", card="2S"), Action.make(0, "pass")),
    )
    assert declare_choice({"hand": weak, "deal_size": 17}, window, True, False) == Action.make(
        0, "pass"
    )
    assert declare_choice({"hand": weak, "deal_size": 17}, window, True, True).type == "declare"  # type: ignore[union-attr]


def test_the_bury_empties_a_short_suit_and_keeps_points() -> None:
    """Two clubs without an Ace go first; then the lowest cards without points; no trump."""
    hand = "BJ 2S AS KS QS 9S 4H 5H TH KH 6H 3H 3C 8C 4D 7D 8D 9D JD QD AD AH 9H"
    buried = bury_choice(hand.split(), "2S", easy=False)
    assert len(buried) == 6
    assert "3C" in buried and "8C" in buried
    assert not [c for c in buried if POINTS[INDEX[c]]]
    assert not [c for c in buried if SPADES_AND_TWOS.eff[INDEX[c]] == TRUMP]


def test_calls_name_no_trump_and_the_next_copy_of_an_ace_held() -> None:
    hand = counts("AH 7H 7C 9D 2S AS")
    calls = suggestions(hand, SPADES_AND_TWOS, decks=2, count=2)
    assert calls and all(len(c) == 2 for c in calls)
    for call_set in calls:
        for t, nth in call_set:
            assert SPADES_AND_TWOS.eff[t] != TRUMP and 1 <= nth <= 2
    singles = [call for _, call in single_calls(hand, SPADES_AND_TWOS, decks=2)]
    assert (INDEX["AH"], 1) not in singles and (INDEX["AH"], 2) in singles  # ours is the 1st


# --------------------------------------------------------------------------- what the CPU sees


def test_sampled_deals_keep_to_what_is_public() -> None:
    """The hard player's deals, from a seat's view in the middle of a deal: every unseen card
    placed once, each hand its size, the kitty 6, no card of a suit a seat showed it lacks."""
    game = ZhaoPengyou.new(8, {"ranks": ["K"] * 8}, 9)
    decide = cpu_chooser("zhao-pengyou", ["normal"] * 8, 9)
    while not (game.phase == "play" and game.tricks >= 8 and len(game.trick) == 2):
        game.autoplay(decide, limit=1)
    seat = game.turn
    st = from_view(game.view(seat))
    pool = unseen(st)
    voids = [v for v in st.voids]
    assert any(voids)  # some seat has shown a void by now
    rng = random.Random(3)
    for _ in range(30):
        hands, kitty = deal_hidden(st, rng)
        assert len(kitty) == (0 if seat == game.declarer else 6)
        placed = []
        for other in range(8):
            if other == seat:
                assert hands[other] == game.hands[seat]
                continue
            assert sum(hands[other]) == game.sizes[other]
            for e in range(5):
                if voids[other] >> e & 1:
                    assert not any(hands[other][t] for t in st.trump.members[e])
            placed += [t for t in range(TYPES) for _ in range(hands[other][t])]
        assert sorted(placed + kitty) == sorted(pool)


def test_the_declared_card_is_dealt_to_the_declarer_or_the_kitty() -> None:
    """Until the declarer plays a copy of the card it declared with, one copy is in its hand or
    the kitty in every sampled deal (in the kitty when it has shown a void in trumps)."""
    hand = "3H 4H 5H 6H 7H 8H 9H JH QH KH AH 3D 4D 5D 6D 7D 8D"
    st = table(hand, sizes=[17] * 6)
    st.pledge = INDEX["2S"]  # spades and 2s: seat 3 declared with 2♠
    declarer, two = st.declarer, INDEX["2S"]
    rng = random.Random(5)
    where = set()
    for _ in range(200):
        hands, kitty = deal_hidden(st, rng)
        assert hands[declarer][two] or two in kitty
        where.add("hand" if hands[declarer][two] else "kitty")
    assert where == {"hand", "kitty"}
    st.voids = [1 << TRUMP if s == declarer else 0 for s in range(6)]
    for _ in range(50):
        hands, kitty = deal_hidden(st, rng)
        assert two in kitty and not any(hands[declarer][t] for t in st.trump.members[TRUMP])
    st.pledge = None  # played: no longer kept anywhere in particular
    assert any(two not in deal_hidden(st, rng)[1] for _ in range(50))


def test_the_view_tells_the_declared_card_until_the_declarer_plays_it() -> None:
    game = ZhaoPengyou.new(6, {"ranks": ["K"] * 6}, 4)
    decide = cpu_chooser("zhao-pengyou", ["normal"] * 6, 4)
    told = []
    while not game.is_over() and len(game.outcomes) == 0:
        if game.phase == "play":
            declared = CODES[game.declared] if game.declared is not None else None
            played = any(
                s == game.declarer and declared in cards_
                for h in game.history
                for s, cards_ in h["plays"]
            ) or any(s == game.declarer and game.declared in p for s, p in game.trick)
            view = game.view(None)
            assert view["pledge"] == (None if played else declared)
            told.append(view["pledge"])
            assert ZhaoPengyou.from_json(game.to_json()).view(None)["pledge"] == view["pledge"]
        game.autoplay(decide, limit=1)
    assert told[0] is not None and None in told  # shown at first, gone once played


def play_positions(seats: int, seed: int, steps: int) -> dict[str, object]:
    """A record of a deal played by normal CPUs up to `steps` actions (its deal written out)."""
    game = ZhaoPengyou.new(seats, {}, seed)
    deals = zhao_pengyou_hidden.deal(game)
    record = Record("zhao-pengyou", seats, {}, seed, deals).to_json()
    actions = ZhaoPengyou.new(seats, {}, seed, deals).autoplay(
        cpu_chooser("zhao-pengyou", ["normal"] * seats, seed), limit=steps
    )
    return {**record, "actions": [a.to_json() for a in actions]}


@pytest.mark.parametrize(("seats", "seed", "steps"), [(6, 1, 130), (8, 2, 200), (12, 3, 240)])
def test_hidden_cards_never_change_an_answer_in_play(seats: int, seed: int, steps: int) -> None:
    """Mid-trick positions of the play phase: moving cards the seat cannot see (other hands,
    the kitty) leaves every level's answer exactly as it was."""
    record = play_positions(seats, seed, steps)
    game = zhao_pengyou_hidden._replayed(record)
    assert game is not None and game.phase == "play"
    seat = game.turn
    variant = zhao_pengyou_hidden.vary(record, seat, random.Random(seed))
    assert variant != record  # something hidden did move
    for level in LEVELS:
        query = {"record": record, "seat": seat}
        assert answer_query({**query, "record": variant}, level) == answer_query(query, level)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_deals_at_every_seat_count(level: str) -> None:
    """One deal per seat count with the level in every seat: legal answers all the way."""
    for seats in (6, 9, 12) if level == "hard" else range(6, 13):
        game = ZhaoPengyou.new(seats, {"ranks": ["K"] * seats}, seats)
        game.autoplay(cpu_chooser("zhao-pengyou", [level] * seats, seats))
        assert game.is_over()


def test_the_hint_gives_its_reason_in_both_languages() -> None:
    game = ZhaoPengyou.new(8, {"ranks": ["K"] * 8}, 5)
    decide = cpu_chooser("zhao-pengyou", ["normal"] * 8, 5)
    reasons = set()
    player = cpu_player("zhao-pengyou", "normal")
    while not game.is_over() and len(reasons) < 5:
        for seat, prompt in game.prompts().items():
            hint = player.explain(  # type: ignore[attr-defined]
                Decision(game.view(seat), prompt, decision_rng(5, "hint", seat), game.accepts)
            )
            if hint.reason:
                reasons.add(hint.reason)
        game.autoplay(decide, limit=1)
    assert reasons
    for reason in reasons:
        for locale in ("en", "ja"):
            assert has(f"hint.zhao-pengyou.{reason}", locale), (reason, locale)


def test_the_view_is_what_the_cpu_reads() -> None:
    """`from_view` rebuilds a seat's table from its view alone: its hand, the trick, the team."""
    game = ZhaoPengyou.new(8, {"ranks": ["K"] * 8}, 7)
    decide = cpu_chooser("zhao-pengyou", ["normal"] * 8, 7)
    while not (game.phase == "play" and len(game.trick) == 3):
        game.autoplay(decide, limit=1)
    seat = game.turn
    st = from_view(game.view(seat))
    assert st.hands[seat] == game.hands[seat]
    assert [s for s, _ in st.trick] == [s for s, _ in game.trick]
    assert st.best is not None and game.best is not None and st.best[0] == game.best[0]
    assert st.team == set(game.team) and st.sizes == game.sizes


def low_throw(game: ZhaoPengyou, seat: int) -> list[str] | None:
    """The two lowest single cards of a plain suit the seat holds, led together (a throw)."""
    trump = game.trump
    assert trump is not None
    hand = game.hands[seat]
    for suit in range(4):
        singles = [t for t in reversed(trump.members[suit]) if hand[t] == 1]
        if len(singles) >= 2:
            return [CODES[t] for t in singles[:2]]
    return None


@pytest.mark.parametrize("seats", range(6, 13))
def test_the_seat_sim_is_the_view_read_by_the_cpu(seats: int) -> None:
    """`seat_sim` (what autoplay's CPU seats read) equals `from_view` of the seat's view at
    every play of random deals: the same hand, table, voids, missing sets, cards put back by
    failed throws, calls and bury, and never another seat's cards."""
    rng = random.Random(seats)
    checked = failed = 0
    for seed in range(3):
        game = ZhaoPengyou.new(seats, {"ranks": ["K"] * seats}, seed)
        normal = cpu_chooser("zhao-pengyou", ["normal"] * seats, seed)
        while not game.is_over():
            if game.phase == "play":
                seat = game.turn
                sim = game.seat_sim(seat)
                assert sim == from_view(game.view(seat))
                assert all(sim.hands[s] == [0] * TYPES for s in range(seats) if s != seat)
                checked += 1
                failed = max(failed, len(game.failed))
                throw = low_throw(game, seat) if not game.trick else None
                if throw is not None and rng.random() < 0.5:  # it may fail: cards put back
                    game.apply(Action.make(seat, "play", cards=throw))
                    continue
            game.autoplay(normal, limit=1)
    assert checked > 30 * seats and failed
