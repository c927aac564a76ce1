"""Game-agnostic parts the game tables draw with, beyond ``drawing``'s one-of-each
helpers: a card painter's common pieces (``painter``), the seats and their plates
(``plates``), words and marks round the piles (``piles``), the oval round them (``rings``),
what a table shows for a moment of play (``moments``: a shouted call, a clock round a
pile, a name tag, a list in order, a sign that turns over, a called-for panel), hands
slapped on a pile (``slaps``), names and counts in words (``words``) and the table log's
move lines (``describer``).

Each is documented in ``docs/writing-a-table.md``. Not for any one game's looks: a part
that only one game could use stays in that game's package.
"""
