"""Game-agnostic parts the game tables draw with, beyond ``drawing``'s one-of-each
helpers: a card painter's common pieces (``painter``), the seat plates and their words
(``plates``), and what a table shows for a moment of play (``moments``: a shouted call,
a clock round a pile, a name tag, a list in order, a sign that turns over).

Each is documented in ``docs/writing-a-table.md``. Not for any one game's looks: a part
that only one game could use stays in that game's package.
"""
