"""The two ways a scenario does not pass: its file breaks the format, or the engine does something else."""


MESSAGE_CHARS = 500
"""A reason quotes the value it refuses: a value of a megabyte (a 1 MB name, a list of 90,000 numbers where
a word goes) is cut, so the reason stays one readable line."""


class Malformed(Exception):
    """The file can't be read or breaks the format; str() names the key and what is wrong."""

    def __init__(self, message: str) -> None:
        super().__init__(message if len(message) <= MESSAGE_CHARS else message[:MESSAGE_CHARS] + "...")


class ScenarioFailed(Exception):
    """The engine did something other than what the scenario says."""
