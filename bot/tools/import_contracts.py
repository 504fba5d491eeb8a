"""An import-linter contract type: each game's packages import no other game's, for every game.

A game is a name found in every one of the `containers` (`engines.go_fish`,
`render.games.go_fish`, `bot.games.go_fish`), so a new game is held to the contract the moment
its packages exist, and the configuration names no game. Modules shared by several games
(`engines.two_number`, `bot.games.moves`, ...) are not in every container, so they are not games.
Only direct imports count: a shared registry reaching every game is allowed.
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class GamesContract(Contract):
    """`type = "games"`: no module of one game's packages imports a module of another game's."""

    type_name = "games"

    containers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        """Find every direct import from one game's packages into another game's."""
        containers: list[str] = self.containers  # type: ignore[assignment]
        games = set.intersection(
            *({child.rsplit(".", 1)[1] for child in graph.find_children(c)} for c in containers)
        )
        if not games:
            raise ValueError(f"no game is found in all of {', '.join(containers)}")
        owner: dict[str, str] = {}
        for container in containers:
            for game in games:
                top = f"{container}.{game}"
                for module in {top} | graph.find_descendants(top):
                    owner[module] = game
        illegal = []
        for importer, game in sorted(owner.items()):
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                other = owner.get(imported)
                if other is not None and other != game:
                    details = graph.get_import_details(importer=importer, imported=imported)
                    lines = sorted(d["line_number"] for d in details)
                    illegal.append((importer, imported, lines))
        return ContractCheck(
            kept=not illegal,
            metadata={"illegal": illegal, "games": sorted(games)},
        )

    def render_broken_contract(self, check: ContractCheck) -> None:
        """List each import of another game, with its line numbers."""
        output.print_error("A game's packages import another game's:", bold=False)
        output.new_line()
        for importer, imported, lines in check.metadata["illegal"]:
            output.print_error(
                f"- {importer} -> {imported} (l.{', '.join(map(str, lines))})", bold=False
            )
        output.new_line()
