"""The limits on what ManaTable reads from files and text a user hands it, each with its reason.

Every file or text a player can give ManaTable (deck lists, card data, saved games, search queries)
may be damaged or hostile. Each limit below sits well above anything a real file holds, so no real
deck, card file or save meets it, and well below what would exhaust memory or time, so a bad input is
refused with a message instead of freezing or crashing the program. README ("Limits") lists them.
"""
from __future__ import annotations

MiB = 1 << 20
GiB = 1 << 30

# -- files --------------------------------------------------------------------------------------
DECK_FILE_BYTES = 4 * MiB
"""A deck file: a 720-card cube exported with set codes and collector numbers is about 30 KB."""

SAVE_FILE_BYTES = 64 * MiB
"""A saved game: a long game with both decks and its full log is a few megabytes of JSON."""

CARD_FILE_DECOMPRESSED_BYTES = 8 * GiB
"""A card file once decompressed: Scryfall's largest bulk file (all cards in all languages) is about
2.5 GB, MTGJSON's AllPrintings about 1 GB. More than this is not card data, and reading it would take
an hour."""

COMPRESSION_RATIO = 100
"""How many bytes of JSON one compressed byte may give. Card JSON compresses 5 to 30 times (gzip to
xz); a file that expands a hundredfold is a decompression bomb (a long run of one character)."""

COMPRESSION_RATIO_FLOOR = 16 * MiB
"""The ratio is checked only past this much output: small files may compress better, and are harmless."""

JSON_VALUE_CHARS = 128 * MiB
"""One value the card reader holds whole: one set of AllPrintings (the largest, The List or Secret
Lair with every card's translations, is some tens of megabytes) or one Scryfall card. A longer one is
refused, which bounds the reader's memory whatever the file holds (to about twice this, while the
buffer grows)."""

JSON_DEPTH = 64
"""Nesting of JSON containers in card files and saves: MTGJSON goes about 7 deep, a saved game about
10. Deeper nesting only serves to overflow a recursive reader."""

# -- decks --------------------------------------------------------------------------------------
DECK_LINE_COUNT = 1000
"""Copies of a card on one deck line. Rules allow any number of some cards (Relentless Rats,
Persistent Petitioners; 100.2a) and of basic lands, but a playable deck holds a few hundred cards
at most; a bigger count is a typo or an attack (999999999 Forest would fill memory when the game
makes one object per card)."""

DECK_CARDS = 5000
"""Cards in one deck (all sections): the largest decks played are cubes of 720 cards and Battle of
Wits decks of about 250."""

DECK_LINES = 10000
"""Lines read from one deck file: one line per distinct card, so ten times the largest cube."""

# -- card data ----------------------------------------------------------------------------------
NAME_CHARS = 300
"""A card name: the longest printed name has 141 characters; a split card's joined name is under 100."""

TEXT_CHARS = 20000
"""A card's Oracle text (all faces joined): the longest real texts are about 1,500 characters."""

CARD_NUMBER = 10 ** 15
"""A number in a card record (a mana value, a rank, a collector number): the largest printed is Gleemax's
mana value of 1,000,000. A mana value is kept as a float, which can't hold an integer past about 10**308."""

STAT_CHARS = 8
"""A power, toughness, loyalty or defense as written: the real ones are a number of one or two digits,
"*", "1+*", "7-*" or "*²". A game works with the number, and a saved game holds no number past 10**12."""

MANA_COST_CHARS = 200
"""A mana cost as written: the longest real ones ({W}{W}{U}{U}{B}{B}{R}{R}{G}{G}, {1000000}) are about 30
characters; a cost also must be a row of braced symbols of at most 10 characters each."""

CONTROL_CHARACTERS = "[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"
"""Characters no card or deck name holds (a regular expression): C0 and C1 controls and the
bidirectional overrides and isolates. Shown on a terminal or in a list, they act (an escape sequence
clears the screen; an override reorders what is shown)."""

# -- search -------------------------------------------------------------------------------------
QUERY_CHARS = 2000
"""A search query: a long query a player types is a few hundred characters."""

QUERY_TERMS = 200
"""Search terms in one query: a person writes a dozen; SQLite refuses conditions nested 1,000 deep."""

QUERY_DEPTH = 16
"""Nesting of parentheses and negations in a query: a person writes three or four levels. The SQL a
query becomes nests deeper still (a negation is `NOT coalesce((...), 0)`), and SQLite's parser gives up
("parser stack overflow") at about 22 negations in a row: 16 keeps every query below that."""
