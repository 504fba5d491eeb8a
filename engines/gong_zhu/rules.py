"""Which card may be played, and who takes a trick: the rules of a trick, on card masks.

- Follow suit when you can; otherwise any card. Hearts may be led at any time.
- An exposed card can't be played in the first trick in which its suit is led, unless it is
  its holder's only card of that suit; the same holds for leading it. Discarding it on another
  suit is always allowed, and once its suit has been led the restriction is gone. Only leads
  count (RULINGS.md): a card of the suit discarded on another suit's trick lifts nothing.
- The highest card of the led suit takes the trick; there are no trumps.

`led_before` is the set of suits (bit s for suit s) led in the tricks finished so far; `led` is
the suit of the trick in progress, or None when the seat leads.
"""

from __future__ import annotations

from engines.errors import JSON, IllegalAction
from engines.gong_zhu.deck import (
    BIT,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    SUIT_SYMBOLS,
    label,
)


def legal_mask(hand: int, led: int | None, led_before: int, exposed: int) -> int:
    """The cards of `hand` that may be played now."""
    if led is None:
        legal = hand
        restricted = hand & exposed
        while restricted:
            card = restricted.bit_length() - 1
            restricted ^= 1 << card
            suit = SUIT_OF[card]
            if not led_before >> suit & 1 and hand & SUIT_MASK[suit] != BIT[card]:
                legal ^= BIT[card]
        return legal
    follow = hand & SUIT_MASK[led]
    if not follow:
        return hand
    if not led_before >> led & 1:
        held = follow & exposed
        if held and held != follow:
            return follow ^ held
    return follow


def trick_winner(cards: list[int]) -> int:
    """The position in the trick (0 = the lead) of the card that takes it."""
    led = SUIT_OF[cards[0]]
    best, at = cards[0], 0
    for k in range(1, len(cards)):
        card = cards[k]
        if SUIT_OF[card] == led and card > best:
            best, at = card, k
    return at


def refusal(hand: int, card: int, led: int | None, led_before: int, exposed: int) -> IllegalAction:
    """Why playing `card` (held, but not in `legal_mask`) is refused, in the player's words."""
    suit = SUIT_OF[card]
    params: dict[str, JSON] = {"card": label(card), "suit": SUIT_SYMBOLS[suit]}
    if led is not None and hand & SUIT_MASK[led] and suit != led:
        params["suit"] = SUIT_SYMBOLS[led]
        return IllegalAction(
            "follow_suit",
            f"Follow {SUIT_NAMES[led]}: you hold {SUIT_NAMES[led]}, so play one of them.",
            **params,
        )
    name, suits = label(card), SUIT_NAMES[suit]
    if led is None:
        return IllegalAction(
            "exposed_first_lead",
            f"The exposed {name} can't lead the first {suits[:-1]} trick while you hold other "
            f"{suits}; lead another card.",
            **params,
        )
    return IllegalAction(
        "exposed_first_trick",
        f"The exposed {name} can't be played in the first {suits[:-1]} trick while you hold "
        f"other {suits}; play another {suits[:-1]}.",
        **params,
    )
