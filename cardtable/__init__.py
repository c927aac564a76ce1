"""Card Table: a desktop card table for five published card games.

Layers point down only: ``ui -> strategy -> games -> engine`` (see pyproject's
import-linter contract). Everything below ``ui`` is pure Python and never imports pygame.
"""

__version__ = "0.1.0"
