"""Test draws of a deck: an opening hand of seven (103.4), the London mulligan (103.5: shuffle,
draw seven again, then put one card on the bottom of the library per mulligan taken), and the
next draws. No Qt here."""
from __future__ import annotations

import random

from app.deck_editor.stats import HAND_SIZE


class SampleHand:
    def __init__(self, cards: list[str], rng: random.Random | None = None) -> None:
        self.cards = list(cards)
        self.rng = rng or random.Random()
        self.library: list[str] = []
        self.hand: list[str] = []
        self.mulligans = 0
        self.to_bottom = 0   # cards still to put on the bottom for the mulligans taken
        self.drawn = 0       # cards drawn after the opening hand
        self.new_hand()

    def _deal(self) -> None:
        self.library = list(self.cards)
        self.rng.shuffle(self.library)
        self.hand = self.library[:HAND_SIZE]
        del self.library[:HAND_SIZE]
        self.drawn = 0

    def new_hand(self) -> None:
        """A fresh shuffle and seven cards, no mulligan taken."""
        self.mulligans = 0
        self.to_bottom = 0
        self._deal()

    def mulligan(self) -> None:
        """103.5: shuffle the hand away, draw seven, then put as many cards on the bottom as
        mulligans taken (the player chooses which: `put_on_bottom`)."""
        if self.mulligans >= HAND_SIZE:
            return
        self.mulligans += 1
        self._deal()
        self.to_bottom = min(self.mulligans, len(self.hand))

    def put_on_bottom(self, index: int) -> bool:
        if self.to_bottom <= 0 or not 0 <= index < len(self.hand):
            return False
        self.library.append(self.hand.pop(index))
        self.to_bottom -= 1
        return True

    def draw(self) -> str | None:
        """The next card of the library into the hand (None when it is empty or the mulligan's
        cards are not on the bottom yet)."""
        if not self.library or self.to_bottom:
            return None
        card = self.library.pop(0)
        self.hand.append(card)
        self.drawn += 1
        return card
