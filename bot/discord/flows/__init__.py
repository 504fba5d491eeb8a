"""The flows: what each command and component does (call the tables service, answer, publish).

Plain handler objects composed by the client, each given what it uses: `replies.Replies` (the
one error guard and private answers), `lobby.LobbyFlows`, `seat.SeatFlows` (a seat's prompt,
`/play`), `slash.CommandFlows` (`/game ...`) and `router.ComponentRouter` (a click -> its flow).
Every in-game action is reachable both by a command and by a component with exactly the same
checks (the service decides who may do what; the custom_id and the command only say what was
asked), and every entry point runs inside `Replies.guard`.
"""
