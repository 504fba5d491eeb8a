"""Shirokuro-jaku over thousands of random rounds, checked at every step.

The 30 cards are conserved; a held card changes its upright end only when it is inserted or its
hand is rotated; every round's scores are worked out again here from the document's words (an
independent reading of winning hands and yaku, tenpai by trying every card in every gap); the
deal passes round by round. Claims are private: a seat that is not asked sees exactly what it
would see if nobody could claim, claim prompts are private, answers are told to their seat
alone and sealed in the record until the game reveals them. The state round-trips through JSON
and the record of the actions replays to the same game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pytest

from engines.actions import Action, Event
from engines.cpu import RandomChoice, cpu_chooser
from engines.errors import IllegalAction
from engines.game import Game, resolve_prompt
from engines.players import Decision
from engines.prompts import Prompt, automated_prompt
from engines.record import parse_record, replay
from engines.shirokuro import Shirokuro
from engines.two_number.cards import DECK, base, value, value_of

CLAIM_TYPES = ("ron", "pon", "chi", "pass")
VALUE_SET = (*range(1, 7), *range(9, 15))


# --------------------------------------------------------------------------- the document, again


def colour(v: int) -> int:
    return 0 if v < 8 else 1


def number(v: int) -> int:
    return v - 8 * colour(v)


def is_koutsu(seg: Sequence[int]) -> bool:
    return len(seg) == 3 and seg[0] == seg[1] == seg[2]


def is_shuntsu(seg: Sequence[int]) -> bool:
    if len(seg) != 3 or len({colour(v) for v in seg}) != 1:
        return False
    ns = [number(v) for v in seg]
    return ns in ([ns[0], ns[0] + 1, ns[0] + 2], [ns[0], ns[0] - 1, ns[0] - 2])


def is_head(seg: Sequence[int]) -> bool:
    return len(seg) == 2 and seg[0] == seg[1]


def splits(vs: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Every way to cut the hand into consecutive pieces of two or three cards."""
    if not vs:
        return [[]]
    out = []
    for size in (2, 3):
        if len(vs) >= size:
            out += [[tuple(vs[:size]), *rest] for rest in splits(vs[size:])]
    return out


def ref_shapes(concealed: Sequence[int], exposed: Sequence[tuple[int, ...]]) -> list[list]:
    """The winning readings: (kind, values) pieces, exposed melds included."""
    shapes = []
    for pieces in splits(concealed):
        heads = [p for p in pieces if len(p) == 2]
        melds = [p for p in pieces if len(p) == 3]
        if (
            len(heads) == 1
            and is_head(heads[0])
            and len(melds) + len(exposed) == 2
            and all(is_koutsu(m) or is_shuntsu(m) for m in melds)
        ):
            shapes.append([*melds, *exposed])
        if not exposed and len(heads) == 4 and all(is_head(h) for h in heads):
            shapes.append(["pairs"])
    return shapes


def ref_wins(concealed: Sequence[int], melds: int) -> bool:
    return _ref_wins(tuple(concealed), melds)


@lru_cache(maxsize=1 << 16)
def _ref_wins(concealed: tuple[int, ...], melds: int) -> bool:
    return bool(ref_shapes(concealed, [(0, 0, 0)] * (2 - melds)))


def ref_tenpai(concealed: Sequence[int], melds: int) -> bool:
    return any(
        ref_wins([*concealed[:p], v, *concealed[p:]], melds)
        for v in VALUE_SET
        for p in range(len(concealed) + 1)
    )


def ref_yaku(
    concealed: Sequence[int], exposed: Sequence[tuple[int, ...]], context: dict[str, Any]
) -> tuple[int, dict[str, int]] | None:
    """The best reading's points and yaku, from the document's list."""
    every = [*concealed, *(v for m in exposed for v in m)]
    common: dict[str, int] = {}
    for name in ("dealer", "tsumo", "haitei", "houtei"):
        if context[name]:
            common[name] = 1
    dora = sum(1 for v in every if v in context["dora"])
    if dora:
        common["dora"] = dora
    if len({colour(v) for v in every}) == 1:
        common["chinitsu"] = 1
    if all(number(v) not in (1, 6) for v in every):
        common["tanyao"] = 1
    for name in ("tenhou", "chiihou", "renhou"):
        if context[name]:
            common[name] = 16
    best: tuple[int, dict[str, int]] | None = None
    for shape in ref_shapes(concealed, exposed):
        yaku = dict(common)
        if shape == ["pairs"]:
            yaku["suutoitsu"] = 8
        else:
            a, b = shape
            if is_koutsu(a) and is_koutsu(b):
                yaku["toitoi"] = 1
                if colour(a[0]) != colour(b[0]) and number(a[0]) == number(b[0]):
                    yaku["doukou"] = 4
            if is_shuntsu(a) and is_shuntsu(b):
                na, nb = sorted(number(v) for v in a), sorted(number(v) for v in b)
                same = colour(a[0]) == colour(b[0])
                if same and na == nb:
                    yaku["iipeikou"] = 2
                if same and sorted([na, nb]) == [[1, 2, 3], [4, 5, 6]]:
                    yaku["ittsu"] = 2
                if not same and na == nb:
                    yaku["doujun"] = 4
        points = sum(yaku.values())
        if best is None or points > best[0]:
            best = (points, yaku)
    return best


# --------------------------------------------------------------------------- players


def mixed(seed: int, seats: int, levels: Sequence[str] | None = None) -> Callable:
    """Seats at random levels (random play makes every kind of claim; CPUs win rounds)."""
    rng = random.Random(seed)
    chosen = list(
        levels or [rng.choice(["random", "random", "easy", "normal"]) for _ in range(seats)]
    )
    cpus = cpu_chooser("shirokuro", ["normal" if lv == "random" else lv for lv in chosen], seed)
    player = RandomChoice()

    def decide(game: Game, prompt: Prompt) -> Action | None:
        if chosen[prompt.seat] == "random":
            return player.decide(Decision(game.view(prompt.seat), prompt, rng, game.accepts))
        return cpus(game, prompt)

    return decide


# --------------------------------------------------------------------------- the invariants


class Watch:
    """Follows one game action by action and checks it against the rules told above."""

    def __init__(self, game: Shirokuro) -> None:
        self.game = game
        self.log: list[tuple[Action, str | None]] = []
        self.rounds_seen = 0
        self.claims = 0
        self.windows = 0
        self.ends: dict[str, int] = {}
        self._new_round()

    def _new_round(self) -> None:
        g = self.game
        self.round_no = g.round_no
        self.moved = [s == g.dealer for s in range(g.seats)]  # drew, pon'd or chi'd
        self.first_draws = [0] * g.seats
        self.claimed = False
        self.dealer_discarded = False
        self.resolved_claims: set[int] = set()  # indexes in `log` that took effect

    # -- helpers -------------------------------------------------------------------------

    def holdings(self) -> dict[str, str]:
        """Every held card (hands and exposed melds) by its plain code."""
        g = self.game
        out = {}
        for h in g.hands:
            for c in h:
                out[base(c)] = c
        for melds in g.exposed:
            for m in melds:
                for c in m["cards"]:
                    out[base(c)] = c
        return out

    def conserved(self) -> None:
        g = self.game
        cards = [base(c) for h in g.hands for c in h]
        cards += [base(c) for ms in g.exposed for m in ms for c in m["cards"]]
        cards += [d["card"] for ds in g.discards for d in ds if d["taken"] is None]
        cards += [g.indicator, *g.stock]
        if g.drawn is not None:
            cards.append(g.drawn)
        assert sorted(cards) == sorted(DECK)

    # -- one step ------------------------------------------------------------------------

    def step(self, action: Action) -> None:
        g = self.game
        before = g.to_json()
        held_before = self.holdings()
        window_before = g.window
        seat = action.seat
        context = self._context_for(action)
        events = g.apply(action)
        seal = g.seal_of(action)
        self.log.append((action, seal))
        assert (seal is not None) == (action.type in CLAIM_TYPES)
        if action.type in CLAIM_TYPES:
            self.claims += 1
            assert all(e.audience == frozenset({seat}) for e in events if e.type == "answered")
        self._check_events(action, events, window_before)
        round_over = any(e.type == "round_over" for e in events)
        if round_over:
            self._check_round(action, before, events, context)
        else:
            self.conserved()
            self._check_orientation(action, held_before, before)
        if action.type == "discard":
            self._check_entitled(action.seat, before, round_over)
        if action.type == "discard" and g.phase == "claims":
            self.windows += 1
            self._check_claims_private()
        if action.type in CLAIM_TYPES and g.window is None:
            self._check_resolution(action, window_before, events)
        self._track(action, events, before, round_over)
        self._check_sealing()
        assert Shirokuro.from_json(json.loads(json.dumps(g.to_json()))).to_json() == g.to_json()

    def _context_for(self, action: Action) -> dict[str, Any]:
        """What the document's yaku ask of a win by this action (tsumo), or of the window's
        rons; computed from what happened, not from the engine's flags."""
        g = self.game
        return {
            "dealer": g.dealer,
            "dora": {value_of(g.indicator, "W"), value_of(g.indicator, "B")},
            "stock_empty": not g.stock,
            "moved": list(self.moved),
            "first_draws": list(self.first_draws),
            "claimed": self.claimed,
            "dealer_discarded": self.dealer_discarded,
        }

    def _check_events(self, action: Action, events: list[Event], window: Any) -> None:
        for e in events:
            if e.type in ("drew_card", "inserted_card", "kept", "answered"):
                assert e.audience == frozenset({action.seat})
            else:
                assert e.public, e
                text = json.dumps(e.data)
                # no public event names a pass or a claim that did not happen
                assert "pass" not in text and "asked" not in text
        if action.type == "discard":
            assert [e.type for e in events][:1] == ["discard"]
            assert all(e.type in ("discard", "round_over", "deal", "game_over") for e in events)

    def _check_orientation(
        self, action: Action, held_before: dict[str, str], before: dict[str, Any]
    ) -> None:
        g = self.game
        held_after = self.holdings()
        for card, held in held_after.items():
            if card not in held_before:
                continue
            was = held_before[card]
            owner = next(
                (s for s in range(g.seats) if was in before["hands"][s]),
                None,
            )
            if action.type == "rotate" and owner == action.seat:
                assert held[:5] == was[:5] and held != was
            else:
                assert held == was, (action, card)
        new = set(held_after) - set(held_before)
        if action.type == "insert":
            assert new == {before["drawn"]}
            p, up = action.get("position"), action.get("upright")
            assert g.hands[action.seat] == [
                *before["hands"][action.seat][:p],
                f"{before['drawn']}/{up}",
                *before["hands"][action.seat][p:],
            ]
        elif new:
            assert action.type in CLAIM_TYPES and len(new) == 1
            (card,) = new
            meld = next(m for ms in g.exposed for m in ms if m["claimed"][:4] == card)
            vs = sorted(value(c) for c in meld["cards"])
            assert is_koutsu(vs) or is_shuntsu(vs)
        if action.type == "discard":
            p = action.get("position")
            hand = before["hands"][action.seat]
            assert g.hands[action.seat] == hand[:p] + hand[p + 1 :]

    def _check_entitled(self, discarder: int, before: dict[str, Any], round_over: bool) -> None:
        """The seats asked are exactly those the document lets claim, with every claim."""
        g = self.game
        card = g.discards[discarder][-1]["card"] if not round_over else None
        if card is None:
            return
        last = not before["stock"]
        expected = {}
        for step in range(1, g.seats):
            seat = (discarder + step) % g.seats
            hand = [value(c) for c in g.hands[seat]]
            melds = 2 - len(g.exposed[seat])
            ron = sorted(
                [p, up]
                for up in ("W", "B")
                for p in range(len(hand) + 1)
                if ref_wins([*hand[:p], value_of(card, up), *hand[p:]], melds)
            )
            shows = {value_of(card, "W"), value_of(card, "B")}
            pon = [p for p in range(len(hand) - 1) if hand[p] == hand[p + 1] and hand[p] in shows]
            chi = [
                p
                for p in range(len(hand) - 1)
                for v in shows
                if step == 1 and is_shuntsu(sorted([hand[p], hand[p + 1], v]))
            ]
            if last:
                pon, chi = [], []
            if ron or pon or chi:
                expected[seat] = [ron, pon, sorted(set(chi))]
        asked = {} if g.window is None else {s: list(o) for s, o in g.window["asked"].items()}
        assert asked == expected

    def _check_resolution(self, action: Action, window: Any, events: list[Event]) -> None:
        """Once every answer is in: every ron scores, else the first pon after the discarder,
        else the chi; else the next seat draws (or the round is drawn)."""
        answers = {int(k): v["type"] for k, v in window["answers"].items()}
        answers[action.seat] = action.type
        discarder = window["seat"]
        order = [(discarder + k) % self.game.seats for k in range(1, self.game.seats)]
        rons = [s for s in order if answers.get(s) == "ron"]
        pons = [s for s in order if answers.get(s) == "pon"]
        chis = [s for s in order if answers.get(s) == "chi"]
        claimed = [(e.type, e.seat) for e in events if e.type in ("ron", "pon", "chi")]
        if rons:
            assert claimed == [("ron", s) for s in sorted(rons)]
        elif pons:
            assert claimed == [("pon", pons[0])]
        elif chis:
            assert claimed == [("chi", chis[0])]
        else:
            assert claimed == []

    def _check_claims_private(self) -> None:
        """A seat that is not asked sees what it would see if nobody could claim: its view
        is the same as once every asked seat has passed."""
        g = self.game
        window = g.window
        assert window is not None
        asked = set(window["asked"])
        for seat in asked:
            prompt = g.prompts()[seat]
            assert prompt.kind == "claim" and not prompt.public and prompt.required
            assert prompt.default == Action.make(seat, "pass")
        assert set(g.prompts()) == asked
        assert g.table_step() is None
        if window["ron_only"]:
            # After the stock's last draw a discard nobody may ron ends the round at once;
            # a seat that may ron holds it open. Every such seat is tenpai, and the round's
            # end shows its hand and its tenpai anyway, so the wait tells nothing lasting.
            for seat in asked:
                assert ref_tenpai([value(c) for c in g.hands[seat]], 2 - len(g.exposed[seat]))
            return
        passed = Shirokuro.from_json(g.to_json())
        for seat in sorted(asked):
            passed.apply(Action.make(seat, "pass"))
        for viewer in [None, *range(g.seats)]:
            if viewer in asked:
                continue
            assert g.view(viewer) == passed.view(viewer), viewer
            if viewer is None:
                continue
            # and whatever it tries is refused as it would be then (the draw is the table's)
            for probe in probes(viewer):
                if probe.type == "draw" and viewer == passed.turn:
                    continue
                assert refusal(g, probe) == refusal(passed, probe), probe

    def _check_sealing(self) -> None:
        """The record as the bot keeps it (sealed actions left out while their seal is open)
        holds no claim answer of the round in progress but those that took effect."""
        g = self.game
        open_seals = g.open_seals()
        for index, (action, seal) in enumerate(self.log[self.round_start :]):
            shown = seal is None or seal not in open_seals
            if action.type in CLAIM_TYPES and shown:
                assert self.round_start + index in self.resolved_claims, action

    round_start = 0

    def _track(
        self, action: Action, events: list[Event], before: dict[str, Any], round_over: bool
    ) -> None:
        g = self.game
        kinds = [e.type for e in events]
        for kind in ("pon", "chi", "ron"):
            for e in events:
                if e.type == kind:
                    claimer = e.seat
                    answer = max(
                        i
                        for i, (a, _) in enumerate(self.log)
                        if a.seat == claimer and a.type == kind
                    )
                    self.resolved_claims.add(answer)
                    if kind != "ron":
                        self.claimed = True
                        self.moved[claimer] = True
        if action.type == "draw":
            self.moved[action.seat] = True
            self.first_draws[action.seat] += 1
        if action.type == "discard" and action.seat == before["dealer"]:
            self.dealer_discarded = True
        if round_over:
            self.rounds_seen += 1
            assert open_seals_cleared(g)
            self.round_start = len(self.log)
            if not g.is_over():
                assert "deal" in kinds
                self._new_round()

    # -- the end of a round --------------------------------------------------------------

    def _check_round(
        self,
        action: Action,
        before: dict[str, Any],
        events: list[Event],
        context: dict[str, Any],
    ) -> None:
        g = self.game
        entry = g.rounds()[-1]
        seats = g.seats
        assert entry["dealer"] == before["dealer"] == (g.first + len(g.rounds()) - 1) % seats
        self.ends[entry["end"]] = self.ends.get(entry["end"], 0) + 1
        expected_scores = [0] * seats
        exposed = [
            [tuple(value(c) for c in m["cards"]) for m in before["exposed"][s]]
            for s in range(seats)
        ]
        if action.type == "tsumo":
            s = action.seat
            assert entry["end"] == "tsumo" and entry["tenpai"] == []
            concealed = [value(c) for c in before["hands"][s]]
            dealer = s == context["dealer"]
            ctx = {
                "dealer": dealer,
                "tsumo": True,
                "haitei": context["stock_empty"],
                "houtei": False,
                "dora": context["dora"],
                "tenhou": dealer and not context["dealer_discarded"],
                "chiihou": not dealer and context["first_draws"][s] == 1 and not context["claimed"],
                "renhou": False,
            }
            found = ref_yaku(concealed, exposed[s], ctx)
            assert found is not None
            assert entry["wins"] == [
                {"seat": s, "from": None, "yaku": found[1], "points": found[0]}
            ]
            expected_scores[s] = found[0]
        elif any(e.type == "ron" for e in events):
            window = before["window"]
            discarder, card = window["seat"], window["card"]
            answers = {int(k): v for k, v in window["answers"].items()}
            answers[action.seat] = action.to_json()
            rons = sorted(s for s, a in answers.items() if a["type"] == "ron")
            assert entry["end"] == "ron" and entry["tenpai"] == []
            wins = []
            for s in rons:
                p, up = answers[s]["position"], answers[s]["upright"]
                concealed = [value(c) for c in before["hands"][s]]
                concealed.insert(p, value_of(card, up))
                ctx = {
                    "dealer": s == context["dealer"],
                    "tsumo": False,
                    "haitei": False,
                    "houtei": bool(window["ron_only"]),
                    "dora": context["dora"],
                    "tenhou": False,
                    "chiihou": False,
                    "renhou": not context["moved"][s],
                }
                found = ref_yaku(concealed, exposed[s], ctx)
                assert found is not None
                wins.append({"seat": s, "from": discarder, "yaku": found[1], "points": found[0]})
                expected_scores[s] = found[0]
            assert entry["wins"] == wins
        else:
            assert entry["end"] == "draw" and entry["wins"] == []
            assert context["stock_empty"]
            hands_after = before["hands"]
            if action.type == "discard":
                p = action.get("position")
                hands_after = [list(h) for h in hands_after]
                del hands_after[action.seat][p]
            ready = [
                s
                for s in range(seats)
                if ref_tenpai([value(c) for c in hands_after[s]], 2 - len(exposed[s]))
            ]
            assert entry["tenpai"] == ready
            for s in ready:
                expected_scores[s] = 1
        assert entry["scores"] == expected_scores
        assert all(points > 0 for w in entry["wins"] for points in w["yaku"].values())
        totals = [sum(r["scores"][s] for r in g.rounds()) for s in range(seats)]
        assert g.totals == totals


def probes(seat: int) -> list[Action]:
    """Actions a seat might try at any moment."""
    return [
        Action.make(seat, "draw"),
        Action.make(seat, "insert", position=0, upright="W"),
        Action.make(seat, "discard", position=0),
        Action.make(seat, "tsumo"),
        Action.make(seat, "ron", position=0, upright="B"),
        Action.make(seat, "pon", position=0),
        Action.make(seat, "chi", position=1),
        Action.make(seat, "pass"),
        Action.make(seat, "keep"),
    ]


def refusal(game: Shirokuro, action: Action) -> tuple | None:
    """(code, message, params) of a refusal, None when accepted."""
    try:
        game.check(action)
    except IllegalAction as exc:
        return (exc.code, exc.message, exc.params)
    return None


def open_seals_cleared(game: Shirokuro) -> bool:
    return game.open_seals() == frozenset()


def play(game: Shirokuro, decide: Callable, watch: Watch | None = None) -> list[Action]:
    """Play the game out as `autoplay` does, one action at a time under the watch."""
    taken: list[Action] = []
    declined: set[tuple[int, str]] = set()
    while not game.is_over():
        prompt = automated_prompt(
            game.seat_decisions(), lambda seat: True, declined, step=game.table_step()
        )
        assert prompt is not None
        action = resolve_prompt(game, prompt, decide)
        if action is None:
            declined.add((prompt.seat, prompt.signature()))
            continue
        if watch is not None:
            watch.step(action)
        else:
            game.apply(action)
        taken.append(action)
    return taken


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("seats", [2, 3])
def test_thousands_of_random_rounds_keep_every_rule(seats: int) -> None:
    """170 games of 6 rounds per seat count (2,040 rounds in all), every step checked."""
    totals: dict[str, int] = {}
    rounds = windows = 0
    for seed in range(170):
        game = Shirokuro.new(seats, {"rounds": 6}, seed * 7 + seats)
        watch = Watch(game)
        play(game, mixed(seed, seats), watch)
        assert game.is_over() and watch.rounds_seen == 6
        result = game.result()
        assert result is not None and result["winners"] == [
            s for s in range(seats) if game.totals[s] == max(game.totals)
        ]
        rounds += watch.rounds_seen
        windows += watch.windows
        for end, n in watch.ends.items():
            totals[end] = totals.get(end, 0) + n
    assert rounds == 1020
    # every way a round ends was seen, and plenty of claim windows
    assert set(totals) == {"tsumo", "ron", "draw"} and windows > 500, (totals, windows)


def test_the_record_of_a_game_replays_to_the_same_game() -> None:
    for seed in range(40):
        seats = 2 + seed % 2
        game = Shirokuro.new(seats, {}, seed)
        actions = play(game, mixed(seed, seats))
        record = {
            "game": "shirokuro",
            "seats": seats,
            "seed": seed,
            "actions": [a.to_json() for a in actions],
        }
        outcome = replay(parse_record(json.loads(json.dumps(record))))
        assert not outcome.refused
        assert outcome.answer["over"] and outcome.answer["result"] == game.result()
        assert outcome.answer["state"] == game.summary()
        assert outcome.answer["actions_applied"] == len(actions)


def test_written_out_deals_replay_like_the_seed() -> None:
    """The seed's deals written as `deals` (oriented hands, indicator, stock) give the same
    game, and so does the state after a JSON round trip at any point."""
    for seed in range(20):
        seats = 2 + seed % 2
        game = Shirokuro.new(seats, {"rounds": 3}, seed)
        layouts = []
        decide = mixed(seed, seats)
        actions: list[Action] = []
        while not game.is_over():
            if len(layouts) < game.round_no:
                state = game.to_json()
                entry = {
                    "hands": state["hands"],
                    "indicator": state["indicator"],
                    "stock": state["stock"],
                }
                if not layouts:
                    entry = {"dealer": state["dealer"], **entry}
                layouts.append(entry)
            actions += game.autoplay(decide, limit=1)
        record = {
            "game": "shirokuro",
            "seats": seats,
            "options": {"rounds": 3},
            "seed": seed + 1000,  # the deals alone decide the cards
            "deals": layouts,
            "actions": [a.to_json() for a in actions],
        }
        outcome = replay(parse_record(record))
        assert not outcome.refused and outcome.answer["result"] == game.result()


def test_claim_answers_stay_out_of_the_record_until_revealed() -> None:
    """The bot's record leaves sealed actions out while their seal is open: a pass, or a
    claim that lost to a better one, never shows before the round ends."""
    seen_hidden = 0
    for seed in range(60):
        game = Shirokuro.new(3, {"rounds": 2}, seed)
        decide = mixed(seed, 3, ["random", "random", "random"])
        log: list[tuple[Action, str | None]] = []
        while not game.is_over():
            (action,) = game.autoplay(decide, limit=1)
            log.append((action, game.seal_of(action)))
            hidden = game.open_seals()
            shown = [a for a, seal in log if seal is None or seal not in hidden]
            passes = [a for a in shown if a.type == "pass"]
            if game.round_no == 1 and not game.is_over():
                assert passes == [], passes
            seen_hidden += sum(1 for _, seal in log if seal in hidden)
    assert seen_hidden > 100


def test_views_never_name_another_seats_cards() -> None:
    for seed in range(60):
        seats = 2 + seed % 2
        game = Shirokuro.new(seats, {"rounds": 2}, seed)
        decide = mixed(seed, seats)
        while not game.is_over():
            game.autoplay(decide, limit=1)
            if game.is_over():
                break
            for viewer in [None, *range(seats)]:
                view = dict(game.view(viewer))
                view.pop("last_round")  # finished rounds show their hands
                view.pop("rounds")
                text = json.dumps(view)
                secret = set(game.stock)
                for seat in range(seats):
                    if seat != viewer:
                        secret |= {base(c) for c in game.hands[seat]}
                        if game.drawn is not None and game.turn == seat:
                            secret.add(game.drawn)
                assert not [c for c in secret if c in text], (viewer, view)
            if game.view(None).get("hand") is not None:
                pytest.fail("the public view holds a hand")
