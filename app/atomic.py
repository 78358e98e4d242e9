"""Atomic file writes for the app: the card database's writer (a temporary file beside the target, then
a rename), so a crash never leaves half a file and every program of ManaTable writes files one way."""
from cardsdb.userfiles import write_atomic

__all__ = ["write_atomic"]
