"""The rules of each game, one module per game, and the registry that lists them.

Pure Python: never imports pygame or the bots."""
