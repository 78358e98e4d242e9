"""Card faces drawn with Pillow from card data: frame in the card's colors (105.2, 202.2), name, mana cost
(202.1), type line (205), rules text fitted to its box, power/toughness (208) or loyalty (209); and a card back.

Pure Pillow: no Qt here, so faces can be rendered on any thread and tested without a display.
"""
from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from app.wording import card_text

RENDER_VERSION = 3
ASPECT = 88 / 63  # a card is 63 x 88 mm

FRAME_COLORS: dict[str, tuple[int, int, int]] = {
    "W": (236, 229, 203), "U": (86, 143, 203), "B": (84, 78, 80), "R": (212, 98, 72), "G": (84, 152, 98),
}
GOLD = (214, 180, 96)
COLORLESS = (182, 184, 190)
LAND = (172, 146, 116)
SYMBOL_COLORS: dict[str, tuple[int, int, int]] = {
    "W": (250, 246, 222), "U": (76, 150, 214), "B": (92, 86, 88), "R": (228, 96, 72), "G": (66, 156, 90),
    "C": (206, 206, 210),
}
GENERIC_SYMBOL = (204, 200, 196)
BASIC_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}  # 305.6
_SYMBOL = re.compile(r"\{([^}]+)\}")
_FONT_FILES = {
    "regular": ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "Arial.ttf", "arial.ttf", "Helvetica.ttc"),
    "bold": ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf", "Helvetica.ttc"),
}


@dataclass(frozen=True)
class CardFace:
    """What is printed on a card, taken from a snapshot object or a card-database row."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    text: str = ""
    colors: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None

    @classmethod
    def from_obj(cls, obj: dict) -> "CardFace":
        def opt(key: str) -> str | None:
            value = obj.get(key)
            return None if value is None else str(value)

        return cls(
            name=str(obj.get("name", "")),
            mana_cost=str(obj.get("mana_cost") or ""),
            type_line=str(obj.get("type_line") or ""),
            text=card_text(str(obj.get("text") or ""), str(obj.get("name", ""))),
            colors=str(obj.get("colors") or ""),
            power=opt("power"), toughness=opt("toughness"), loyalty=opt("loyalty"),
        )

    @classmethod
    def other_face(cls, obj: dict) -> "CardFace | None":
        """The face of a multi-faced card that isn't up (712.6: a player may look at both sides): the
        back of a double-faced card, the flipped half of a flip card, an Adventure, the other half of a
        split card on the stack; None for a card with one face."""
        for face in obj.get("faces") or ():
            if face.get("name") and face["name"] != obj.get("name") and face["name"] not in \
                    str(obj.get("name", "")).split(" // "):
                return cls.from_obj(face)
        return None

    @property
    def is_land(self) -> bool:
        return "Land" in self.type_line.split("—")[0].split()

    def cache_key(self, width: int) -> str:
        fields = (RENDER_VERSION, self.name, self.mana_cost, self.type_line, self.text, self.colors,
                  self.power, self.toughness, self.loyalty, width)
        return hashlib.sha1(repr(fields).encode()).hexdigest()


def card_height(width: int) -> int:
    return round(width * ASPECT)


@lru_cache(maxsize=64)
def font(style: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A TrueType font of that style and pixel size: a common system font, else Pillow's own."""
    size = max(6, int(size))
    for name in _FONT_FILES[style]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def frame_color(face: CardFace) -> tuple[int, int, int] | tuple[tuple[int, int, int], tuple[int, int, int]]:
    """One color, or two for a two-colored card (drawn as a gradient); gold for three or more."""
    colors = [c for c in "WUBRG" if c in face.colors.upper()]
    if len(colors) == 1:
        return FRAME_COLORS[colors[0]]
    if len(colors) == 2:
        return FRAME_COLORS[colors[0]], FRAME_COLORS[colors[1]]
    if len(colors) > 2:
        return GOLD
    if face.is_land:
        produced = [c for land, c in BASIC_TYPES.items() if land in face.type_line]
        if len(produced) == 1:
            return _mix(LAND, FRAME_COLORS[produced[0]], 0.55)
        return LAND
    return COLORLESS


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _gradient(size: tuple[int, int], left: tuple[int, int, int], right: tuple[int, int, int]) -> Image.Image:
    strip = Image.new("RGB", (256, 1))
    strip.putdata([_mix(left, right, i / 255) for i in range(256)])
    return strip.resize(size, Image.Resampling.BILINEAR)


def split_symbols(cost: str) -> list[str]:
    """`{2}{W/U}{R}` -> ['2', 'W/U', 'R']."""
    return _SYMBOL.findall(cost or "")


def draw_symbol(draw: ImageDraw.ImageDraw, symbol: str, x: float, y: float, d: float) -> None:
    """A mana symbol (107.4) as a colored circle with its letter or number, top-left at (x, y)."""
    box = [x, y, x + d, y + d]
    parts = symbol.upper().split("/")
    colored = [p for p in parts if p in SYMBOL_COLORS]
    if len(colored) == 2:  # hybrid (107.4e): half one color, half the other
        draw.pieslice(box, 135, 315, fill=SYMBOL_COLORS[colored[0]])
        draw.pieslice(box, -45, 135, fill=SYMBOL_COLORS[colored[1]])
        label = ""
    elif colored:
        fill = SYMBOL_COLORS[colored[0]]
        draw.ellipse(box, fill=fill)
        label = "Φ" if "P" in parts[1:] else ("" if symbol.upper() in "WUBRG" else parts[0])
        if symbol.upper() in "WUBRGC":
            label = symbol.upper()
    else:
        draw.ellipse(box, fill=GENERIC_SYMBOL)
        label = {"T": "↷", "Q": "↶"}.get(symbol.upper(), symbol)
    draw.ellipse(box, outline=(30, 30, 30), width=max(1, round(d / 14)))
    if label:
        fill = SYMBOL_COLORS.get(colored[0], (0, 0, 0)) if colored else GENERIC_SYMBOL
        ink = (255, 255, 255) if sum(fill) < 330 else (20, 20, 20)
        f = font("bold", d * (0.7 if len(label) == 1 else 0.55))
        draw.text((x + d / 2, y + d / 2 + d * 0.03), label, font=f, fill=ink, anchor="mm")


def _rich_words(paragraph: str) -> list[list[tuple[str, str]]]:
    """Words of rules text, each a list of ('text', s) and ('sym', s) pieces."""
    words = []
    for word in paragraph.split():
        pieces: list[tuple[str, str]] = []
        pos = 0
        for m in _SYMBOL.finditer(word):
            if m.start() > pos:
                pieces.append(("text", word[pos:m.start()]))
            pieces.append(("sym", m.group(1)))
            pos = m.end()
        if pos < len(word):
            pieces.append(("text", word[pos:]))
        words.append(pieces)
    return words


def _layout_text(text: str, size: int, width: float) -> tuple[list[list[list[tuple[str, str]]]], float, float]:
    """Wraps rules text at `size` px; returns (lines of words, line height, total height)."""
    f = font("regular", size)
    space = f.getlength(" ")
    line_h = size * 1.22
    lines: list[list[list[tuple[str, str]]]] = []
    for paragraph in text.split("\n"):
        line: list[list[tuple[str, str]]] = []
        used = 0.0
        for word in _rich_words(paragraph):
            w = sum(f.getlength(s) if kind == "text" else size for kind, s in word)
            if line and used + space + w > width:
                lines.append(line)
                line, used = [], 0.0
            used += (space if line else 0) + w
            line.append(word)
        lines.append(line)
    return lines, line_h, len(lines) * line_h


def fit_text(text: str, width: float, height: float, start: int, smallest: int) -> int:
    """The largest font size in [smallest, start] at which the text fits the box."""
    for size in range(start, smallest - 1, -1):
        if _layout_text(text, size, width)[2] <= height:
            return size
    return smallest


def _draw_rules_text(draw: ImageDraw.ImageDraw, text: str, box: tuple[float, float, float, float], start: int) -> None:
    x0, y0, x1, y1 = box
    size = fit_text(text, x1 - x0, y1 - y0, start, max(6, start // 2))
    lines, line_h, _ = _layout_text(text, size, x1 - x0)
    f = font("regular", size)
    space = f.getlength(" ")
    y = y0
    for line in lines:
        x = x0
        for word in line:
            for kind, s in word:
                if kind == "text":
                    draw.text((x, y + line_h / 2), s, font=f, fill=(20, 20, 20), anchor="lm")
                    x += f.getlength(s)
                else:
                    draw_symbol(draw, s, x, y + (line_h - size) / 2, size)
                    x += size
            x += space
        y += line_h


def _art(face: CardFace, size: tuple[int, int], base: tuple[int, int, int]) -> Image.Image:
    """A simple generated picture, the same for every copy of a card (seeded by its name)."""
    w, h = size
    seed = hashlib.sha256(face.name.encode()).digest()
    sky = _mix(base, (255, 255, 255), 0.45)
    ground = _mix(base, (0, 0, 0), 0.35)
    img = Image.new("RGB", (1, 2))
    img.putdata([sky, ground])
    img = img.resize((w, h), Image.Resampling.BILINEAR)
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    for i in range(4):
        cx = seed[i] / 255 * w
        cy = seed[i + 4] / 255 * h
        r = (0.15 + seed[i + 8] / 255 * 0.3) * min(w, h)
        tone = _mix(base, (255, 255, 255) if i % 2 else (0, 0, 0), 0.3 + seed[i + 12] / 900)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=tone + (110,))
    horizon = h * (0.55 + seed[16] / 255 * 0.2)
    points = [(0, h)] + [(w * k / 6, horizon - seed[17 + k] / 255 * h * 0.25) for k in range(7)] + [(w, h)]
    d.polygon(points, fill=ground + (200,))
    img.paste(layer, (0, 0), layer)
    return img


def render_face(face: CardFace, width: int) -> Image.Image:
    """The card's face as an RGBA image `width` pixels wide."""
    W, H = width, card_height(width)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = W * 0.045
    draw.rounded_rectangle([0, 0, W - 1, H - 1], radius=radius, fill=(18, 18, 18))
    border = W * 0.04
    inner = [round(border), round(border), round(W - border), round(H - border)]
    color = frame_color(face)
    if isinstance(color[0], tuple):
        left, right = color  # type: ignore[misc]
        frame = _gradient((inner[2] - inner[0], inner[3] - inner[1]), left, right)
        base = _mix(left, right, 0.5)
    else:
        base = color  # type: ignore[assignment]
        frame = Image.new("RGB", (inner[2] - inner[0], inner[3] - inner[1]), base)
    mask = Image.new("L", frame.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, frame.size[0] - 1, frame.size[1] - 1], radius=radius * 0.6, fill=255)
    img.paste(frame, (inner[0], inner[1]), mask)
    pale = _mix(base, (255, 255, 255), 0.72)
    ink = (20, 20, 20)
    outline = _mix(base, (0, 0, 0), 0.55)
    pad = W * 0.035
    x0, x1 = inner[0] + pad, inner[2] - pad
    line_w = max(1, round(W / 180))

    # Name and mana cost (202.1).
    name_h = W * 0.105
    y = inner[1] + pad
    draw.rounded_rectangle([x0, y, x1, y + name_h], radius=name_h * 0.25, fill=pale, outline=outline, width=line_w)
    symbols = split_symbols(face.mana_cost)
    sym_d = name_h * 0.72
    cost_w = len(symbols) * (sym_d + sym_d * 0.08)
    sx = x1 - pad * 0.6 - cost_w
    for s in symbols:
        draw_symbol(draw, s, sx, y + (name_h - sym_d) / 2, sym_d)
        sx += sym_d * 1.08
    name_font_size = round(name_h * 0.58)
    room = x1 - x0 - pad - cost_w - pad * 0.6
    while name_font_size > 6 and font("bold", name_font_size).getlength(face.name) > room:
        name_font_size -= 1
    draw.text((x0 + pad * 0.6, y + name_h / 2), face.name, font=font("bold", name_font_size), fill=ink, anchor="lm")

    # Art.
    y += name_h + W * 0.02
    art_h = H * 0.39
    art_box = (round(x0 + pad * 0.3), round(y), round(x1 - pad * 0.3), round(y + art_h))
    img.paste(_art(face, (art_box[2] - art_box[0], art_box[3] - art_box[1]), base), art_box[:2])
    draw.rectangle(art_box, outline=outline, width=line_w)

    # Type line (205).
    y += art_h + W * 0.02
    type_h = W * 0.095
    draw.rounded_rectangle([x0, y, x1, y + type_h], radius=type_h * 0.25, fill=pale, outline=outline, width=line_w)
    type_size = round(type_h * 0.55)
    while type_size > 6 and font("bold", type_size).getlength(face.type_line) > x1 - x0 - pad * 1.2:
        type_size -= 1
    draw.text((x0 + pad * 0.6, y + type_h / 2), face.type_line, font=font("bold", type_size), fill=ink, anchor="lm")

    # Rules text, fitted to its box.
    y += type_h + W * 0.02
    bottom = inner[3] - pad - W * 0.05
    draw.rectangle([x0 + pad * 0.3, y, x1 - pad * 0.3, bottom], fill=_mix(base, (255, 255, 255), 0.86),
                   outline=outline, width=line_w)
    if face.text:
        text_pad = W * 0.035
        _draw_rules_text(draw, face.text, (x0 + pad * 0.3 + text_pad, y + text_pad * 0.7,
                                           x1 - pad * 0.3 - text_pad, bottom - text_pad * 0.5), round(W * 0.058))

    # Power/toughness (208) or loyalty (209), bottom right.
    corner = None
    if face.power is not None and face.toughness is not None:
        corner = f"{face.power}/{face.toughness}"
    elif face.loyalty is not None:
        corner = str(face.loyalty)
    if corner:
        bw, bh = W * 0.24, W * 0.1
        bx, by = x1 - bw, inner[3] - pad * 0.5 - bh
        draw.rounded_rectangle([bx, by, bx + bw, by + bh], radius=bh * 0.3,
                               fill=(40, 40, 40) if face.loyalty is not None and face.power is None else pale,
                               outline=outline, width=line_w)
        f = font("bold", round(bh * 0.7))
        draw.text((bx + bw / 2, by + bh / 2), corner, font=f,
                  fill=(255, 255, 255) if face.loyalty is not None and face.power is None else ink, anchor="mm")
    return img


def render_back(width: int) -> Image.Image:
    """The back every card shares: a dark frame, an oval and the five colors in a ring."""
    W, H = width, card_height(width)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle([0, 0, W - 1, H - 1], radius=W * 0.045, fill=(18, 14, 12))
    b = W * 0.05
    draw.rounded_rectangle([b, b, W - b, H - b], radius=W * 0.03, fill=(92, 58, 34))
    draw.ellipse([W * 0.14, H * 0.12, W * 0.86, H * 0.88], fill=(36, 52, 92), outline=(214, 180, 96),
                 width=max(1, round(W / 60)))
    cx, cy, r, d = W / 2, H / 2, W * 0.2, W * 0.13
    for i, c in enumerate("WUBRG"):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        x, y = cx + r * math.cos(a) - d / 2, cy + r * math.sin(a) - d / 2
        draw.ellipse([x, y, x + d, y + d], fill=SYMBOL_COLORS[c], outline=(20, 20, 20), width=max(1, round(W / 120)))
    f = font("bold", round(W * 0.085))
    draw.text((cx, H * 0.83), "ManaTable", font=f, fill=(236, 220, 170), anchor="mm")
    return img


IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".JPG", ".PNG")


def image_stem(name: str) -> str:
    """A card's name made fit for a file name on any system (a split card's // becomes __)."""
    return re.sub(r'[\\/:*?"<>|]', "_", name)


def user_image_path(folder: Path | None, name: str) -> Path | None:
    """A real card image `<card name>.jpg/.jpeg/.png` in the user's folder, if there is one."""
    if folder is None or not name:
        return None
    safe = image_stem(name)
    for stem in dict.fromkeys((name, safe)):
        for ext in IMAGE_SUFFIXES:
            path = folder / f"{stem}{ext}"
            if path.is_file():
                return path
    return None


IMAGE_FILE_BYTES = 32 << 20
"""A card image in the user's folder: a full-resolution scan is a few megabytes."""

UNREADABLE_IMAGE = (OSError, ValueError, SyntaxError, Image.DecompressionBombError)
"""What Pillow raises for a file that is no usable image: damaged (OSError, and for some formats
ValueError or SyntaxError), or of more pixels than an image may have (a decompression bomb)."""


def load_user_image(path: Path, width: int) -> Image.Image:
    """A user's card image scaled to `width` (keeping the card's shape); one of UNREADABLE_IMAGE for a
    damaged or hostile file, or one past IMAGE_FILE_BYTES."""
    if path.stat().st_size > IMAGE_FILE_BYTES:
        raise OSError(f"{path.name}: larger than the {IMAGE_FILE_BYTES >> 20} MB a card image may be")
    with Image.open(path) as src:
        img = src.convert("RGBA")
    return img.resize((width, card_height(width)), Image.Resampling.LANCZOS)
