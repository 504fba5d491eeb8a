"""The slash commands: `/game ...` and `/play move:`, thin wrappers around the flows
(`flows/slash.py` for `/game`, `flows/seat.py` for `/play`).

`/game new` is built from the game registry: one `game` choice per registered engine and one
optional parameter per option key any game declares (its choices autocompleted for the game
picked), so a new game needs no code here. Descriptions are `locale_str`s keyed into the
message catalogues; `CatalogueTranslator` gives Discord their Japanese.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.flows.seat import SeatFlows
from bot.discord.flows.slash import CommandFlows
from bot.i18n import en, ja, normalise_locale
from bot.settings import NOTIFY_MODES
from bot.store.database import DatabaseError
from bot.tables.errors import TableError
from engines.options import OptionSpec
from engines.registry import game_class, games


def L(key: str) -> locale_str:
    """A command string: the English text, with its catalogue key for the translator."""
    return locale_str(en.MESSAGES[key], key=key)


class CatalogueTranslator(app_commands.Translator):
    """Japanese command descriptions, option names and choices from the catalogues and registry."""

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The Japanese text of a keyed string (None: Discord shows the English default)."""
        if normalise_locale(locale.value, "-") != "ja":
            return None
        key = string.extras.get("key")
        if not isinstance(key, str):
            return None
        if key.startswith("game:"):
            return game_class(key[5:]).names.get("ja")
        if key.startswith("option:"):
            spec = _specs().get(key[7:])
            return spec[0].names.get("ja") if spec else None
        return ja.MESSAGES.get(key)


def _specs() -> dict[str, list[OptionSpec]]:
    """Every option key any registered game declares, with its specs."""
    out: dict[str, list[OptionSpec]] = {}
    for cls in games():
        for spec in cls.option_specs:
            out.setdefault(spec.key, []).append(spec)
    return out


def _seat_range() -> tuple[int, int]:
    classes = games()
    return min(c.min_seats for c in classes), max(c.max_seats for c in classes)


def _option_autocomplete(
    flows: CommandFlows, key: str
) -> Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        locale = await flows.desk.user_locale(interaction)
        game_id = getattr(interaction.namespace, "game", None)
        candidates = [c for c in games() if game_id in (None, c.id)]
        out: list[app_commands.Choice[str]] = []
        for cls in candidates:
            for spec in cls.option_specs:
                if spec.key != key:
                    continue
                for value in spec.choices:
                    label = spec.choice_label(value, locale)
                    if current.lower() in label.lower() and all(c.value != str(value) for c in out):
                        out.append(app_commands.Choice(name=label, value=str(value)))
        return out[:25]

    return complete


def build_new_command(flows: CommandFlows) -> app_commands.Command[Any, ..., None]:
    """`/game new game:<choice> [seats] [thread] [<option>...]`, parameters from the registry."""
    specs = _specs()
    low, high = _seat_range()

    async def new(interaction: discord.Interaction[Any], **params: Any) -> None:
        async with flows.replies.guard(interaction):
            game = params.pop("game")
            seats = params.pop("seats", None)
            thread = bool(params.pop("thread", False))
            cls = game_class(game)
            chosen: dict[str, Any] = {}
            for key, value in params.items():
                if value is None:
                    continue
                spec = next((s for s in cls.option_specs if s.key == key), None)
                if spec is None:
                    raise TableError("unknown_option", f"Unknown option '{key}'.", option=key)
                match = next((c for c in spec.choices if str(c) == str(value)), None)
                if match is None:
                    raise TableError("bad_option", f"Bad value for '{key}'.", option=key)
                chosen[key] = match
            await flows.open_lobby(interaction, game, chosen, seats, thread)

    P = inspect.Parameter
    signature = [
        P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        P("game", P.KEYWORD_ONLY, annotation=str),
        P(
            "seats",
            P.KEYWORD_ONLY,
            annotation=app_commands.Range[int, low, high] | None,
            default=None,
        ),
        P("thread", P.KEYWORD_ONLY, annotation=bool | None, default=None),
        *(P(key, P.KEYWORD_ONLY, annotation=str | None, default=None) for key in specs),
    ]
    new.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    new = app_commands.describe(
        game=L("cmd.game.new.game"),
        seats=L("cmd.game.new.seats"),
        thread=L("cmd.game.new.thread"),
        **{key: locale_str(s[0].label("en"), key=f"option:{key}") for key, s in specs.items()},
    )(new)
    new = app_commands.choices(
        game=[
            app_commands.Choice(name=locale_str(c.names["en"], key=f"game:{c.id}"), value=c.id)
            for c in games()
        ]
    )(new)
    if specs:
        new = app_commands.autocomplete(**{key: _option_autocomplete(flows, key) for key in specs})(
            new
        )
    return app_commands.Command(name="new", description=L("cmd.game.new"), callback=new)


EXPIRY_CHOICES = [
    app_commands.Choice(name=L(f"choice.expiry.{p}"), value=p)
    for p in ("cpu_turn", "cpu_seat", "abandon")
]
NOTIFY_CHOICES = [
    app_commands.Choice(name=L(f"choice.notify.{mode}"), value=mode) for mode in NOTIFY_MODES
]
LOCALE_CHOICES = [
    app_commands.Choice(name=L(f"choice.locale.{code}"), value=code) for code in ("ja", "en")
]


@app_commands.guild_only()
class GameGroup(app_commands.Group):
    """`/game ...` (in servers: a table belongs to a channel that several people see)."""

    def __init__(self, flows: CommandFlows) -> None:
        super().__init__(name="game", description=L("cmd.game"))
        self.flows = flows
        self.add_command(build_new_command(flows))

    @app_commands.command(name="join", description=L("cmd.game.join"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """Take a seat."""
        async with self.flows.replies.guard(interaction):
            await self.flows.join(interaction)

    @app_commands.command(name="leave", description=L("cmd.game.leave"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Leave the table."""
        async with self.flows.replies.guard(interaction):
            await self.flows.leave(interaction)

    @app_commands.command(name="start", description=L("cmd.game.start"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """Start the game."""
        async with self.flows.replies.guard(interaction):
            await self.flows.start(interaction)

    @app_commands.command(name="status", description=L("cmd.game.status"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """Post the table again."""
        async with self.flows.replies.guard(interaction):
            await self.flows.status(interaction)

    @app_commands.command(name="hand", description=L("cmd.game.hand"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """Your hand, only for you."""
        async with self.flows.replies.guard(interaction):
            await self.flows.hand(interaction)

    @app_commands.command(name="rules", description=L("cmd.game.rules"))
    @app_commands.describe(game=L("cmd.game.rules.game"))
    @app_commands.choices(
        game=[
            app_commands.Choice(name=locale_str(c.names["en"], key=f"game:{c.id}"), value=c.id)
            for c in games()
        ]
    )
    async def rules(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """The rules of a game, in the user's language."""
        async with self.flows.replies.guard(interaction):
            await self.flows.rules(interaction, game)

    @app_commands.command(name="abandon", description=L("cmd.game.abandon"))
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        """End the table without a result."""
        async with self.flows.replies.guard(interaction):
            await self.flows.abandon(interaction)

    @app_commands.command(name="settings", description=L("cmd.game.settings"))
    @app_commands.describe(
        dms=L("cmd.game.settings.dms"),
        notify=L("cmd.game.settings.notify"),
        timer=L("cmd.game.settings.timer"),
        window=L("cmd.game.settings.window"),
        expiry=L("cmd.game.settings.expiry"),
        locale=L("cmd.game.settings.locale"),
    )
    @app_commands.choices(expiry=EXPIRY_CHOICES, locale=LOCALE_CHOICES, notify=NOTIFY_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        dms: bool | None = None,
        notify: str | None = None,
        timer: app_commands.Range[int, 5, 10080] | None = None,
        window: app_commands.Range[int, 3, 300] | None = None,
        expiry: str | None = None,
        locale: str | None = None,
    ) -> None:
        """DMs on/off and turn notifications for you; the table's timer, response window and
        expiry; the server's language."""
        async with self.flows.replies.guard(interaction):
            await self.flows.settings(
                interaction,
                dms=dms,
                timer=timer,
                window=window,
                expiry=expiry,
                locale=locale,
                notify=notify,
            )

    @app_commands.command(name="record", description=L("cmd.game.record"))
    async def record(self, interaction: discord.Interaction[Any], table: int | None = None) -> None:
        """The game record (docs/records.md) as a JSON file."""
        async with self.flows.replies.guard(interaction, table):
            await self.flows.record(interaction, table)

    @app_commands.command(name="mine", description=L("cmd.game.mine"))
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """Tables waiting on you."""
        async with self.flows.replies.guard(interaction):
            await self.flows.mine(interaction)


def build_play_command(flows: SeatFlows) -> app_commands.Command[Any, ..., None]:
    """`/play move:<autocomplete>`: the caller's legal moves, in their language."""

    @app_commands.command(name="play", description=L("cmd.play"))
    @app_commands.guild_only()
    @app_commands.describe(move=L("cmd.play.move"))
    async def play(interaction: discord.Interaction[Any], move: str) -> None:
        async with flows.replies.guard(interaction):
            await flows.play_command(interaction, move)

    @play.autocomplete("move")
    async def move_autocomplete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            choices = await flows.move_choices(interaction, current)
        except (TableError, DatabaseError):  # no list is better than an error in a menu
            return []
        return [app_commands.Choice(name=name, value=value) for name, value in choices]

    return play
