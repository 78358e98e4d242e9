"""The engine's fuzzer (issue 14): random seeded games over the supported cards of a card source,
with the invariants checked after every action; see engine.fuzz.runner, and `python -m engine.fuzz
--help` for the command line. It drives only the Game facade and the AI players, like engine.selfplay.
"""
from engine.fuzz.invariants import InvariantFailure, check_invariants, physical_cards
from engine.fuzz.runner import Limits, Outcome, Report, cards_added, fuzz, play, random_deck, read_replay, replay

__all__ = ["InvariantFailure", "Limits", "Outcome", "Report", "cards_added", "check_invariants", "fuzz",
           "physical_cards", "play", "random_deck", "read_replay", "replay"]
