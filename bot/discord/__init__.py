"""The Discord adapter: slash commands, restart-proof components, table and hand messages, DMs.

`client.build_bot` wires it: `commands.py` (the /game and /play commands), `components.py`
(dynamic buttons and selects whose custom_id carries table, version and action), `desk.py`
(what happens in Discord after the tables service changed a table), `present.py` (embeds and
component rows), `games.py` (per-game wording), `images.py` (rendering off the event loop),
`timers.py` (reminders and expiries), `errors.py` (the one error handler).
"""
