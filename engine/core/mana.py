"""Mana, mana costs and paying them (106, 107.4, 118, 202).

A cost is a tuple of mana symbols written without braces: "W", "2", "X", "C", "W/U" (hybrid),
"2/W" (monocolored hybrid), "W/P" (Phyrexian), "S" (snow). A mana pool counts mana by the letters
W U B R G C; how much of it a snow source produced is counted apart, by letter (107.4h: only that mana pays {S}).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product

COLORS = "WUBRG"
MANA_LETTERS = "WUBRGC"
_SYMBOL = re.compile(r"\{([^}]+)\}")


class ManaCostError(ValueError):
    pass


# Derived from a cost's symbols alone, asked at every cost paid or valued: by symbols.
_MANA_VALUES: dict[tuple[str, ...], int] = {}
_REQUIREMENTS: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[tuple[str, ...], ...], int, int]] = {}


@dataclass(frozen=True, slots=True)
class ManaCost:
    symbols: tuple[str, ...]

    @staticmethod
    def parse(text: str | None) -> "ManaCost":
        if not text:
            return ManaCost(())
        stripped = _SYMBOL.sub("", text).strip()
        if stripped:
            raise ManaCostError(f"not a mana cost: {text!r}")
        symbols = tuple(s.upper() for s in _SYMBOL.findall(text))
        for s in symbols:
            if not _valid_symbol(s):
                raise ManaCostError(f"unknown mana symbol {{{s}}} in {text!r}")
        return ManaCost(symbols)

    def __str__(self) -> str:
        return "".join("{" + s + "}" for s in self.symbols)

    @property
    def mana_value(self) -> int:
        """202.3: X counts as 0; a hybrid symbol counts its largest component."""
        known = _MANA_VALUES.get(self.symbols)
        if known is None:
            known = _MANA_VALUES[self.symbols] = self._count_mana_value()
        return known

    def _count_mana_value(self) -> int:
        total = 0
        for s in self.symbols:
            if s.isdigit():
                total += int(s)
            elif s in ("X", "Y", "Z"):
                continue
            elif "/" in s:
                parts = [p for p in s.split("/") if p != "P"]
                total += max(int(p) if p.isdigit() else 1 for p in parts)
            else:
                total += 1
        return total

    @property
    def x_count(self) -> int:
        return self.symbols.count("X")

    @property
    def colors(self) -> frozenset[str]:
        """202.2: an object's colors are the colors of the mana symbols in its cost."""
        return frozenset(c for s in self.symbols for c in s.split("/") if c in COLORS)

    def with_x(self, x: int) -> "ManaCost":
        if "X" not in self.symbols:
            return self
        out: list[str] = []
        for s in self.symbols:
            if s == "X":
                if x:
                    out.append(str(x))
            else:
                out.append(s)
        return ManaCost(tuple(out))

    def plus(self, other: "ManaCost") -> "ManaCost":
        if not other.symbols:
            return self
        return ManaCost(self.symbols + other.symbols)

    def generic(self) -> int:
        return sum(int(s) for s in self.symbols if s.isdigit())

    def reduced_generic(self, amount: int) -> "ManaCost":
        """601.2f cost reduction that only reduces the generic part."""
        keep = [s for s in self.symbols if not s.isdigit()]
        left = max(0, self.generic() - amount)
        return ManaCost(((str(left),) if left else ()) + tuple(keep))

    def reduced(self, by: "ManaCost") -> "ManaCost":
        """118.7: a reduction by generic and colored (or colorless) mana: each {C}/colored symbol removes one of
        that symbol from the cost, or else one generic mana (118.7b-d); the generic part reduces generic mana
        (118.7a)."""
        symbols = list(self.symbols)
        generic = by.generic()
        for sym in by.symbols:
            if sym.isdigit():
                continue
            if sym in symbols:
                symbols.remove(sym)
            else:
                generic += 1
        return ManaCost(tuple(symbols)).reduced_generic(generic)

    def is_empty(self) -> bool:
        return not self.symbols


def _valid_symbol(s: str) -> bool:
    if s.isdigit() or s in ("X", "Y", "Z", "S", "C") or s in COLORS:
        return True
    parts = s.split("/")
    if len(parts) == 2:
        a, b = parts
        if b == "P" and a in COLORS:
            return True
        if a in COLORS and b in COLORS:
            return True
        if a.isdigit() and b in COLORS:
            return True
        if a == "C" and b in COLORS:
            return True
    if len(parts) == 3 and parts[2] == "P" and parts[0] in COLORS and parts[1] in COLORS:
        return True
    return False


def pool_from_text(text: str) -> dict[str, int]:
    pool = {c: 0 for c in MANA_LETTERS}
    for ch in text.upper():
        if ch not in pool:
            raise ManaCostError(f"not a mana letter: {ch!r}")
        pool[ch] += 1
    return pool


def pool_text(pool: dict[str, int]) -> str:
    return "".join(c * pool.get(c, 0) for c in MANA_LETTERS)


@dataclass(frozen=True, slots=True)
class ManaSource:
    """Something that can add mana during payment: a permanent's mana ability costing only {T}."""
    object_id: int
    ability_index: int
    options: tuple[str, ...]     # each option is the mana it adds, e.g. ("R", "W") or ("CC",)
    rank: int                    # payment preference: lower is used first (lands before creatures)
    snow: bool = False           # a snow permanent: its mana may pay {S} (107.4h)
    # The mana ability adding each option, where the options come from several of the permanent's abilities (a pain
    # land's {C} and its colors); empty: all from `ability_index`.
    indices: tuple[int, ...] = ()

    def ranked(self, rank: int) -> "ManaSource":
        """This source with another rank (asked for each source of each payment planned: dataclasses.replace, which
        reads the fields one by one, is several times slower)."""
        return ManaSource(self.object_id, self.ability_index, self.options, rank, self.snow, self.indices)

    def index_of(self, option: str) -> int:
        """The mana ability that adds `option`."""
        return self.indices[self.options.index(option)] if self.indices else self.ability_index


@dataclass(frozen=True, slots=True)
class Payment:
    from_pool: str                          # letters of mana spent from the pool
    sources: tuple[tuple[int, int, str], ...]   # (object id, ability index, mana added)
    life: int                               # life paid for Phyrexian symbols (107.4f)
    # 106.6: the restrictions (their texts) whose mana in the pool this payment may spend
    spend_on: frozenset[str] = frozenset()


def _requirements(cost: ManaCost) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...], int, int]:
    """Splits a cost into exact colored needs, choice symbols (hybrid/Phyrexian), generic and snow ({S})."""
    known = _REQUIREMENTS.get(cost.symbols)
    if known is None:
        exact, choices, generic, snow = _split_requirements(cost)
        known = _REQUIREMENTS[cost.symbols] = (tuple(exact), tuple(choices), generic, snow)
    return known


def _split_requirements(cost: ManaCost) -> tuple[list[str], list[tuple[str, ...]], int, int]:
    exact: list[str] = []
    choices: list[tuple[str, ...]] = []
    generic = snow = 0
    for s in cost.symbols:
        if s.isdigit():
            generic += int(s)
        elif s in MANA_LETTERS:
            exact.append(s)
        elif s == "S":
            snow += 1
        elif "/" in s:
            parts = s.split("/")
            alts: list[str] = []
            for p in parts:
                if p == "P":
                    alts.append("life")
                elif p.isdigit():
                    alts.append("generic" + p)
                else:
                    alts.append(p)
            choices.append(tuple(alts))
        elif s in ("X", "Y", "Z"):
            raise ManaCostError("X must be chosen before paying")
    return exact, choices, generic, snow


def can_pay_from(mana: dict[str, int], cost: ManaCost, life_available: int,
                 snow: dict[str, int] | None = None) -> tuple[dict[str, int], int] | None:
    """If `mana` covers `cost`, returns (mana used by color, life paid); otherwise None. `snow`: how much of
    `mana`, by color, a snow source produced (107.4h: only that pays {S})."""
    plan = snow_payment(mana, cost, life_available, snow)
    return None if plan is None else plan[:2]


def snow_payment(mana: dict[str, int], cost: ManaCost, life_available: int,
                 snow: dict[str, int] | None = None) -> tuple[dict[str, int], int, dict[str, int]] | None:
    """can_pay_from, with the snow mana spent on the cost's {S} symbols, by color, as its third part. Colored
    symbols spend mana that isn't snow first and {S} the least needed snow mana, so snow mana is kept for {S}."""
    exact, choices, generic, snow_symbols = _requirements(cost)
    if not choices and not snow_symbols:
        return _plain_payment(mana, exact, generic, life_available)
    left = dict(mana)
    used = dict.fromkeys(MANA_LETTERS, 0)
    snow_left = {c: min(n, left.get(c, 0)) for c, n in (snow or {}).items() if n > 0}
    for c in exact:
        if left.get(c, 0) <= 0:
            return None
        if left[c] <= snow_left.get(c, 0):
            snow_left[c] -= 1       # only snow mana of that color is left
        left[c] -= 1
        used[c] += 1
    snow_used = dict.fromkeys(MANA_LETTERS, 0)
    for _ in range(snow_symbols):
        c = max((k for k, n in snow_left.items() if n > 0), key=lambda k: (k == "C", snow_left[k]), default=None)
        if c is None:
            return None
        snow_left[c] -= 1
        left[c] -= 1
        used[c] += 1
        snow_used[c] += 1
    best: tuple[dict[str, int], int] | None = None
    # Hybrid and Phyrexian symbols: try each combination (few symbols in practice); prefer no life.
    for combo in product(*choices) if choices else [()]:
        l2 = dict(left)
        u2 = dict(used)
        extra_generic = generic
        life = 0
        ok = True
        for alt in combo:
            if alt == "life":
                life += 2
            elif alt.startswith("generic"):
                extra_generic += int(alt[7:])
            elif l2.get(alt, 0) > 0:
                l2[alt] -= 1
                u2[alt] += 1
            else:
                ok = False
                break
        if not ok or life > life_available:
            continue
        if sum(l2.values()) < extra_generic:
            continue
        _spend_generic(l2, u2, extra_generic)
        if best is None or life < best[1]:
            best = (u2, life)
            if life == 0:
                break
    return None if best is None else (best[0], best[1], snow_used)


def _plain_payment(mana: dict[str, int], exact: tuple[str, ...], generic: int,
                   life_available: int) -> tuple[dict[str, int], int, dict[str, int]] | None:
    """snow_payment of a cost with neither hybrid, Phyrexian nor {S} symbols (most costs, asked for each set of
    sources the payment search tries): the same answer without the combinations and the snow bookkeeping."""
    if life_available < 0:
        return None
    left = dict(mana)
    used = dict.fromkeys(MANA_LETTERS, 0)
    for c in exact:
        if left.get(c, 0) <= 0:
            return None
        left[c] -= 1
        used[c] += 1
    if sum(left.values()) < generic:
        return None
    _spend_generic(left, used, generic)
    return used, 0, dict.fromkeys(MANA_LETTERS, 0)


def _spend_generic(left: dict[str, int], used: dict[str, int], need: int) -> None:
    """Spends generic mana from the least useful mana first: colorless, then colors with most left."""
    for c in sorted(left, key=lambda k: (k != "C", -left[k])):
        take = min(need, left[c])
        left[c] -= take
        used[c] += take
        need -= take


def find_payment(pool: dict[str, int], sources: list[ManaSource], cost: ManaCost,
                 life_available: int = 0, use_pool: bool = True, snow: dict[str, int] | None = None) -> Payment | None:
    """Finds a way to pay `cost` from the pool and then the fewest, most preferred sources. `snow`: the
    pool's mana a snow source produced, by color (107.4h).

    Sources are tried in rank order, smaller sets first (iterative deepening), so that no permanent is
    tapped needlessly and lands go before creatures.
    """
    # The answer depends on the arguments alone: a payment planned again on a copy of the game (the options a
    # decision simulates) is looked up (a Payment is frozen).
    key = (tuple(pool.items()), tuple(sources), cost.symbols, life_available, use_pool,
           tuple(snow.items()) if snow else ())
    try:
        return _PAYMENTS[key]
    except KeyError:
        pass
    if len(_PAYMENTS) > 4096:
        _PAYMENTS.clear()
    found = _PAYMENTS[key] = _find_payment(pool, sources, cost, life_available, use_pool, snow)
    return found


# find_payment's answers by its arguments
_PAYMENTS: dict[tuple, "Payment | None"] = {}


def _find_payment(pool: dict[str, int], sources: list[ManaSource], cost: ManaCost, life_available: int,
                  use_pool: bool, snow: dict[str, int] | None) -> Payment | None:
    base = dict(pool) if use_pool else {c: 0 for c in MANA_LETTERS}
    base_snow = dict(snow or {}) if use_pool else {}
    if quick_verdict(base, sources, cost) is False:
        return None
    ordered = sorted(sources, key=lambda s: (s.rank, s.options, s.object_id))
    total_needed = max(0, _mana_amount(cost) - sum(base.values()))
    most = max((len(opt) for s in ordered for opt in s.options), default=1) or 1
    # Fewer sources than this can't produce enough mana: those searches would only fail.
    fewest = max(1, -(-total_needed // most))
    # Phyrexian symbols are paid with life (107.4f) only when mana can't do it.
    for life in sorted({0, life_available}):
        result = can_pay_from(base, cost, life, base_snow)
        if result is not None:
            used, paid_life = result
            return Payment(from_pool=pool_text(used), sources=(), life=paid_life)
        for limit in range(fewest, len(ordered) + 1):
            found = _search_limited(ordered, base, cost, life, limit, total_needed, most, base_snow)
            if found is not None:
                return found
    return None


def quick_verdict(pool: dict[str, int], sources: list[ManaSource], cost: ManaCost) -> bool | None:
    """Whether `cost` can be paid, when counting settles it: False if the pool and the sources (each at
    its most productive option) lack mana in all or of a color the cost's colored symbols need; True
    if they have enough and the cost is generic and colored symbols only, paid from sources that
    each add one mana of one color. None when only the full search can tell."""
    colored: dict[str, int] = {}
    simple = True
    for s in cost.symbols:
        if s in MANA_LETTERS:
            colored[s] = colored.get(s, 0) + 1
        elif s in ("X", "Y", "Z"):
            return None         # the payer itself says X must be chosen first
        elif not s.isdigit():
            simple = False      # hybrid, Phyrexian, snow
    have = sum(pool.values())
    single: dict[str, int] = {}       # sources that add one mana of one kind (basic lands), by kind
    others: list[ManaSource] = []
    for src in sources:
        options = src.options
        if len(options) == 1 and len(options[0]) == 1:
            single[options[0]] = single.get(options[0], 0) + 1
        else:
            others.append(src)
            have += max((len(opt) for opt in options), default=0)
    have += len(sources) - len(others)
    if have < _mana_amount(cost):
        return False
    for c, n in colored.items():
        have_c = pool.get(c, 0) + single.get(c, 0)
        for src in others:
            have_c += max((opt.count(c) for opt in src.options), default=0)
        if have_c < n:
            return False
    return True if simple and not others else None


def _mana_amount(cost: ManaCost) -> int:
    n = 0
    for s in cost.symbols:
        if s.isdigit():
            n += int(s)
        elif s.endswith("/P"):
            continue
        else:
            n += 1
    return n


def _search_limited(ordered: list[ManaSource], base: dict[str, int], cost: ManaCost,
                    life_available: int, limit: int, total_needed: int, most: int,
                    base_snow: dict[str, int]) -> Payment | None:
    chosen: list[tuple[ManaSource, str]] = []
    mana = dict(base)
    snow = dict(base_snow)

    def go(i: int, produced: int) -> Payment | None:
        if produced + (limit - len(chosen)) * most < total_needed:
            return None
        if len(chosen) == limit:
            if produced < total_needed:
                return None
            res = can_pay_from(mana, cost, life_available, snow)
            if res is None:
                return None
            used, life = res
            from_pool = {c: min(used[c], base.get(c, 0)) for c in MANA_LETTERS}
            return Payment(from_pool=pool_text(from_pool),
                           sources=tuple((s.object_id, s.index_of(opt), opt) for s, opt in chosen),
                           life=life)
        if len(ordered) - i < limit - len(chosen):
            return None
        src = ordered[i]
        for opt in src.options:
            for ch in opt:
                mana[ch] = mana.get(ch, 0) + 1
                if src.snow:
                    snow[ch] = snow.get(ch, 0) + 1
            chosen.append((src, opt))
            found = go(i + 1, produced + len(opt))
            chosen.pop()
            for ch in opt:
                mana[ch] -= 1
                if src.snow:
                    snow[ch] -= 1
            if found is not None:
                return found
        # Skipping this source: skip its identical twins too, or the same set is tried many times.
        j = i + 1
        while j < len(ordered) and ordered[j].rank == src.rank and ordered[j].options == src.options \
                and ordered[j].snow == src.snow:
            j += 1
        return go(j, produced)

    return go(0, 0)
