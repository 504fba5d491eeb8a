"""Shirokuro-jaku (白黒雀): a mahjong-like game on 30 two-number cards, 4 or 6 rounds.

Rules of `../shared/seeds/001_1911f566766dd2e9.txt` (second game), docs/records.md and RULINGS.md,
top to bottom:

- Setup: the dealer (親) has 8 cards, the others 7; the hand's order is fixed from now on. The
  next card is the dora indicator (its white number as white and its black number as black are
  dora); the rest is the stock. Until the dealer's first discard (or tsumo) every seat may once
  `rotate` its whole hand or `keep` it. The dealer plays first, with its 8 cards.
- A turn: `draw` the stock's top card (the table's own step), `insert` it anywhere with either
  end up, then declare `tsumo` when the hand wins, or `discard`. Play goes to the next seat
  (the right neighbour; seats are numbered in play order).
- Claims (`claims.py`) after every discard: each seat that could ron, pon or chi has a private
  prompt (default pass). Answers are sealed; when all are in: every ron scores and the round
  ends; else a pon (two: the first seat after the discarder), else the chi. The claimer lays the
  meld face up and only discards; play goes on from its next seat. After the discard that
  follows the stock's last draw only ron counts; no ron then is a draw (流局): every seat one
  card from winning scores 1.
- A win (`yaku.py`): 2 melds and a head (exposed melds count) or four pairs; it scores the
  yaku of its best reading, maybe 0. Points are not exchanged; the dealer passes to the next
  seat each round; after `rounds` rounds (2 × seats: 東南) the highest totals win.

One module of this size, on purpose: it is the `Shirokuro` class, the state a record replays,
its turn and its claim window read and written field by field; what needs none of the state
(shapes, claims, yaku) lives in the modules named above.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engines.actions import Action, Event
from engines.errors import JSON, IllegalAction
from engines.game import Game
from engines.prompts import Prompt
from engines.shirokuro.claims import (
    CHI,
    CLAIMS,
    PASS,
    PON,
    RON,
    Options,
    chi_value,
    options,
    tenpai,
)
from engines.shirokuro.yaku import WinContext, score_win
from engines.two_number.cards import base, ends, hold, value, value_of, values
from engines.two_number.melds import KOUTSU, SHUNTSU, is_win
from engines.two_number.table import (
    KEEP,
    ROTATE,
    Layout,
    Rotation,
    first_dealer,
    only_fields,
    position_of,
    positive_int_option,
    read_deals,
    shuffled,
    upright_of_action,
    winners_of,
)

GAME: Final = "shirokuro"
DEALER_HAND, HAND = 8, 7
DRAW, INSERT, DISCARD, TSUMO = "draw", "insert", "discard", "tsumo"
CLAIM_PHASE, OVER = "claims", "over"
FACE: Final = "indicator"
MAX_SEATS: Final = 3
CLAIM_WINDOW: Final = 15.0
"""Seconds to answer a claim at a live table (pass when it runs out)."""
ROTATE_WINDOW: Final = 60.0
"""Seconds a seat other than the dealer has to rotate or keep (keep when it runs out)."""
DRAW_PACE: Final = 1.0
"""Seconds a live table waits before drawing for the next seat."""
TSUMO_END, RON_END, DRAW_END = "tsumo", "ron", "draw"

_DRAWS: Final = tuple(Action(seat, DRAW) for seat in range(MAX_SEATS))
_INSERTS: Final = tuple(
    tuple(
        tuple(Action(seat, INSERT, (("position", p), ("upright", up))) for up in ("W", "B"))
        for p in range(DEALER_HAND + 1)
    )
    for seat in range(MAX_SEATS)
)
_DISCARDS: Final = tuple(
    tuple(Action(seat, DISCARD, (("position", p),)) for p in range(DEALER_HAND + 1))
    for seat in range(MAX_SEATS)
)
_TSUMOS: Final = tuple(Action(seat, TSUMO) for seat in range(MAX_SEATS))
_PASSES: Final = tuple(Action(seat, PASS) for seat in range(MAX_SEATS))
_ROTATES: Final = tuple((Action(seat, ROTATE), Action(seat, KEEP)) for seat in range(MAX_SEATS))


def _in_phase(phase: str, wanted: str, message: str) -> None:
    """Refuse a turn step taken in the wrong phase."""
    if phase != wanted:
        raise IllegalAction("wrong_phase", message, phase=phase)


def _hand_sizes(dealer: int, seats: int) -> list[int]:
    return [DEALER_HAND if s == dealer else HAND for s in range(seats)]


def _melds_needed(exposed: list[dict[str, JSON]]) -> int:
    return 2 - len(exposed)


class Shirokuro(Game):
    """One game of Shirokuro-jaku, round after round (東1局 ...), in one state."""

    id: ClassVar[str] = GAME
    names: ClassVar[Mapping[str, str]] = {"en": "Shirokuro-jaku", "ja": "白黒雀"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = MAX_SEATS
    multi_hand: ClassVar[bool] = True
    hint_level: ClassVar[str] = "hard"

    def __init__(self) -> None:
        self.seats = 2
        self.options: dict[str, JSON] = {}
        self.seed = 0
        self.rounds_total = 4
        self.given: list[Layout] = []
        self.first = 0
        self.round_no = 0
        self.dealer = 0
        self.hands: list[list[str]] = []
        self.exposed: list[list[dict[str, JSON]]] = []
        """Per seat, its melds laid face up: {"kind", "cards" (held), "claimed", "from"}."""
        self.discards: list[list[dict[str, JSON]]] = []
        """Per seat, its discards in order: {"card", "taken": seat that claimed it or None}."""
        self.indicator = ""
        self.stock: list[str] = []
        self.rotation = Rotation(2)
        self.turn = 0
        self.phase = DISCARD
        self.drawn: str | None = None
        self.can_tsumo = True
        """False right after a pon or chi (the claimer only discards)."""
        self.last_draw = False
        """The stock's last card has been drawn this round."""
        self.draws: list[int] = []
        self.had_turn: list[bool] = []
        """Per seat: its first turn of the round came (a draw, pon or chi; the dealer's at once)."""
        self.claims_made = False
        """A pon or chi happened this round."""
        self.discard_no = 0
        self.window: dict[str, Any] | None = None
        """The claim window: {"seat" (discarder), "card", "no", "ron_only", "asked": {seat:
        [ron pairs, pons, chis]}, "answers": {seat: action}}."""
        self.sealed: list[str] = []
        """Claim answers of this round not revealed yet."""
        self.last_seal: str | None = None
        self.log: list[dict[str, JSON]] = []
        self.totals: list[int] = []
        self.history: list[dict[str, JSON]] = []

    # ------------------------------------------------------------------ setup

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Set up the game and deal its first round."""
        seats, seed = self.seats, self.seed
        self.rounds_total = positive_int_option(options, "rounds", 2 * seats)
        self.options = {"rounds": self.rounds_total}
        self.given = read_deals(deal, seats, GAME, FACE, lambda d: _hand_sizes(d, seats))
        given_first = self.given[0].dealer if self.given else None
        self.first = given_first if given_first is not None else first_dealer(seed, seats)
        self.totals = [0] * seats
        self._deal()

    def _deal(self) -> None:
        """Deal the next round: the dealer 8, the others 7, the dora indicator, the stock."""
        self.round_no += 1
        n, seats = self.round_no, self.seats
        self.dealer = (self.first + n - 1) % seats
        if n <= len(self.given):
            layout = self.given[n - 1]
            self.hands = [list(h) for h in layout.hands]
            self.indicator = layout.face
            self.stock = list(layout.stock)
        else:
            cards = shuffled(self.seed, n)
            self.hands = [[] for _ in range(seats)]
            for i in range(HAND * seats):
                self.hands[(self.dealer + i) % seats].append(cards[i])
            self.hands[self.dealer].append(cards[HAND * seats])
            dealt = HAND * seats + 1
            self.indicator = base(cards[dealt])
            self.stock = [base(c) for c in cards[dealt + 1 :]]
        self.exposed = [[] for _ in range(seats)]
        self.discards = [[] for _ in range(seats)]
        self.rotation = Rotation(seats)
        self.turn = self.dealer
        self.phase = DISCARD
        self.drawn = None
        self.can_tsumo = True
        self.last_draw = False
        self.draws = [0] * seats
        self.had_turn = [s == self.dealer for s in range(seats)]
        self.claims_made = False
        self.discard_no = 0
        self.window = None
        self.sealed = []
        self.log = []

    @property
    def dora(self) -> tuple[int, int]:
        """The dora values: the indicator's white number as white, its black number as black."""
        return ends(self.indicator)

    # ------------------------------------------------------------------ who is asked what

    def to_act(self) -> frozenset[int]:
        """The seat to play, or the seats still to answer a claim."""
        if self.phase == OVER:
            return frozenset()
        if self.phase == CLAIM_PHASE:
            assert self.window is not None
            return frozenset(s for s in self.window["asked"] if s not in self.window["answers"])
        return frozenset((self.turn,))

    def prompts(self) -> dict[int, Prompt]:
        """Each seat's decision: the turn, the rotation before the dealer's first move, claims,
        and the draw as the table's own step."""
        if self.phase == OVER:
            return {}
        out: dict[int, Prompt] = {}
        seat = self.turn
        if self.phase == CLAIM_PHASE:
            assert self.window is not None
            for other in sorted(self.window["asked"]):
                if other not in self.window["answers"]:
                    out[other] = self._claim_prompt(other)
            return out
        if not self.rotation.closed:
            for other in self.rotation.undecided():
                if other != seat:
                    rotate, keep = _ROTATES[other]
                    out[other] = Prompt(
                        other,
                        ROTATE,
                        required=False,
                        public=False,
                        choices=(rotate, keep),
                        default=keep,
                        window=ROTATE_WINDOW,
                    )
        if not self.rotation.closed and not self.rotation.decided[seat]:
            rotate, keep = _ROTATES[seat]
            out[seat] = Prompt(seat, ROTATE, choices=(rotate, keep), default=keep)
        elif self.phase == DRAW:
            out[seat] = Prompt(seat, DRAW, choices=(_DRAWS[seat],), mechanical=True, pace=DRAW_PACE)
        elif self.phase == INSERT:
            out[seat] = Prompt(seat, INSERT, choices=self._insert_choices(seat))
        else:
            out[seat] = Prompt(seat, DISCARD, choices=self._discard_choices(seat))
        return dict(sorted(out.items()))

    def _insert_choices(self, seat: int) -> tuple[Action, ...]:
        return tuple(a for row in _INSERTS[seat][: len(self.hands[seat]) + 1] for a in row)

    def _discard_choices(self, seat: int) -> tuple[Action, ...]:
        out = list(_DISCARDS[seat][: len(self.hands[seat])])
        if self.can_tsumo and self.wins(seat):
            out.append(_TSUMOS[seat])
        return tuple(out)

    def _claim_prompt(self, seat: int) -> Prompt:
        assert self.window is not None
        ron, pon, chi = self.window["asked"][seat]
        choices: list[Action] = [
            Action(seat, RON, (("position", p), ("upright", up))) for p, up in ron
        ]
        choices += [Action(seat, PON, (("position", p),)) for p in pon]
        choices += [Action(seat, CHI, (("position", p),)) for p in chi]
        choices.append(_PASSES[seat])
        return Prompt(
            seat,
            "claim",
            public=False,
            choices=tuple(choices),
            default=_PASSES[seat],
            window=CLAIM_WINDOW,
        )

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now."""
        if self.phase == OVER or not 0 <= seat < self.seats:
            return []
        if self.phase == CLAIM_PHASE:
            prompt = self.prompts().get(seat)
            return list(prompt.choices) if prompt is not None else []
        out: list[Action] = []
        if not self.rotation.closed and not self.rotation.decided[seat]:
            out += _ROTATES[seat]
        if seat == self.turn:
            if self.phase == DRAW:
                out.append(_DRAWS[seat])
            elif self.phase == INSERT:
                out += self._insert_choices(seat)
            else:
                out += self._discard_choices(seat)
        return out

    def wins(self, seat: int) -> bool:
        """True when the seat's hand (with its exposed melds) is a winning hand now."""
        return is_win(values(self.hands[seat]), _melds_needed(self.exposed[seat]))

    # ------------------------------------------------------------------ legality

    def check(self, action: Action) -> None:
        """Judge an action without changing anything (IllegalAction when refused)."""
        self._verify(action)

    def _verify(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("game_over", "The game is over.")
        seat, kind = action.seat, action.type
        if not 0 <= seat < self.seats:
            raise IllegalAction("bad_seat", f"There is no seat {seat}.", seat=seat)
        if kind in (ROTATE, KEEP):
            self.rotation.check(action)
            return
        if kind in CLAIMS:
            self._verify_claim(action)
            return
        if kind not in (DRAW, INSERT, DISCARD, TSUMO):
            raise IllegalAction(
                "unknown_action", f"Shirokuro-jaku has no '{str(kind)[:40]}' action.", type=kind
            )
        # While claims are open the table looks as if the next seat were about to draw, and
        # a turn action is judged by that look: a refusal must not tell that anyone may claim.
        phase, turn = self._apparent()
        if seat != turn:
            raise IllegalAction(
                "not_your_turn",
                f"It is not seat {seat}'s turn; waiting for seat {turn}.",
                seat=seat,
                to_act=[turn],
            )
        if kind == DRAW:
            only_fields(action)
            _in_phase(phase, DRAW, "Draw at the start of your turn only.")
            if self.phase == CLAIM_PHASE:  # only the table draws; it waits for the claims
                raise IllegalAction(
                    "claims_pending", "Wait: the last discard's claims are not settled yet."
                )
        elif kind == INSERT:
            only_fields(action, "position", "upright")
            _in_phase(phase, INSERT, "Insert the card you drew, right after drawing it.")
            position_of(action, len(self.hands[seat]))
            upright_of_action(action)
        elif kind == TSUMO:
            only_fields(action)
            _in_phase(phase, DISCARD, "Declare tsumo after inserting your drawn card.")
            if not self.can_tsumo:
                raise IllegalAction("no_tsumo_after_claim", "After a pon or chi you only discard.")
            if not self.wins(seat):
                raise IllegalAction("no_win", "Your hand does not win yet.")
        else:
            only_fields(action, "position")
            _in_phase(phase, DISCARD, "Discard after inserting your drawn card.")
            position_of(action, len(self.hands[seat]) - 1)

    def _apparent(self) -> tuple[str, int]:
        """(phase, seat to play) as the table shows them: during claims, the next seat's draw."""
        if self.phase == CLAIM_PHASE and self.window is not None:
            return DRAW, (int(self.window["seat"]) + 1) % self.seats
        return self.phase, self.turn

    def _verify_claim(self, action: Action) -> None:
        seat, kind = action.seat, action.type
        if kind == PASS:
            only_fields(action)
        elif kind == RON:
            only_fields(action, "position", "upright")
        else:
            only_fields(action, "position")
        window = self.window
        # one refusal for "not asked" and "not now": claims are private
        if self.phase != CLAIM_PHASE or window is None or seat not in window["asked"]:
            raise IllegalAction("no_claim", "You have no claim to answer now.")
        if seat in window["answers"]:
            raise IllegalAction("claim_answered", "You have answered this discard already.")
        ron, pon, chi = window["asked"][seat]
        if kind == RON:
            p = position_of(action, len(self.hands[seat]))
            up = upright_of_action(action)
            if (p, up) not in {(q, u) for q, u in ron}:
                raise IllegalAction("no_win", "The discard does not win there.", position=p)
        elif kind == PON:
            p = position_of(action, max(0, len(self.hands[seat]) - 2))
            if p not in pon:
                raise IllegalAction(
                    "no_pon",
                    "Pon needs two adjacent cards showing what the discard shows.",
                    position=p,
                )
        elif kind == CHI:
            p = position_of(action, max(0, len(self.hands[seat]) - 2))
            if p not in chi:
                raise IllegalAction(
                    "no_chi",
                    "Chi needs two adjacent cards of one colour that run with the discard "
                    "(the next player only).",
                    position=p,
                )

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened (IllegalAction, nothing changed)."""
        self._verify(action)
        seat, kind = action.seat, action.type
        self.last_seal = None
        if kind in (ROTATE, KEEP):
            events = self.rotation.apply(action, self.hands)
            if kind == ROTATE:
                self.log.append({"type": ROTATE, "seat": seat})
            return events
        if kind in CLAIMS:
            return self._answer(action)
        if kind == DRAW:
            return self._draw(seat)
        if kind == INSERT:
            return self._insert(seat, int(action.get("position")), str(action.get("upright")))
        if kind == TSUMO:
            return self._tsumo(seat)
        return self._discard(seat, int(action.get("position")))

    def _draw(self, seat: int) -> list[Event]:
        card = self.stock.pop(0)
        self.last_draw = not self.stock
        self.drawn = card
        self.draws[seat] += 1
        self.had_turn[seat] = True
        self.phase = INSERT
        self.log.append({"type": DRAW, "seat": seat})
        return [
            Event(DRAW, seat, {"left": len(self.stock)}),
            Event("drew_card", seat, {"card": card}, audience=frozenset((seat,))),
        ]

    def _insert(self, seat: int, position: int, upright: str) -> list[Event]:
        assert self.drawn is not None
        held = hold(self.drawn, upright)
        self.hands[seat].insert(position, held)
        self.drawn = None
        self.phase = DISCARD
        self.can_tsumo = True
        self.log.append({"type": INSERT, "seat": seat, "position": position, "upright": upright})
        data: dict[str, JSON] = {"position": position, "upright": upright}
        return [
            Event(INSERT, seat, data),
            Event("inserted_card", seat, {**data, "card": held}, audience=frozenset((seat,))),
        ]

    def _tsumo(self, seat: int) -> list[Event]:
        first_move = not self.rotation.closed
        self.rotation.closed = True
        dealer = seat == self.dealer
        context = WinContext(
            dealer=dealer,
            tsumo=True,
            dora=self.dora,
            haitei=self.last_draw,
            tenhou=dealer and first_move,
            chiihou=not dealer and self.draws[seat] == 1 and not self.claims_made,
        )
        self.log.append({"type": TSUMO, "seat": seat})
        win = self._win(seat, values(self.hands[seat]), context, None, None)
        return [Event(TSUMO, seat), *self._end_round(TSUMO_END, [win])]

    def _discard(self, seat: int, position: int) -> list[Event]:
        self.rotation.closed = True
        held = self.hands[seat].pop(position)
        card = base(held)
        self.discards[seat].append({"card": card, "taken": None})
        self.log.append({"type": DISCARD, "seat": seat, "position": position, "card": card})
        self.discard_no += 1
        events = [Event(DISCARD, seat, {"position": position, "card": card})]
        asked: dict[int, Options] = {}
        for step in range(1, self.seats):
            other = (seat + step) % self.seats
            found = options(
                values(self.hands[other]),
                _melds_needed(self.exposed[other]),
                card,
                next_seat=step == 1,
                ron_only=self.last_draw,
            )
            if found.any():
                asked[other] = found
        if not asked:
            return events + self._no_claim(seat)
        self.phase = CLAIM_PHASE
        self.window = {
            "seat": seat,
            "card": card,
            "no": self.discard_no,
            "ron_only": self.last_draw,
            "asked": {
                s: [[list(r) for r in o.ron], list(o.pon), list(o.chi)] for s, o in asked.items()
            },
            "answers": {},
        }
        return events

    def _no_claim(self, discarder: int) -> list[Event]:
        """Nobody claims: the next seat draws, or after the stock's last card the round is a draw."""
        if self.last_draw:
            return self._end_round(DRAW_END, [])
        self.turn = (discarder + 1) % self.seats
        self.phase = DRAW
        return []

    def _answer(self, action: Action) -> list[Event]:
        window = self.window
        assert window is not None
        seat = action.seat
        window["answers"][seat] = action.to_json()
        seal = f"claim:{self.round_no}:{window['no']}:{seat}"
        self.sealed.append(seal)
        self.last_seal = seal
        events = [Event("answered", seat, {"claim": action.type}, audience=frozenset((seat,)))]
        if len(window["answers"]) < len(window["asked"]):
            return events
        return events + self._resolve()

    def _resolve(self) -> list[Event]:
        """Every answer is in: ron > pon > chi; several rons all score."""
        window = self.window
        assert window is not None
        discarder, card = int(window["seat"]), str(window["card"])
        self.window = None
        order = [(discarder + step) % self.seats for step in range(1, self.seats)]
        answers: dict[int, dict[str, Any]] = window["answers"]
        rons = sorted(s for s in order if answers.get(s, {}).get("type") == RON)
        if rons:
            wins = []
            for s in rons:
                p, up = int(answers[s]["position"]), str(answers[s]["upright"])
                self.hands[s].insert(p, hold(card, up))
                context = WinContext(
                    dealer=s == self.dealer,
                    dora=self.dora,
                    houtei=bool(window["ron_only"]),
                    renhou=not self.had_turn[s],
                )
                wins.append(self._win(s, values(self.hands[s]), context, discarder, card))
                self.sealed.remove(f"claim:{self.round_no}:{window['no']}:{s}")
                self.log.append({"type": RON, "seat": s, "from": discarder, "card": card})
            self.discards[discarder][-1]["taken"] = rons[0]
            events = [Event(RON, s, {"from": discarder, "card": card}) for s in rons]
            return events + self._end_round(RON_END, wins)
        for kind in (PON, CHI):
            claimers = [s for s in order if answers.get(s, {}).get("type") == kind]
            if claimers:
                return self._meld(claimers[0], kind, int(answers[claimers[0]]["position"]), window)
        self.phase = DRAW
        return self._no_claim(discarder)

    def _meld(self, seat: int, kind: str, p: int, window: dict[str, Any]) -> list[Event]:
        """Lay the claimed discard and two hand cards face up; the claimer discards next."""
        discarder, card = int(window["seat"]), str(window["card"])
        hand = self.hands[seat]
        pair = [hand[p], hand[p + 1]]
        del hand[p : p + 2]
        a, b = value(pair[0]), value(pair[1])
        if kind == PON:
            shown = a
        else:
            found = chi_value(a, b, card)
            assert found is not None
            shown = found
        claimed = hold(card, "W" if value_of(card, "W") == shown else "B")
        cards = sorted([*pair, claimed], key=lambda c: value(c) & 7)
        meld: dict[str, JSON] = {
            "kind": KOUTSU if kind == PON else SHUNTSU,
            "cards": cards,
            "claimed": claimed,
            "from": discarder,
        }
        self.exposed[seat].append(meld)
        self.discards[discarder][-1]["taken"] = seat
        self.sealed.remove(f"claim:{self.round_no}:{window['no']}:{seat}")
        self.had_turn[seat] = True
        self.claims_made = True
        self.turn = seat
        self.phase = DISCARD
        self.can_tsumo = False
        self.log.append({"type": kind, "seat": seat, "from": discarder, "cards": list(cards)})
        return [Event(kind, seat, {"from": discarder, "card": card, "cards": list(cards)})]

    # ------------------------------------------------------------------ the end of a round

    def _win(
        self,
        seat: int,
        concealed: tuple[int, ...],
        context: WinContext,
        discarder: int | None,
        card: str | None,
    ) -> dict[str, JSON]:
        exposed = [(str(m["kind"]), values(m["cards"])) for m in self.exposed[seat]]
        found = score_win(concealed, exposed, context)
        assert found is not None
        return {
            "seat": seat,
            "from": discarder,
            "yaku": dict(found.yaku),
            "points": found.points,
            "card": card,
            "reading": [[s.kind, s.start, s.end] for s in found.reading],
        }

    def _end_round(self, end: str, wins: list[dict[str, JSON]]) -> list[Event]:
        """Score the round, then end the game or deal the next round."""
        self.window = None
        scores = [0] * self.seats
        tenpai_seats: list[int] = []
        if end == DRAW_END:
            tenpai_seats = [
                s
                for s in range(self.seats)
                if tenpai(values(self.hands[s]), _melds_needed(self.exposed[s]))
            ]
            for s in tenpai_seats:
                scores[s] = 1
        for win in wins:
            scores[int(win["seat"])] += int(win["points"])
        for s in range(self.seats):
            self.totals[s] += scores[s]
        entry: dict[str, JSON] = {
            "dealer": self.dealer,
            "end": end,
            "wins": [
                {"seat": w["seat"], "from": w["from"], "yaku": w["yaku"], "points": w["points"]}
                for w in sorted(wins, key=lambda w: int(w["seat"]))
            ],
            "tenpai": tenpai_seats,
            "scores": scores,
        }
        self.history.append(
            {
                **entry,
                "round": self.round_no,
                "indicator": self.indicator,
                "hands": [list(h) for h in self.hands],
                "exposed": [[dict(m) for m in ms] for ms in self.exposed],
                "details": [dict(w) for w in wins],
                "totals": list(self.totals),
            }
        )
        self.sealed = []
        events = [Event("round_over", None, {**entry, "totals": list(self.totals)})]
        if self.round_no >= self.rounds_total:
            self.phase = OVER
            events.append(Event("game_over", None, {"result": self.result()}))
            return events
        self._deal()
        events.append(
            Event(
                "deal",
                self.dealer,
                {"round": self.round_no, "indicator": self.indicator, "seats": self.seats},
            )
        )
        return events

    def is_over(self) -> bool:
        """True after the last round."""
        return self.phase == OVER

    def rounds(self) -> list[dict[str, JSON]]:
        """The finished rounds as docs/records.md writes them."""
        keys = ("dealer", "end", "wins", "tenpai", "scores")
        return [{k: h[k] for k in keys} for h in self.history]

    def summary(self) -> dict[str, JSON]:
        """`{"rounds", "totals", "over", "winners"}` (docs/records.md)."""
        over = self.phase == OVER
        return {
            "rounds": self.rounds(),
            "totals": list(self.totals),
            "over": over,
            "winners": winners_of(self.totals) if over else [],
        }

    def result(self) -> dict[str, JSON] | None:
        """The summary once the game is over."""
        return self.summary() if self.phase == OVER else None

    def scores(self) -> list[float] | None:
        """Points per finished round, per seat (for `cardbot simulate`)."""
        if not self.history:
            return None
        return [t / len(self.history) for t in self.totals]

    def part(self) -> int:
        """The round being played (rounds finished so far)."""
        return len(self.history)

    # ------------------------------------------------------------------ seals

    def seal_of(self, action: Action) -> str | None:
        """A claim answer is sealed: until resolved when it wins, else until the round ends."""
        return self.last_seal if action.type in CLAIMS else None

    def open_seals(self) -> frozenset[str]:
        """This round's claim answers not revealed yet."""
        return frozenset(self.sealed)

    # ------------------------------------------------------------------ what players see

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """The public table, and for a seat its own hand, drawn card and claim options.

        While claims are open the public table looks as it does when nobody may claim (the next
        seat about to draw): whether anyone could claim is nobody else's business.
        """
        own = seat is not None and 0 <= seat < self.seats
        phase, turn = self._apparent()
        view: dict[str, JSON] = {
            "game": GAME,
            "viewer": seat,
            "seats": self.seats,
            "round": self.round_no,
            "rounds_total": self.rounds_total,
            "dealer": self.dealer,
            "turn": None if phase == OVER else turn,
            "phase": phase,
            "hand_counts": [len(h) for h in self.hands],
            "exposed": [[dict(m) for m in ms] for ms in self.exposed],
            "discards": [[dict(d) for d in ds] for ds in self.discards],
            "indicator": self.indicator,
            "dora": list(self.dora),
            "stock_count": len(self.stock),
            "rotation_open": not self.rotation.closed,
            "rotated": list(self.rotation.rotated),
            "last_draw": self.last_draw,
            "claims_made": self.claims_made,
            "log": [dict(e) for e in self.log],
            "totals": list(self.totals),
            "rounds": self.rounds(),
            "last_round": dict(self.history[-1]) if self.history else None,
            "over": self.phase == OVER,
            "result": self.result(),
        }
        if own and seat is not None:
            hand = self.hands[seat]
            melds = _melds_needed(self.exposed[seat])
            view["hand"] = list(hand)
            view["drawn"] = self.drawn if seat == self.turn and self.phase == INSERT else None
            view["may_rotate"] = not self.rotation.closed and not self.rotation.decided[seat]
            view["had_turn"] = self.had_turn[seat]
            view["draws"] = self.draws[seat]
            asked = self.window["asked"].get(seat) if self.window is not None else None
            answered = self.window["answers"].get(seat) if self.window is not None else None
            view["claim"] = (
                None
                if asked is None
                else {
                    "card": self.window["card"] if self.window else None,
                    "from": self.window["seat"] if self.window else None,
                    "ron": [list(r) for r in asked[0]],
                    "pon": list(asked[1]),
                    "chi": list(asked[2]),
                    "answer": None if answered is None else answered["type"],
                }
            )
            vs = values(hand)
            view["winning"] = len(vs) == 3 * melds + 2 and is_win(vs, melds)
            view["can_tsumo"] = (
                seat == self.turn and self.phase == DISCARD and self.can_tsumo and view["winning"]
            )
        return view

    # ------------------------------------------------------------------ CPU players

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state: stock order, every hand and the sealed answers included."""
        return {
            "game": GAME,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "deals": [g.to_json(FACE) for g in self.given],
            "first": self.first,
            "round": self.round_no,
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "exposed": [[dict(m) for m in ms] for ms in self.exposed],
            "discards": [[dict(d) for d in ds] for ds in self.discards],
            "indicator": self.indicator,
            "stock": list(self.stock),
            "rotation": self.rotation.to_json(),
            "turn": self.turn,
            "phase": self.phase,
            "drawn": self.drawn,
            "can_tsumo": self.can_tsumo,
            "last_draw": self.last_draw,
            "draws": list(self.draws),
            "had_turn": list(self.had_turn),
            "claims_made": self.claims_made,
            "discard_no": self.discard_no,
            "window": None if self.window is None else _window_json(self.window),
            "sealed": list(self.sealed),
            "last_seal": self.last_seal,
            "log": [dict(e) for e in self.log],
            "totals": list(self.totals),
            "history": [dict(h) for h in self.history],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Shirokuro:
        """Rebuild from `to_json` output."""
        game = cls()
        game.seats, game.seed = data["seats"], data["seed"]
        game.options = dict(data["options"])
        game.rounds_total = int(game.options["rounds"])
        game.given = [
            Layout(g.get("dealer"), tuple(tuple(h) for h in g["hands"]), g[FACE], tuple(g["stock"]))
            for g in data["deals"]
        ]
        game.first = data["first"]
        game.round_no = data["round"]
        game.dealer = data["dealer"]
        game.hands = [list(h) for h in data["hands"]]
        game.exposed = [[dict(m) for m in ms] for ms in data["exposed"]]
        game.discards = [[dict(d) for d in ds] for ds in data["discards"]]
        game.indicator = data["indicator"]
        game.stock = list(data["stock"])
        game.rotation = Rotation.from_json(data["rotation"])
        game.turn = data["turn"]
        game.phase = data["phase"]
        game.drawn = data["drawn"]
        game.can_tsumo = data["can_tsumo"]
        game.last_draw = data["last_draw"]
        game.draws = list(data["draws"])
        game.had_turn = list(data["had_turn"])
        game.claims_made = data["claims_made"]
        game.discard_no = data["discard_no"]
        window = data["window"]
        game.window = None if window is None else _window_from_json(window)
        game.sealed = list(data["sealed"])
        game.last_seal = data["last_seal"]
        game.log = [dict(e) for e in data["log"]]
        game.totals = list(data["totals"])
        game.history = [dict(h) for h in data["history"]]
        return game


def _window_json(window: Mapping[str, Any]) -> dict[str, JSON]:
    return {
        "seat": window["seat"],
        "card": window["card"],
        "no": window["no"],
        "ron_only": window["ron_only"],
        "asked": {
            str(s): [[list(r) for r in o[0]], list(o[1]), list(o[2])]
            for s, o in sorted(window["asked"].items())
        },
        "answers": {str(s): dict(a) for s, a in sorted(window["answers"].items())},
    }


def _window_from_json(data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "seat": data["seat"],
        "card": data["card"],
        "no": data["no"],
        "ron_only": data["ron_only"],
        "asked": {
            int(s): [[[int(p), str(u)] for p, u in o[0]], list(o[1]), list(o[2])]
            for s, o in data["asked"].items()
        },
        "answers": {int(s): dict(a) for s, a in data["answers"].items()},
    }
