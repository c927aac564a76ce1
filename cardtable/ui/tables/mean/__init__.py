"""The MEAN! table (``table``), what it draws besides the cards (``marks``) and its card
painter (``cards``)."""

from .cards import mean_face
from .table import MeanTable

__all__ = ["MeanTable", "mean_face"]
