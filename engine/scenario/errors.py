"""The two ways a scenario does not pass: its file breaks the format, or the engine does something else."""


class Malformed(Exception):
    """The file can't be read or breaks the format; str() names the key and what is wrong."""


class ScenarioFailed(Exception):
    """The engine did something other than what the scenario says."""
