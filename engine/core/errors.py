"""Errors the engine raises at its callers."""


class IllegalAction(Exception):
    """The action is not legal now; the game state is unchanged. str(e) is the reason in words."""
