"""The Copy Cat table (``table``), its card painter (``cards``) and coin tokens (``coins``)."""

from .table import CopyCatTable

__all__ = ["CopyCatTable"]
