"""A game's table options: what each may be, and the options of a table resolved and checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engines.errors import JSON, RecordError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its key, allowed values, default and display names."""

    key: str
    choices: tuple[JSON, ...]
    default: JSON
    names: Mapping[str, str] = field(default_factory=dict, hash=False)
    choice_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict, hash=False)

    def label(self, locale: str) -> str:
        """The option's name in `locale` (English when missing)."""
        return self.names.get(locale) or self.names.get("en") or self.key

    def choice_label(self, value: JSON, locale: str) -> str:
        """The display name of one choice in `locale`."""
        names = self.choice_names.get(str(value), {})
        return names.get(locale) or names.get("en") or str(value)


def resolve_options(
    specs: Sequence[OptionSpec], given: Mapping[str, JSON] | None
) -> dict[str, JSON]:
    """Fill defaults and validate: unknown keys or values not among the choices are errors."""
    given = dict(given or {})
    known = {spec.key: spec for spec in specs}
    for key in given:
        if key not in known:
            shown = key if len(str(key)) <= 40 else str(key)[:40] + "…"
            raise RecordError("unknown_option", f"Unknown option '{shown}'.", option=key)
    out: dict[str, JSON] = {}
    for spec in specs:
        value = given.get(spec.key, spec.default)
        # compare types too: in Python `1.0 == 1` and `True == 1`, but JSON tells them apart
        if not any(type(value) is type(c) and value == c for c in spec.choices):
            allowed = ", ".join(str(c) for c in spec.choices)
            raise RecordError(
                "bad_option",
                f"Option '{spec.key}' must be one of {allowed}.",
                option=spec.key,
            )
        out[spec.key] = value
    return out
