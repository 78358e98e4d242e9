"""Core: the game's vocabulary as data (enums, errors, events, rng, mana, objects, state, abilities and
effects as frozen dataclasses, card definitions) and the hook points the layers above fill. Imports
nothing else of the engine. See docs/ARCHITECTURE.md."""
