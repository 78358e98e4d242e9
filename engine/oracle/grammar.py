"""A small template matcher for Oracle-text clauses.

A template is literal text with typed slots, e.g. "{who:player} draw[s] {n:count} card[s]". Square
brackets mark optional text. Matching tries every way of splitting the text among the slots (the
clauses are short) and hands each slot's text to its phrase parser; the first split where every
slot parses wins. Parsers may record targets in the context, so a failed attempt rolls the context
back.

Speed: nothing of the following changes what a sentence reads as; each only skips attempts bound to
fail. A grammar offers a sentence only the templates whose words it holds (`Grammar.candidates`), in
their order. Each template keeps a regular expression of its literals in order, with one character or
more for each slot (`Template.shape`): a text that doesn't fit it isn't tried, and a slot's text ends
only where the rest of the template still fits. A phrase parser that failed on a beginning of the
sentence isn't asked again for another template (`Grammar.parse`).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Callable

from engine.core.abilities import Ref, TargetSpec


class Unreadable(Exception):
    """A sentence the compiler can't read."""


@dataclass
class Context:
    """What the sentences of one ability have introduced so far: its targets and what "it",
    "that player" and the like refer to."""
    targets: list[TargetSpec] = field(default_factory=list)
    last: tuple[Ref, ...] | None = None          # "it", "that creature", "they"
    last_player: Ref | None = None               # "that player", "they"
    subject: Ref | None = None                   # the subject a following "and ..." clause shares
    trigger_player: Ref | None = None            # "that player" in a trigger that names a player
    is_spell: bool = False
    card_name: str = ""
    flags: dict[str, Any] = field(default_factory=dict)

    def mark(self) -> tuple:
        return (len(self.targets), self.last, self.last_player, self.subject, dict(self.flags))

    def reset(self, m: tuple) -> None:
        n, self.last, self.last_player, self.subject, self.flags = m
        del self.targets[n:]

    def add_target(self, spec: TargetSpec) -> Ref:
        self.targets.append(spec)
        return Ref("target", len(self.targets) - 1)


Parser = Callable[[Context, str], Any]
_SLOT = re.compile(r"\{(\w+):(\w+)\}")


def _expand(template: str) -> list[str]:
    """Every variant of a template: [optional] parts present or absent, one of (a|b) alternatives."""
    parts = re.split(r"(\[[^\]]*\]|\([^)]*\|[^)]*\))", template)

    def options(p: str) -> list[str]:
        if p.startswith("["):
            return [p[1:-1], ""]
        if p.startswith("(") and "|" in p:
            return p[1:-1].split("|")
        return [p]
    choices = [options(p) for p in parts]
    out = []
    for combo in product(*choices):
        t = re.sub(r" +", " ", "".join(combo)).strip()
        out.append(t)
    return list(dict.fromkeys(out))


def _shape(parts: list[tuple[str, str, Parser | None]]) -> re.Pattern:
    """What a text must look like for these parts to match it from a given position to its end: the
    literals, in order, with one character or more for each slot."""
    return re.compile("".join(re.escape(val) if kind == "lit" else "(?:.+?)" for kind, val, _ in parts) + r"\Z",
                      re.DOTALL)


class Template:
    def __init__(self, text: str, parsers: dict[str, Parser]) -> None:
        self.text = text
        self.parts: list[tuple[str, str, Parser | None]] = []
        pos = 0
        for m in _SLOT.finditer(text):
            if m.start() > pos:
                self.parts.append(("lit", text[pos:m.start()], None))
            self.parts.append(("slot", m.group(1), parsers[m.group(2)]))
            pos = m.end()
        if pos < len(text):
            self.parts.append(("lit", text[pos:], None))
        # shapes[i]: the parts from i on, matched from a position in the text (see _rec)
        self.shapes = [_shape(self.parts[i:]) for i in range(len(self.parts))]
        self.shape = self.shapes[0]
        # Its longest literal, looked for first: cheaper than the shape, and most texts lack it.
        self.key = max((val for kind, val, _ in self.parts if kind == "lit"), key=len, default="")
        # The words every text it matches holds whole, between spaces: "deals", "damage" and "to" of
        # "{src:source} deals {n:amount} damage to {to:obj}". A slot stands as "\0": no word touching it counts.
        skeleton = "".join(val if kind == "lit" else "\0" for kind, val, _ in self.parts)
        self.words = [w for w in skeleton.split(" ") if w and "\0" not in w]

    def fits(self, text: str) -> bool:
        """Whether the text holds the template's literals in their order, as every match must."""
        return self.key in text and self.shape.match(text) is not None

    def match(self, ctx: Context, text: str, failed: set[tuple[Parser, int]] | None = None) -> dict[str, Any] | None:
        """The slots' values, or None. `failed` holds the (parser, end) pairs known to fail on the text's
        beginning in this context (Grammar.parse); the first slot's failures are added to it."""
        if not self.fits(text):
            return None
        return self._rec(ctx, text, 0, 0, {}, set() if failed is None else failed)

    def _rec(self, ctx: Context, text: str, i: int, pos: int, acc: dict[str, Any],
             failed: set[tuple[Parser, int]]) -> dict[str, Any] | None:
        if i == len(self.parts):
            return acc if pos == len(text) else None
        kind, val, parser = self.parts[i]
        if kind == "lit":
            if text.startswith(val, pos):
                return self._rec(ctx, text, i + 1, pos + len(val), acc, failed)
            return None
        if i + 1 < len(self.parts):
            # The slot ends where the next part's text begins, and the rest of the template still fits there.
            nxt, rest = self.parts[i + 1][1], self.shapes[i + 1]
            ends = []
            j = text.find(nxt, pos + 1)
            while j >= 0:
                if rest.match(text, j):
                    ends.append(j)
                j = text.find(nxt, j + 1)
        else:
            ends = [len(text)] if len(text) > pos else []
        for j in ends:
            if i == 0 and (parser, j) in failed:
                continue
            mark = ctx.mark()
            try:
                v = parser(ctx, text[pos:j])
            except Unreadable:
                v = None
            if v is not None:
                r = self._rec(ctx, text, i + 1, j, {**acc, val: v}, failed)
                if r is not None:
                    return r
            elif i == 0:
                failed.add((parser, j))
            ctx.reset(mark)
        return None


Builder = Callable[..., Any]


class Grammar:
    """An ordered list of templates, each with the function that builds the result from its slots."""

    def __init__(self, parsers: dict[str, Parser]) -> None:
        self.parsers = parsers
        self.rules: list[tuple[Template, Builder]] = []
        self._index: tuple[dict[str, list[int]], list[int]] | None = None

    def rule(self, *templates: str) -> Callable[[Builder], Builder]:
        def deco(fn: Builder) -> Builder:
            for t in templates:
                for variant in _expand(t):
                    self.rules.append((Template(variant, self.parsers), fn))
            self._index = None
            return fn
        return deco

    def candidates(self, text: str) -> list[tuple[Template, Builder]]:
        """The rules that may match a text, in the grammar's order: each rule is filed under one of the
        words its texts hold whole (the one fewest rules hold), and a text is offered the rules filed under
        its own words, and those without a whole word ("{what:obj} {b:becomes}")."""
        if self._index is None:
            self._index = self._file_rules()
        by_word, wordless = self._index
        found = list(wordless)
        for word in set(text.split(" ")):
            found += by_word.get(word, ())
        found.sort()
        return [self.rules[i] for i in found]

    def _file_rules(self) -> tuple[dict[str, list[int]], list[int]]:
        rules_holding = Counter(w for tpl, _ in self.rules for w in set(tpl.words))
        by_word: dict[str, list[int]] = {}
        wordless: list[int] = []
        for i, (tpl, _) in enumerate(self.rules):
            if tpl.words:
                by_word.setdefault(min(tpl.words, key=lambda w: rules_holding[w]), []).append(i)
            else:
                wordless.append(i)
        return by_word, wordless

    def parse(self, ctx: Context, text: str) -> Any:
        # Every template starts from the same context (a failed attempt rolls it back), so a phrase parser
        # that failed on a beginning of the text fails there again: each is tried once for this text.
        failed: set[tuple[Parser, int]] = set()
        for tpl, build in self.candidates(text):
            if not tpl.fits(text):
                continue
            mark = ctx.mark()
            slots = tpl.match(ctx, text, failed)
            if slots is None:
                continue
            try:
                out = build(ctx, **slots)
            except Unreadable:
                out = None
            if out is not None:
                return out
            ctx.reset(mark)
        return None
