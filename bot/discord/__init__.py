"""The Discord adapter: slash commands, restart-proof components, table and hand messages, DMs.

`client.build_bot` wires it: `commands.py` (the /game and /play commands), `flows/` (what each
command and click does, as handler objects), `components.py` (dynamic buttons and selects whose
custom_id carries table, version and action), `desk.py` (what happens in Discord after the
tables service changed a table), `present.py` and `controls.py` (embeds and component rows),
`images.py` (rendering off the event loop), `timers.py` (reminders and expiries).
docs/DESIGN.md, "The Discord side", gives the layers.
"""
