"""Card search queries in the syntax players know from Scryfall and Cockatrice.

`parse(text)` tokenizes and parses a query into an AST (recursive descent):

    query   := or_expr END
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary ("and"? unary)*
    unary   := "-" unary | "(" or_expr ")" | term
    term    := word | "quoted phrase" | !name | key op value      op: : = != < <= > >=

`compile_query(ast)` turns it into an SQL condition over `cards` with `?` parameters: user text
only ever travels as a parameter. Colors follow 105.1 (WUBRG), color identity 903.4, mana value
202.3, permanents 110.4.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Union

from . import limits
from .carddata import (COLOR_BITS, PERMANENT_TYPES, RARITY_RANK, SUPERTYPES, TYPE_ALIASES, TYPE_BITS,
                       fold_name)


class QueryError(ValueError):
    """A malformed query. `position` is the 0-based character index of the problem."""

    def __init__(self, message: str, position: int, query: str = ""):
        super().__init__(f"{message} (at character {position + 1})")
        self.reason = message
        self.position = position
        self.query = query

    def pointer(self) -> str:
        """The query with a caret line under the problem."""
        return f"{self.query}\n{' ' * self.position}^"


# -- tokens ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    kind: str  # "(" ")" "-" "or" "and" "term" "end"
    pos: int
    key: str | None = None
    op: str | None = None
    value: str = ""
    quoted: bool = False
    exact: bool = False


_KEY_OP = re.compile(r"([A-Za-z]+)(<=|>=|!=|:|=|<|>)")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_STOP = " \t\r\n()"


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch in "()":
            tokens.append(Token(ch, i))
            i += 1
            continue
        if ch == "-" and i + 1 < n and not text[i + 1].isspace() and text[i + 1] != ")":
            tokens.append(Token("-", i))
            i += 1
            continue
        start = i
        exact = False
        if ch == "!":
            exact = True
            i += 1
            if i >= n or text[i].isspace():
                raise QueryError("'!' must be followed by a card name", start, text)
        match = None if exact else _KEY_OP.match(text, i)
        key = op = None
        if match:
            key, op = match.group(1).lower(), match.group(2)
            i = match.end()
            if i >= n or text[i] in _STOP:
                raise QueryError(f"'{key}{op}' needs a value", i, text)
        value, quoted, i = _read_value(text, i)
        if key is None and not quoted and value.lower() in ("or", "and"):
            tokens.append(Token(value.lower(), start))
            continue
        tokens.append(Token("term", start, key, op, value, quoted, exact))
    tokens.append(Token("end", n))
    return tokens


def _read_value(text: str, i: int) -> tuple[str, bool, int]:
    if text[i] in "\"'" and (text[i] == '"' or i == 0 or not text[i - 1].isalnum()):
        quote = text[i]
        end = text.find(quote, i + 1)
        if end < 0:
            raise QueryError("unclosed quote", i, text)
        if end == i + 1:
            raise QueryError("empty quotes", i, text)
        return text[i + 1:end], True, end + 1
    start = i
    while i < len(text) and text[i] not in _STOP:
        i += 1
    return text[start:i], False, i


# -- AST ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Term:
    key: str | None  # None: a bare word or phrase (matches the name)
    op: str
    value: str
    pos: int
    exact: bool = False


@dataclass(frozen=True)
class Not:
    node: "Node"


@dataclass(frozen=True)
class And:
    nodes: tuple["Node", ...]


@dataclass(frozen=True)
class Or:
    nodes: tuple["Node", ...]


Node = Union[Term, Not, And, Or]


class _Parser:
    def __init__(self, text: str):
        if len(text) > limits.QUERY_CHARS:
            raise QueryError(f"the query is longer than {limits.QUERY_CHARS} characters",
                             limits.QUERY_CHARS, text[:limits.QUERY_CHARS])
        bad = next((i for i, ch in enumerate(text) if "\ud800" <= ch <= "\udfff"), None)
        if bad is not None:  # bytes of another encoding on a command line: no card holds them
            raise QueryError("the query holds bytes that are not text", bad, text.encode("utf-8", "replace").decode())
        self.text = text
        self.tokens = tokenize(text)
        terms = [t for t in self.tokens if t.kind == "term"]
        if len(terms) > limits.QUERY_TERMS:
            raise QueryError(f"more than {limits.QUERY_TERMS} search terms",
                             terms[limits.QUERY_TERMS].pos, text)
        self.i = 0
        self.depth = 0

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def error(self, message: str, tok: Token) -> QueryError:
        return QueryError(message, tok.pos, self.text)

    def parse(self) -> Node | None:
        if self.peek().kind == "end":
            return None
        node = self.or_expr()
        tok = self.peek()
        if tok.kind == ")":
            raise self.error("')' without a matching '('", tok)
        if tok.kind != "end":
            raise self.error(f"unexpected {tok.kind!r}", tok)
        return node

    def or_expr(self) -> Node:
        nodes = [self.and_expr()]
        while self.peek().kind == "or":
            self.take()
            nodes.append(self.and_expr())
        return nodes[0] if len(nodes) == 1 else Or(tuple(nodes))

    def and_expr(self) -> Node:
        nodes = [self.unary()]
        while self.peek().kind not in ("or", ")", "end"):
            if self.peek().kind == "and":
                self.take()
            nodes.append(self.unary())
        return nodes[0] if len(nodes) == 1 else And(tuple(nodes))

    def unary(self) -> Node:
        tok = self.take()
        if tok.kind in ("-", "(") and self.depth >= limits.QUERY_DEPTH:
            raise self.error(f"nested more than {limits.QUERY_DEPTH} levels deep", tok)
        if tok.kind == "-":
            self.depth += 1
            try:
                return Not(self.unary())
            finally:
                self.depth -= 1
        if tok.kind == "(":
            self.depth += 1
            try:
                return self._group(tok)
            finally:
                self.depth -= 1
        return self._term(tok)

    def _group(self, tok: Token) -> Node:
        if self.peek().kind == ")":
            raise self.error("empty parentheses", tok)
        node = self.or_expr()
        if self.peek().kind != ")":
            raise self.error("'(' is never closed", tok)
        self.take()
        return node

    def _term(self, tok: Token) -> Node:
        if tok.kind == "term":
            if tok.key is not None:
                return Term(tok.key, tok.op or ":", tok.value, tok.pos)
            return Term(None, ":", tok.value, tok.pos, tok.exact)
        if tok.kind == "end":
            raise self.error("the query ends where a search term is expected", tok)
        if tok.kind == ")":
            raise self.error("')' without a matching '('", tok)
        raise self.error(f"'{tok.kind}' needs a search term on both sides", tok)


def parse(text: str) -> Node | None:
    """Parse a query; None for an empty query (which matches every card)."""
    return _Parser(text).parse()


# -- compilation -----------------------------------------------------------------------------
KEYS = {
    "name": "name", "n": "name", "t": "type", "type": "type", "o": "oracle", "oracle": "oracle",
    "text": "oracle", "c": "color", "color": "color", "colors": "color", "ci": "identity",
    "id": "identity", "identity": "identity", "mv": "mv", "cmc": "mv", "manavalue": "mv",
    "pow": "power", "power": "power", "tou": "toughness", "toughness": "toughness",
    "loy": "loyalty", "loyalty": "loyalty", "r": "rarity", "rarity": "rarity", "s": "set",
    "e": "set", "set": "set", "edition": "set", "f": "format", "format": "format",
    "legal": "format", "banned": "banned", "restricted": "restricted", "is": "is", "not": "not",
    "kw": "keyword", "keyword": "keyword", "m": "mana", "mana": "mana", "a": "artist",
    "artist": "artist",
}
NUMERIC_COLUMNS = {"mv": "mana_value", "power": "power_num", "toughness": "toughness_num",
                   "loyalty": "loyalty_num"}
NUMERIC_FIELDS = {"mv": "mana_value", "cmc": "mana_value", "manavalue": "mana_value",
                  "pow": "power_num", "power": "power_num", "tou": "toughness_num",
                  "toughness": "toughness_num", "loy": "loyalty_num", "loyalty": "loyalty_num"}
TEXT_OPS = (":", "=", "!=")
SQL_OPS = {":": "=", "=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

COLOR_NAMES = {
    "white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C",
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GUR",
}
RARITY_ALIASES = {"c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special",
                  "b": "bonus", "mythic rare": "mythic"}

_PERM_MASK = sum(TYPE_BITS[t] for t in PERMANENT_TYPES)
IS_CONDITIONS: dict[str, tuple[str, tuple[object, ...]]] = {
    "permanent": ("(type_bits & ?) != 0", (_PERM_MASK,)),
    "spell": ("(type_bits & ?) = 0 AND type_bits != 0", (TYPE_BITS["Land"],)),
    "historic": ("((type_bits & ?) != 0 OR supertypes LIKE '%Legendary%' OR subtypes LIKE '%Saga%')",
                 (TYPE_BITS["Artifact"],)),
    "vanilla": ("(type_bits & ?) != 0 AND coalesce(oracle_text, '') = ''", (TYPE_BITS["Creature"],)),
    "multicolor": ("color_count >= 2", ()), "multicolored": ("color_count >= 2", ()),
    "monocolor": ("color_count = 1", ()), "monocolored": ("color_count = 1", ()),
    "colorless": ("color_count = 0", ()),
    "commander": ("((supertypes LIKE '%Legendary%' AND ((type_bits & ?) != 0 OR subtypes LIKE "
                  "'%Vehicle%' OR (subtypes LIKE '%Spacecraft%' AND power IS NOT NULL))) "
                  "OR oracle_text LIKE '%can be your commander%')", (TYPE_BITS["Creature"],)),
    "split": ("layout = 'split'", ()), "flip": ("layout = 'flip'", ()),
    "transform": ("layout = 'transform'", ()), "meld": ("layout = 'meld'", ()),
    "adventure": ("layout = 'adventure'", ()), "mdfc": ("layout = 'modal_dfc'", ()),
    "modal": ("layout = 'modal_dfc'", ()),
    "dfc": ("layout IN ('transform', 'modal_dfc', 'meld', 'double_faced')", ()),
    "hybrid": ("mana_cost GLOB '*{[WUBRG2]/[WUBRG]}*'", ()),
    "phyrexian": ("mana_cost LIKE '%/P}%'", ()),
}
for _type, _bit in TYPE_BITS.items():
    IS_CONDITIONS[_type.lower()] = ("(type_bits & ?) != 0", (_bit,))
IS_CONDITIONS["tribal"] = IS_CONDITIONS["kindred"]
for _super in ("legendary", "basic", "snow", "world"):
    IS_CONDITIONS[_super] = ("supertypes LIKE ?", (f"%{_super}%",))


def _like(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class _Compiler:
    def __init__(self, text: str, formats: Mapping[str, int]):
        self.text = text
        self.formats = formats

    def error(self, message: str, term: Term) -> QueryError:
        return QueryError(message, term.pos, self.text)

    def node(self, node: Node) -> tuple[str, list[object]]:
        if isinstance(node, And) or isinstance(node, Or):
            parts = [self.node(n) for n in node.nodes]
            joiner = " AND " if isinstance(node, And) else " OR "
            return ("(" + joiner.join(p[0] for p in parts) + ")",
                    [param for p in parts for param in p[1]])
        if isinstance(node, Not):
            sql, params = self.node(node.node)
            return f"NOT coalesce({sql}, 0)", params
        return self.term(node)

    def term(self, term: Term) -> tuple[str, list[object]]:
        if term.key is None:
            if term.exact:
                return ("id IN (SELECT card_id FROM card_names WHERE name_key = ?)",
                        [fold_name(term.value)])
            return "name_key LIKE ? ESCAPE '\\'", [_like(fold_name(term.value))]
        kind = KEYS.get(term.key)
        if kind is None:
            raise self.error(f"unknown search key '{term.key}'", term)
        if kind in ("mv", "power", "toughness", "loyalty"):
            return self.numeric(term, NUMERIC_COLUMNS[kind])
        if kind in ("color", "identity"):
            return self.color(term, "color_bits" if kind == "color" else "identity_bits",
                              ">=" if kind == "color" else "<=")
        if kind == "rarity":
            return self.rarity(term)
        if term.op not in TEXT_OPS:
            raise self.error(f"'{term.key}' takes ':' or '=', not '{term.op}'", term)
        sql, params = self.text_term(kind, term)
        if term.op == "!=":
            return f"NOT coalesce({sql}, 0)", params
        return sql, params

    def text_term(self, kind: str, term: Term) -> tuple[str, list[object]]:
        value = term.value
        if kind == "name":
            if term.op == "=":
                return ("id IN (SELECT card_id FROM card_names WHERE name_key = ?)",
                        [fold_name(value)])
            return "name_key LIKE ? ESCAPE '\\'", [_like(fold_name(value))]
        if kind == "type":
            card_type = TYPE_ALIASES.get(value.capitalize(), value.capitalize())
            if card_type in TYPE_BITS:   # a card type: a bit test is cheaper than LIKE
                return "(type_bits & ?) != 0", [TYPE_BITS[card_type]]
            if card_type in SUPERTYPES:
                return "supertypes LIKE ?", [f"%{card_type}%"]
            return "type_line LIKE ? ESCAPE '\\'", [_like(value)]
        if kind == "oracle":
            if "~" in value:
                return "replace(oracle_text, name, '~') LIKE ? ESCAPE '\\'", [_like(value)]
            return "oracle_text LIKE ? ESCAPE '\\'", [_like(value)]
        if kind == "keyword":
            return "keyword_key LIKE ? ESCAPE '\\'", [_like(value.casefold())]
        if kind == "mana":
            cost = _mana_symbols(value)
            if term.op == "=":
                return "mana_cost = ?", [cost]
            return "mana_cost LIKE ? ESCAPE '\\'", [_like(cost)]
        if kind == "set":
            return "id IN (SELECT card_id FROM printings WHERE set_code = ?)", [value.upper()]
        if kind == "artist":
            return ("id IN (SELECT card_id FROM printings WHERE artist LIKE ? ESCAPE '\\')",
                    [_like(value)])
        if kind in ("format", "banned", "restricted"):
            bit = self.formats.get(value.lower())
            if bit is None:
                known = ", ".join(sorted(self.formats)) or "none: the database has no legalities"
                raise self.error(f"unknown format '{value}' (known: {known})", term)
            column = {"format": "legal_bits", "banned": "banned_bits",
                      "restricted": "restricted_bits"}[kind]
            return f"({column} & ?) != 0", [1 << bit]
        condition = IS_CONDITIONS.get(value.lower())
        if condition is None:
            raise self.error(f"unknown '{term.key}:' value '{value}' (known: "
                             + ", ".join(sorted(IS_CONDITIONS)) + ")", term)
        sql, params = f"({condition[0]})", list(condition[1])
        if kind == "not":
            return f"NOT coalesce({sql}, 0)", params
        return sql, params

    def numeric(self, term: Term, column: str) -> tuple[str, list[object]]:
        op = SQL_OPS[term.op]
        if op != "=":
            # A range matches a large share of cards: scanning beats walking the index (the
            # unary + keeps SQLite from using it).
            column = f"+{column}"
        other = NUMERIC_FIELDS.get(term.value.lower())
        if other:
            return f"{column} {op} {other}", []
        if not _DECIMAL.fullmatch(term.value):     # float() reads "nan" and "inf" too: no card has those
            raise self.error(f"'{term.key}' needs a number, not '{term.value}'", term)
        return f"{column} {op} ?", [float(term.value)]

    def color(self, term: Term, column: str, default_op: str) -> tuple[str, list[object]]:
        value = term.value.lower()
        op = default_op if term.op == ":" else term.op
        if value.isascii() and value.isdigit() and column == "color_bits":
            # a count of colors (0-5): any longer number compares as one past them all
            return f"color_count {SQL_OPS[term.op]} ?", [int(value) if len(value) <= 2 else 99]
        if value in ("m", "multi", "multicolor", "multicolored"):
            if term.op not in (":", "="):
                raise self.error(f"'{term.key}:m' takes ':' only", term)
            return f"{column} NOT IN (0, 1, 2, 4, 8, 16)", []
        letters = COLOR_NAMES.get(value)
        if letters is None:
            if not value or any(ch not in "wubrgc" for ch in value):
                raise self.error(f"'{term.value}' is not a color (use letters from WUBRGC or a "
                                 "color name)", term)
            letters = value.upper()
        if "C" in letters:
            if letters != "C":
                raise self.error("colorless (c) cannot be combined with colors", term)
            return f"{column} = 0", []
        mask = sum(COLOR_BITS[ch] for ch in set(letters))
        superset = f"({column} & ?) = ?"
        subset = f"({column} | ?) = ?"
        if op == "=":
            return f"{column} = ?", [mask]
        if op == "!=":
            return f"{column} != ?", [mask]
        if op == ">=":
            return superset, [mask, mask]
        if op == "<=":
            return subset, [mask, mask]
        if op == ">":
            return f"{superset} AND {column} != ?", [mask, mask, mask]
        return f"{subset} AND {column} != ?", [mask, mask, mask]

    def rarity(self, term: Term) -> tuple[str, list[object]]:
        name = RARITY_ALIASES.get(term.value.lower(), term.value.lower())
        if name not in RARITY_RANK:
            raise self.error(f"unknown rarity '{term.value}' (common, uncommon, rare, mythic, "
                             "special, bonus)", term)
        op = SQL_OPS[term.op]
        return (f"id IN (SELECT card_id FROM printings WHERE rarity_rank {op} ?)",
                [RARITY_RANK[name]])


def _mana_symbols(value: str) -> str:
    if "{" in value:
        return value.upper()
    return "".join(f"{{{sym}}}" for sym in re.findall(r"\d+|[A-Za-z]", value.upper()))


def compile_query(text: str, formats: Mapping[str, int] | None = None) -> tuple[str, list[object]]:
    """SQL condition (over table `cards`) and its parameters for a query. `formats` maps format
    names to their bit in the cards' legality masks (table `formats`)."""
    node = parse(text)
    if node is None:
        return "1", []
    return _Compiler(text, formats or {}).node(node)


SORTS = {
    "name": "name_key",
    "mv": "mana_value, name_key", "cmc": "mana_value, name_key", "mana_value": "mana_value, name_key",
    "color": "color_sort, name_key", "type": "type_sort, name_key",
}
