"""Card Table: a desktop card table for five published card games.

Layers point down only: ``cli -> ui -> play -> strategy -> games -> engine`` (see
pyproject's import-linter contracts); ``play`` is the referee that runs a match.
Everything below ``ui`` is pure Python and never imports pygame.
"""

__version__ = "0.1.0"
