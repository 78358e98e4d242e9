"""Players that make decisions through the engine's public API only (pending decision, legal
actions, apply, clone). No Qt here."""
