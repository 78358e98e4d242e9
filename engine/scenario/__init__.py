"""Scenario files: set up a game state, play a script through the engine, check the result.

The format is ../shared/scenarios/FORMAT.md (a TOML file with `[state]`, `[players.X]`, `[[do]]` and
`[expect]`). The runner drives the engine only through its public API (docs/ENGINE-API.md): it builds
the state with `Game.empty`/`add_card`/`start_at`, turns each script step into an action for
`Game.apply`, and reads the result from `game.state` and `game.characteristics`.

    python -m engine.scenario PATH [PATH ...]

prints `PASS <file>` or `FAIL <file>: <reason>` per file and `N passed, M failed`; exits 0, 1 (some
scenario failed) or 2 (some file could not be read or is malformed).

Where FORMAT.md is silent, the runner does what a player writing the file would expect:
- a card named in `play`/`cast` is looked for first among the acting player's cards in the zone it is
  played from (hand, or `from`), so two Forests in hand need no ids;
- `choose` answers are matched against the pending decision's options: players by name, words
  ("yes", "red") as written, numbers as written (mode numbers count from 1 like `modes`), and card names
  first among the offered objects (so `choose = ["Forest", "Forest"]` picks two different Forests);
- `advance` to the step the game is already in does nothing; it stops early, without failing, when the
  game ends or when a decision other than priority or an empty attack/block declaration comes up;
  `advance` to untap or cleanup, where no one gets priority, stops once that step's turn-based actions
  are done (Game.pause_at), and the next action goes on from there;
- `attack = {}` / `block = {}` when the engine already declared none by itself (no creature could
  attack or block: a decision with one legal answer) just states what happened;
- trigger order answers name sources, even ones that have left the battlefield since they triggered;
- `[expect.X] battlefield` lists the permanents X controls, `exile` the exiled cards X owns; `library`
  (an extension) is X's library in order, top first;
- a token is set up under the player whose table lists it; unknown keys are malformed, so a typo can't
  silently skip a check.

The package by job: `reading` reads the file within its bounds, `schema` checks it, `starting_state` builds the game and names its
objects, `script` plays the `[[do]]` verbs, `expect` checks the result, `runner` ties them into a
Scenario and a Result, `cli` is the command (`__main__` runs it).
"""
from engine.scenario.cli import main, scenario_files
from engine.scenario.errors import Malformed, ScenarioFailed
from engine.scenario.runner import Result, Scenario, load, run_file

__all__ = ["Malformed", "Result", "Scenario", "ScenarioFailed", "load", "main", "run_file", "scenario_files"]
