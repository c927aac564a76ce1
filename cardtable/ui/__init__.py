"""Everything pygame: the app loop, scenes, card drawing, animation, input, sound, layout.

The only layer that imports pygame. It never changes a game except through the engine's
``apply`` and ``close_window``, and draws a table only from the viewing seat's observation
and the events it is shown. Importing this package alone does not start pygame
(``cardtable.ui.launch`` is read by the command line).
"""

import os

# pygame prints a greeting on import; a card table's console has no use for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
