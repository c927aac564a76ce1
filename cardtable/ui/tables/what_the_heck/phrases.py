"""What the Heck?'s announcements in words for its banners and log: none names a player
as the one doing something, so all are said as the rules wrote them."""

from __future__ import annotations

from cardtable.games.what_the_heck.vocabulary import VOCABULARY

from ..parts.phrases import Phrases

PHRASES = Phrases(VOCABULARY, {}, written=VOCABULARY.events)
