"""ManaTable's Qt application: the table, the engine worker thread and the dialogs around them."""
