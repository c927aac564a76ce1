"""Bots for What the Heck? (placeholder being replaced)."""

BOTS = {}
