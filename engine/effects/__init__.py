"""Effects: resolution of spells and abilities (608) and the handlers of every effect type (609, 701).
Imports core, query and board."""
