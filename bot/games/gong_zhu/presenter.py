"""拱猪 in words: each seat's hand score and total, the trick, exposures, the hand's end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.generic import Events, GamePresenter, NameOf
from bot.i18n import cards, t, tn
from engines.actions import event_seen_by
from engines.cards import card_label

GAME = "gong-zhu"
EXPOSABLE = ("AH", "QS", "JD", "TC")
PRIVATE_CHOICES = ("chose", "chose_none", "none_held")
"""A seat's own exposure, told to that seat alone."""


def signed(points: Any) -> str:
    """Points as players write them: +50, −160, 0 (a true minus sign)."""
    value = int(points)
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def effects(codes: Sequence[str], locale: str) -> str:
    """ "Q♠ — pig ×2, A♥ — every heart ×2" for the exposable cards among `codes`."""
    return t("list.sep", locale).join(
        t(
            f"game.{GAME}.effect_line",
            locale,
            card=card_label(code),
            effect=t(f"game.{GAME}.effect.{code}", locale),
        )
        for code in codes
        if code in EXPOSABLE
    )


class GongZhuPresenter(GamePresenter):
    """Scores by seat, the trick, exposures and the result of a 拱猪 match."""

    game_id = GAME

    # ------------------------------------------------------------------ the table

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """One line per seat (this hand, total, the card it played, what it took, what it
        exposed; who has decided during the exposure phase), then, for a seat holding none of
        the four cards during the exposure phase, that it has nothing to expose (the table
        decides for it), and a sweep warning."""
        totals = view.get("totals") or [0, 0, 0, 0]
        points = view.get("points") or [0, 0, 0, 0]
        trick = view.get("trick") or {}
        played = {
            (int(trick.get("leader") or 0) + i) % 4: card
            for i, card in enumerate(trick.get("cards") or [])
        }
        lines = []
        for seat in range(4):
            name = names[seat] if seat < len(names) else str(seat + 1)
            total = signed(totals[seat])
            if view.get("phase") == "expose":
                decided = (view.get("decided") or [False] * 4)[seat]
                key = "seat_decided" if decided else "seat_deciding"
                lines.append(t(f"game.{GAME}.{key}", locale, name=name, total=total))
                continue
            line = t(
                f"game.{GAME}.seat", locale, name=name, points=signed(points[seat]), total=total
            )
            if seat in played:
                line += t(f"game.{GAME}.seat_played", locale, card=card_label(played[seat]))
            taken = (view.get("taken") or [[]] * 4)[seat]
            if taken:
                line += t(f"game.{GAME}.seat_taken", locale, cards=cards(taken, locale))
            live = (view.get("exposed_live") or [[]] * 4)[seat]
            if live:
                line += t(f"game.{GAME}.seat_exposed", locale, cards=cards(live, locale))
            lines.append(line)
        viewer = view.get("viewer")
        if (
            view.get("phase") == "expose"
            and viewer is not None
            and not set(view.get("hand_cards") or []) & set(EXPOSABLE)
        ):
            lines.append(t(f"game.{GAME}.nothing_to_expose", locale))  # decided by the table
        danger = view.get("sweep_danger")
        if danger is not None:
            count = sum(1 for c in (view.get("taken") or [[]] * 4)[danger] if c.endswith("H"))
            lines.append(t(f"game.{GAME}.sweep_danger", locale, name=names[danger], count=count))
        return lines

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """Which hand and trick, or the exposure phase, or the end."""
        hand = view.get("hand", 1)
        if view.get("over"):
            return tn(f"game.{GAME}.line_over", locale, int(hand), hand=hand)
        if view.get("phase") == "expose":
            return t(f"game.{GAME}.line_exposure", locale, hand=hand)
        return t(f"game.{GAME}.line_trick", locale, hand=hand, trick=int(view.get("tricks", 0)) + 1)

    def start_notice(
        self, view: Mapping[str, Any], names: Sequence[str], cpu_seats: Sequence[int], locale: str
    ) -> str | None:
        """The first hand is led by the holder of 2♠, once the exposures are in."""
        return t(f"game.{GAME}.start", locale)

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """What the seat's own exposure or play did; None when the play also settled something
        for another seat or for the table (another seat takes the trick, the hand ends), which
        the narration tells with names."""
        if any(
            e.get("type") in ("hand_over", "deal", "game_over", "exposed", "no_exposures")
            or (e.get("seat") is not None and e.get("seat") != seat)
            for e in events
        ):
            return None
        mine = [e for e in events if e.get("seat") == seat]
        for event in mine:
            kind = event.get("type")
            if kind == "chose":
                return t(f"game.{GAME}.you_chose", locale, cards=cards(event["cards"], locale))
            if kind == "chose_none":
                return t(f"game.{GAME}.you_chose_none", locale)
        plays = [e for e in mine if e.get("type") == "play"]
        if not plays:
            return None
        card = card_label(plays[-1]["card"])
        for event in mine:
            if event.get("type") == "take":
                return t(
                    f"game.{GAME}.you_took", locale, card=card, cards=cards(event["cards"], locale)
                )
            if event.get("type") == "trick":
                return t(f"game.{GAME}.you_took_trick", locale, card=card)
        return t(f"game.{GAME}.you_played", locale, card=card)

    def result_fields(
        self, result: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> list[tuple[str, str]]:
        """The ranking with totals (out marked), and how many hands were played."""
        totals = result.get("totals") or []
        out = set(result.get("out") or [])
        lines = []
        for rank, seat in enumerate(result.get("ranking") or [], 1):
            line = t(
                f"result.{GAME}.rank_line",
                locale,
                rank=rank,
                name=names[seat] if seat < len(names) else str(seat + 1),
                total=signed(totals[seat]),
            )
            if seat in out:
                line += f" ({t(f'result.{GAME}.out', locale)})"
            lines.append(line)
        hands = len(result.get("hand_scores") or [])
        return [
            (t(f"result.{GAME}.ranking", locale), "\n".join(lines)),
            (t(f"result.{GAME}.hands", locale), str(hands)),
        ]

    # ------------------------------------------------------------------ decisions

    def action_label(
        self, action: Mapping[str, Any], locale: str, names: Sequence[str] | None = None
    ) -> str:
        """ "Expose Q♠ A♥", "Expose nothing", "Play 7♥"."""
        kind = action.get("type")
        if kind == "expose":
            chosen = list(action.get("cards") or [])
            if not chosen:
                return t(f"action.{GAME}.expose_none", locale)
            return t(f"action.{GAME}.expose", locale, cards=cards(chosen, locale))
        if kind == "play" and isinstance(action.get("card"), str):
            return t(f"action.{GAME}.play", locale, card=card_label(action["card"]))
        return super().action_label(action, locale)

    def prompt_text(self, prompt: Mapping[str, Any], locale: str) -> str:
        """The exposure prompt lists what each card would do ("Q♠ — pig ×2")."""
        pick = prompt.get("pick") or {}
        if prompt.get("kind") == "expose" and pick:
            chosen = [
                card
                for card, ok in zip(pick["cards"], pick.get("selectable") or [], strict=False)
                if ok
            ]
            return t(f"prompt.{GAME}.expose", locale, options=effects(chosen, locale))
        if prompt.get("kind") == "expose":
            return t(f"game.{GAME}.nothing_to_expose", locale)
        return super().prompt_text(prompt, locale)

    def hint_reason(self, reason: str | None, params: Mapping[str, Any], locale: str) -> str | None:
        """The hard CPU's reason, its cards as players read them, and by how much it beat the
        next choice in its simulations when that is a point or more."""
        values = dict(params)
        if isinstance(values.get("cards"), list):
            values["cards"] = cards(values["cards"], locale)
        text = super().hint_reason(reason, values, locale)
        if text is None or "samples" not in values or int(values.get("margin") or 0) < 1:
            return text
        margin = t(
            f"hint.{GAME}.margin", locale, margin=values["margin"], samples=values["samples"]
        )
        return t(f"hint.{GAME}.with_margin", locale, reason=text, margin=margin)

    # ------------------------------------------------------------------ narration

    def narrate(
        self, events: Events, name_of: NameOf, locale: str, viewer: int | None = None
    ) -> str | None:
        """The generic narration, with a hand's scores written out by name; a seat that sees
        its own exposure is not also told that it has decided."""
        own = {
            e.get("seat")
            for e in events
            if e.get("type") in PRIVATE_CHOICES and event_seen_by(e, viewer)
        }
        revealed = any(e.get("type") in ("exposed", "no_exposures") for e in events)
        shown: list[Mapping[str, Any]] = []
        for event in events:
            if event.get("type") == "decided" and event.get("seat") in own:
                continue
            if event.get("type") in PRIVATE_CHOICES and revealed:
                continue  # the exposures shown in the same breath tell it
            if event.get("type") == "hand_over" and event_seen_by(event, viewer):
                scores = event.get("scores") or []
                totals = event.get("totals") or []
                text = t("list.sep", locale).join(
                    t(
                        f"game.{GAME}.hand_score",
                        locale,
                        name=name_of(seat),
                        points=signed(scores[seat]),
                        total=signed(totals[seat]),
                    )
                    for seat in range(len(scores))
                )
                shown.append({**event, "scores": text, "totals": ""})
            else:
                shown.append(event)
        return super().narrate(shown, name_of, locale, viewer)
