"""Friend calls: what a call is, whether it may be made, and call sets worth suggesting.

A call `(card, n)` names the n-th play of a card over the whole deal (RULINGS.md): whoever makes
that play joins the declarer's team, unless it is the declarer or a seat already on the team
(the team is then smaller, which the scoring rewards). The card is never a trump, 1 ≤ n ≤ decks,
and the calls of one deal are pairwise different.

`suggestions` proposes complete call sets from the declarer's hand: the call prompt lists them
(a full list of call sets would be far too long), the CPU players choose among them, and any
other legal set can be typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engines.actions import FrozenObject
from engines.errors import JSON, IllegalAction
from engines.zhao_pengyou.cards import (
    CODES,
    DISPLAY_SUITS,
    INDEX,
    RANK_A,
    RANK_K,
    TRUMP,
    Trump,
)

Call = tuple[int, int]
"""(card type, n): the n-th play of that card."""

MAX_SUGGESTIONS: Final = 10


def call_json(call: Call) -> dict[str, JSON]:
    """A call as the record writes it: `{"card": "AH", "nth": 2}`."""
    return {"card": CODES[call[0]], "nth": call[1]}


def parse_calls(value: JSON, count: int, decks: int, trump: Trump) -> list[Call]:
    """The calls of a `call` action; IllegalAction when they break a rule."""
    if not isinstance(value, tuple):
        raise IllegalAction(
            "malformed_action",
            'A call lists the calls: {"type": "call", "calls": [{"card": "AH", "nth": 1}, ...]}.',
        )
    calls: list[Call] = []
    for item in value:
        if not isinstance(item, FrozenObject) or item.keys() != ["card", "nth"]:
            raise IllegalAction(
                "malformed_action", 'Each call is {"card": "AH", "nth": 1}: a card and an n.'
            )
        code, nth = item["card"], item["nth"]
        if not isinstance(code, str) or code not in INDEX:
            shown = str(code)[:8]
            raise IllegalAction(
                "bad_card", f"'{shown}' is not a card code (like AH, KS, TC).", card=shown
            )
        if not isinstance(nth, int) or isinstance(nth, bool) or not 1 <= nth <= decks:
            raise IllegalAction(
                "call_nth",
                f"Call the 1st to the {ordinal(decks)} play of a card ({decks} decks).",
                decks=decks,
            )
        t = INDEX[code]
        if trump.eff[t] == TRUMP:
            raise IllegalAction(
                "call_trump",
                f"{code} is a trump: call a card that is not a trump.",
                card=code,
            )
        if (t, nth) in calls:
            raise IllegalAction(
                "call_repeat", f"The {ordinal(nth)} {code} is called twice.", card=code, nth=nth
            )
        calls.append((t, nth))
    if len(calls) != count:
        raise IllegalAction(
            "call_count", f"Make exactly {count} calls ({len(calls)} given).", count=count
        )
    return calls


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
    return f"{n}{suffix}"


def single_calls(hand: Sequence[int], trump: Trump, decks: int) -> list[tuple[float, Call]]:
    """Every single call with a score: higher is a call more likely to bring a strong partner.

    An Ace nobody else can hold fewer of is the classic call: its holder wins tricks. The n-th
    play of a card the declarer holds k copies of lands on someone else only when n > k (the
    declarer plays its own first), so such calls are scored lower. Kings follow the Aces.
    """
    out: list[tuple[float, Call]] = []
    for suit in DISPLAY_SUITS:
        if suit == trump.suit:
            continue
        length = sum(hand[t] for t in trump.members[suit])
        for rank, base in ((RANK_A, 10.0), (RANK_K, 6.0)):
            if rank == trump.rank:
                continue
            t = suit * 13 + rank
            held = hand[t]
            for nth in range(1, decks + 1):
                if nth <= held:
                    continue
                # short suits first: a partner strong there covers the declarer's weakness
                score = base - 2.5 * (nth - held - 1) - 1.5 * held - 0.15 * length
                if rank == RANK_K and hand[suit * 13 + RANK_A] == 0:
                    score -= 3.0  # the Ace above it is out there: a K is a weak partner sign
                out.append((score, (t, nth)))
    out.sort(key=lambda item: (-item[0], item[1]))
    return out


def suggestions(hand: Sequence[int], trump: Trump, decks: int, count: int) -> list[list[Call]]:
    """Complete call sets worth offering, best first (never empty): the best single calls
    together, then variations that swap in the next ones."""
    singles = [call for _, call in single_calls(hand, trump, decks)]
    if len(singles) < count:
        singles += _fillers(hand, trump, decks, singles, count - len(singles))
    out: list[list[Call]] = []
    seen: set[tuple[Call, ...]] = set()

    def add(calls: Sequence[Call]) -> None:
        key = tuple(sorted(calls))
        if len(calls) == count and len(set(calls)) == count and key not in seen:
            seen.add(key)
            out.append(sorted(calls, key=lambda c: (trump.place[c[0]], c[1])))

    add(singles[:count])
    for swap in range(count - 1, -1, -1):
        for extra in singles[count : count + 6]:
            add([*singles[:swap], *singles[swap + 1 : count], extra])
            if len(out) >= MAX_SUGGESTIONS:
                return out
    return out


def _fillers(
    hand: Sequence[int], trump: Trump, decks: int, taken: Sequence[Call], need: int
) -> list[Call]:
    """More legal calls when Aces and Kings run short (every card of a suit held, say)."""
    out: list[Call] = []
    for suit in DISPLAY_SUITS:
        if suit == trump.suit:
            continue
        for t in trump.members[suit]:
            for nth in range(1, decks + 1):
                call = (t, nth)
                if call not in taken and call not in out:
                    out.append(call)
                    if len(out) >= need:
                        return out
    return out
