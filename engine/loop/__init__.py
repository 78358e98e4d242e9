"""The game loop: turn structure (500-514), priority and the dispatch of pending work (117), legal
actions, the player's view, sandbox moves. Imports every layer below; only the Game facade imports it."""
