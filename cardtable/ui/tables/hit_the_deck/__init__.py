"""The Hit the Deck table: ``table`` (the scene), ``cards`` (the card painter) and
``slap_round`` (how a slap round looks)."""

from .table import HitTheDeckTable

__all__ = ["HitTheDeckTable"]
