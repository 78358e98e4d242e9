"""ManaTable's Qt application: the table, the engine worker thread and the dialogs around them."""
from app._refcount_guard import make_singletons_immortal

make_singletons_immortal()
