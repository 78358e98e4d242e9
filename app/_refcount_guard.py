"""Works around a binding fault seen with PySide6 6.12 on Python 3.11: each call of a Qt method that returns
nothing (QPainter.setRenderHint, drawRoundedRect, ...) drops one reference to None too many, and some
paths do the same to True/False. Python 3.12 made these singletons immortal, so there it is harmless; on
3.11 the count reaches zero after some thousands of paints and the interpreter aborts ("none_dealloc",
"bool_dealloc"). Giving them a very large count once, as 3.12 does, makes the stray releases harmless.
"""
from __future__ import annotations

import ctypes
import sys

_HEADROOM = 1 << 40


def make_singletons_immortal() -> None:
    if sys.version_info >= (3, 12):
        return
    for singleton in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))  # ob_refcnt: the first field of every object
        if refcount.value < _HEADROOM:
            refcount.value += _HEADROOM
