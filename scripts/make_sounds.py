"""Synthesizes the table's sound effects (assets/sounds/*.wav) from sine tones and seeded noise, so the
sounds are our own and the same on every run:

    .venv/bin/python scripts/make_sounds.py [FOLDER]

Each is short, 16-bit mono at 22 050 Hz, with a soft attack and decay so nothing clicks.
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.5  # of full scale: quiet beside other programs


def _envelope(t: float, length: float, attack: float = 0.005) -> float:
    """Rises over `attack` seconds, then decays exponentially to about 1% at `length`."""
    rise = min(1.0, t / attack) if attack else 1.0
    return rise * math.exp(-4.6 * t / length)


def _tone(freq: float, length: float, start: float = 0.0, glide: float = 0.0, harmonics: float = 0.0
          ) -> Callable[[float], float]:
    """A sine from `start` seconds on, sliding by `glide` Hz over its length, with some second harmonic."""
    def sample(t: float) -> float:
        u = t - start
        if u < 0 or u > length:
            return 0.0
        phase = 2 * math.pi * (freq * u + glide * u * u / (2 * length))
        return _envelope(u, length) * (math.sin(phase) + harmonics * math.sin(2 * phase))
    return sample


def _noise(length: float, seed: int, smooth: float) -> Callable[[float], float]:
    """Noise low-passed by a one-pole filter (`smooth` near 1 is duller), seeded so it is the same each run."""
    rng = random.Random(seed)
    values: list[float] = []
    last = 0.0
    for _ in range(int(length * RATE) + 1):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        values.append(last)
    gain = 1 / max(abs(v) for v in values)

    def sample(t: float) -> float:
        i = int(t * RATE)
        return values[i] * gain * _envelope(t, length, 0.01) if i < len(values) else 0.0
    return sample


SOUNDS: dict[str, tuple[float, list[Callable[[float], float]]]] = {
    # name: (seconds, the parts added together)
    "draw": (0.16, [_noise(0.16, 1, 0.6)]),
    "cast": (0.35, [_tone(523.3, 0.3, harmonics=0.2), _tone(784.0, 0.3, start=0.06, harmonics=0.2)]),
    "resolve": (0.45, [_tone(659.3, 0.45, harmonics=0.3), _tone(987.8, 0.35, harmonics=0.1)]),
    "attack": (0.3, [_tone(110.0, 0.25, glide=-40), _noise(0.12, 2, 0.85)]),
    "damage": (0.2, [_tone(180.0, 0.15, glide=-80, harmonics=0.5), _noise(0.08, 3, 0.7)]),
    "dying": (0.6, [_tone(392.0, 0.6, glide=-220, harmonics=0.3)]),
    "your_turn": (0.6, [_tone(523.3, 0.25), _tone(659.3, 0.25, start=0.12), _tone(784.0, 0.4, start=0.24)]),
}


def samples(length: float, parts: list[Callable[[float], float]]) -> list[float]:
    raw = [sum(p(i / RATE) for p in parts) for i in range(int(length * RATE))]
    gain = PEAK / max(abs(v) for v in raw)
    return [v * gain for v in raw]


def write_wav(path: Path, values: list[float]) -> None:
    frames = b"".join(struct.pack("<h", round(v * 32767)) for v in values)
    tmp = path.with_suffix(".tmp")
    with wave.open(str(tmp), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    tmp.replace(path)


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "assets" / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    for name, (length, parts) in SOUNDS.items():
        path = folder / f"{name}.wav"
        write_wav(path, samples(length, parts))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
