"""The Spite & Malice table (``SpiteMaliceTable``)."""

from .table import SpiteMaliceTable

__all__ = ["SpiteMaliceTable"]
