"""Parts of the Kokutorum and Shirokuro-jaku images, made for the box (docs/images.md).

Not a layout of its own (no module here has a `render`, so the layouts' catalogue passes it
by): each game's module gives its `Table` of parts
and `draw` puts them in their places, alike in both games, on a 1100 x 700 canvas:

- the top bar: the game's name, the round, whose turn (`frame`);
- a seat's image (its DM): the other seats' plates stacked at the top left (`plate_head`:
  name, badges, cards held, total; then the game's own: Kokutorum's hand as backs in order,
  Shirokuro-jaku's melds laid down and discards), the table at the top right (the stock or
  the dora indicator, the pile's top, the drawn card once with each end up, a discard to
  claim), and under them the viewer's panel (`own_head`: name, total, what the hand is
  worth, what to do now) with the hand as big as fits (`draw_hand`: the cards numbered 1..n
  under them for typed moves, or while a drawn card waits its gaps numbered 1..n+1; melds
  bracketed and named over them); while it may rotate, both versions (`rotate_pair`);
- the channel's image: every seat's plate, the table, the notes and the last moves
  (`log_panel`);
- between two rounds, in the channel: every hand of the round just played, a row each
  (`round_panel`), then how the next round starts (`next_line`);
- the game's end: the result (`result`), then the last round.

Cards in a hand other than the viewer's (a card another seat took from the pile, a meld laid
down, a hand shown at a round's end) are drawn as their upright end alone (`end_tile`): the
number that counts, white on black or black on white, as the big end of a held card shows
it. Cards on the table keep both ends (`pair_chip`, or a table card): either end may still
count. What does not fit (every round's scores, how each round ended, the older moves) is
the embed's, and the scores are also the Details image (`details_image`).

The package, by concept: `measures` (sizes, colours, the shared words), `plates` (a seat's
plate, panels), `tiles` (small cards, brackets), `hand_panel` (the viewer's panel and hand),
`round_end` (the hands of a round just played), `frame` (the top bar, notes and moves, the
stock, the result), `board` (`Table` and `draw`), `score_sheet` (the Details image) and
`samples`.
"""
