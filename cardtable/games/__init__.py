"""The rules of each game, one package per game, and the registry that lists them.

A game's package is cut by seam: ``vocabulary`` (its cards, action codes and ``parse``,
event names and outcome: what bots and tables use), ``tables`` (what the rules look up
instead of building, made once), ``state`` (the contract), ``rules`` (how moves play
out; with ``refusals``, why one is refused, where that is long) and ``rules_help.md``
(what a player reads). ``catalog`` lists the games; ``registry`` reads the catalog.

Pure Python: never imports pygame or the bots."""
