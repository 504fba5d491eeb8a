"""Text in images: the shipped fonts, a per-character fallback and safe drawing of any name.

Pillow has no font fallback, so a string is split into runs, each drawn with the first font of
the chain whose character map holds its characters: the configured font (`set_font_path` or
`CARDBOT_FONT_PATH`), the shipped IPAexGothic (Latin, kana, JIS kanji), the shipped Droid Sans
Fallback (simplified Chinese hanzi, Hangul), and last Pillow's own default font. A character no font holds (most emoji) is drawn as
an outlined box one half-em wide; joiners, variation selectors and control characters are dropped.
Nothing here raises on odd text.

A label that holds a player's name is a `Template`: when it has to be cut to fit, the name is
cut (with an ellipsis), never the words around it ("Wolfeschlegelst… to play").
"""

from __future__ import annotations

import os
import struct
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.shapes import SUIT_CHARS, shape_mask

FONT_DIR = Path(__file__).with_name("fonts")
SHIPPED_FONTS = (FONT_DIR / "ipaexg.ttf", FONT_DIR / "DroidSansFallback.ttf")
ENV_FONT = "CARDBOT_FONT_PATH"
ELLIPSIS = "…"

_configured: str | None = None
_DEFAULT_COVERS = frozenset(range(0x20, 0x7F)) | frozenset(range(0xA0, 0x180))
_DROP_CATEGORIES = {"Cc", "Cf", "Mn", "Me", "Zl", "Zp"}
BOX_RUN = -1  # characters no font holds, drawn as boxes
SUIT_RUN = -2  # ♠♥♦♣, drawn as vector shapes


def set_font_path(path: str | os.PathLike[str] | None) -> None:
    """Use this font file first (None: back to `CARDBOT_FONT_PATH`, then the shipped fonts)."""
    global _configured
    _configured = None if path is None else os.fspath(path)
    _chain.cache_clear()
    font.cache_clear()
    _split_runs.cache_clear()


# --------------------------------------------------------------------------- fonts


@dataclass(frozen=True)
class _Face:
    path: str | None  # None: Pillow's default font
    covers: frozenset[int]


@lru_cache(maxsize=1)
def _chain() -> tuple[_Face, ...]:
    """The fonts that load, in the order they are tried."""
    paths: list[str] = []
    for candidate in (_configured, os.environ.get(ENV_FONT)):
        if candidate:
            paths.append(candidate)
            break
    paths += [str(p) for p in SHIPPED_FONTS]
    faces = []
    for path in dict.fromkeys(paths):
        try:
            ImageFont.truetype(path, 12)
            covers = cmap_codepoints(path)
        except (OSError, ValueError, struct.error):
            continue
        faces.append(_Face(path, covers))
    faces.append(_Face(None, _DEFAULT_COVERS))
    return tuple(faces)


def font_paths() -> list[str | None]:
    """The font files in fallback order (None stands for Pillow's default font)."""
    return [face.path for face in _chain()]


@lru_cache(maxsize=256)
def font(size: int, index: int = 0) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The `index`-th font of the chain at `size` pixels."""
    face = _chain()[min(index, len(_chain()) - 1)]
    if face.path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(face.path, size)


def cmap_codepoints(path: str | os.PathLike[str]) -> frozenset[int]:
    """The code points a TrueType/OpenType font (or the first font of a collection) maps."""
    data = Path(path).read_bytes()
    base = 0
    if data[:4] == b"ttcf":
        (base,) = struct.unpack_from(">I", data, 12)
    (num_tables,) = struct.unpack_from(">H", data, base + 4)
    cmap = None
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, base + 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        raise ValueError("font has no cmap table")
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        (fmt,) = struct.unpack_from(">H", data, cmap + offset)
        subtables[(platform, encoding, fmt)] = cmap + offset
    for key in ((3, 10, 12), (0, 4, 12), (0, 6, 12)):
        if key in subtables:
            return _format12(data, subtables[key])
    for key in ((3, 1, 4), (0, 3, 4), (0, 1, 4), (0, 0, 4)):
        if key in subtables:
            return _format4(data, subtables[key])
    raise ValueError("no Unicode cmap subtable this reader understands")


def _format12(data: bytes, at: int) -> frozenset[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    covered: set[int] = set()
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        covered.update(range(start + (glyph == 0), end + 1))
    return frozenset(covered)


def _format4(data: bytes, at: int) -> frozenset[int]:
    (seg_x2,) = struct.unpack_from(">H", data, at + 6)
    segs = seg_x2 // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts_at = at + 16 + seg_x2
    starts = struct.unpack_from(f">{segs}H", data, starts_at)
    deltas = struct.unpack_from(f">{segs}h", data, starts_at + seg_x2)
    ranges_at = starts_at + 2 * seg_x2
    range_offsets = struct.unpack_from(f">{segs}H", data, ranges_at)
    covered: set[int] = set()
    for i in range(segs):
        start, end = starts[i], ends[i]
        if start == 0xFFFF:
            continue
        if range_offsets[i] == 0:
            covered.update(c for c in range(start, end + 1) if (c + deltas[i]) & 0xFFFF)
            continue
        for c in range(start, end + 1):
            where = ranges_at + 2 * i + range_offsets[i] + 2 * (c - start)
            (glyph,) = struct.unpack_from(">H", data, where)
            if glyph:
                covered.add(c)
    return frozenset(covered)


# --------------------------------------------------------------------------- runs


def clean(text: str) -> str:
    """The text with control, format and combining characters dropped (NFC first).

    An emoji sequence (joined by ZWJ, skin-tone modified, a flag's two letters) keeps only its
    first character, so it becomes one box rather than several.
    """
    out: list[str] = []
    joined = flag_open = False
    for ch in unicodedata.normalize("NFC", str(text)):
        code = ord(ch)
        regional = 0x1F1E6 <= code <= 0x1F1FF
        if ch in "\t\n\r":
            out.append(" ")
        elif code == 0x200D:
            joined = True
            continue
        elif joined or 0x1F3FB <= code <= 0x1F3FF or (regional and flag_open):
            pass
        elif unicodedata.category(ch) not in _DROP_CATEGORIES:
            out.append(ch)
        flag_open = regional and not flag_open
        joined = False
    return "".join(out)


@lru_cache(maxsize=4096)
def _split_runs(text: str) -> tuple[tuple[int, str], ...]:
    """(font index, -1 for boxes or -2 for suit shapes, characters) runs of cleaned text."""
    chain = _chain()
    runs: list[tuple[int, str]] = []
    for ch in clean(text):
        code = ord(ch)
        if ch in SUIT_CHARS:
            index = SUIT_RUN
        else:
            index = next((i for i, face in enumerate(chain) if code in face.covers), BOX_RUN)
        if ch == " ":
            index = runs[-1][0] if runs and runs[-1][0] >= 0 else 0
        if runs and runs[-1][0] == index:
            runs[-1] = (index, runs[-1][1] + ch)
        else:
            runs.append((index, ch))
    return tuple(runs)


def _run_width(index: int, chars: str, size: int) -> float:
    if index == SUIT_RUN:
        return len(chars) * round(size * 0.86)
    if index < 0:
        return len(chars) * _box_width(size)
    return float(font(size, index).getlength(chars))


def _box_width(size: int) -> float:
    return round(size * 0.62)


@dataclass(frozen=True)
class Template:
    """A label with fields (player names) filled in at drawing time, so that they are what
    gets cut when the label is too wide: `pattern` is a `str.format` pattern, `cut` the fields
    that may be shortened; the other fields and the pattern's own words are kept whole."""

    pattern: str
    params: tuple[tuple[str, str], ...]
    cut: tuple[str, ...]

    @classmethod
    def of(cls, pattern: str, params: Mapping[str, object], cut: tuple[str, ...]) -> Template:
        """A template of `pattern` with `params` (names cleaned) and the fields to `cut`."""
        filled = tuple((k, clean(str(v)) if k in cut else str(v)) for k, v in params.items())
        return cls(pattern, filled, cut)

    def fill(self, **changed: str) -> str:
        """The label with its fields filled in (`changed` overriding some of them)."""
        return self.pattern.format(**{**dict(self.params), **changed})

    def __str__(self) -> str:
        return self.fill()


Text = str | Template
"""What text drawing takes: a plain string, or a template whose names are cut first."""


def text_width(text: Text, size: int) -> float:
    """Width in pixels of `text` drawn at `size`."""
    return sum(_run_width(i, chars, size) for i, chars in _split_runs(str(text)))


def fit(text: Text, size: int, max_width: float) -> str:
    """`text`, cut and ended with an ellipsis when wider than `max_width`.

    A `Template` shortens its names first (the widest one, a character at a time, so two long
    names end up about as wide); only a label too wide even with "…" for every name is cut at
    the end.
    """
    if isinstance(text, Template):
        return _fit_template(text, size, max_width)
    text = clean(text)
    if text_width(text, size) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    kept = text[:lo].rstrip().rstrip(ELLIPSIS)
    return kept + ELLIPSIS


def _fit_template(template: Template, size: int, max_width: float) -> str:
    names = {key: value for key, value in template.params if key in template.cut}
    kept = dict(names)  # the part of each name still shown
    line = clean(template.fill())
    while text_width(line, size) > max_width:
        longest = [k for k in kept if kept[k]]
        if not longest:
            return fit(line, size, max_width)
        key = max(longest, key=lambda k: text_width(kept[k], size))
        kept[key] = kept[key][:-1].rstrip()
        shown = {k: (v if v == names[k] else v + ELLIPSIS) for k, v in kept.items()}
        line = clean(template.fill(**shown))
    return line


def _metrics(size: int) -> tuple[int, int]:
    f = font(size, 0)
    if isinstance(f, ImageFont.FreeTypeFont):
        ascent, descent = f.getmetrics()
        return ascent, descent
    return size, size // 4


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: Text,
    size: int,
    fill: str | tuple[int, ...],
    anchor: str = "la",
    *,
    bold: bool = False,
    max_width: float | None = None,
    stroke: tuple[int, str | tuple[int, ...]] | None = None,
) -> float:
    """Draw `text` with per-character font fallback; returns the width drawn.

    `anchor` is two letters like Pillow's: l/m/r then a (top of ascent), m (middle) or s
    (baseline). `bold` thickens strokes (the shipped fonts have one weight); `stroke` is an
    outline (width, colour) for text over busy backgrounds.
    """
    line, (x, top, right, _) = place(xy, text, size, anchor, max_width)
    runs = _split_runs(line)
    width = right - x
    baseline = top + _metrics(size)[0]
    stroke_width, stroke_fill = stroke if stroke else (0, None)
    if bold:
        stroke_width, stroke_fill = max(stroke_width, max(1, size // 22)), stroke_fill or fill
    for index, chars in runs:
        run_w = _run_width(index, chars, size)
        if index == SUIT_RUN:
            _draw_suits(draw, x, baseline, chars, size, fill)
        elif index < 0:
            _draw_boxes(draw, x, baseline, len(chars), size, fill)
        else:
            draw.text(
                (x, baseline),
                chars,
                font=font(size, index),
                fill=fill,
                anchor="ls",
                stroke_width=stroke_width,
                stroke_fill=stroke_fill,
            )
        x += run_w
    return width


def place(
    xy: tuple[float, float],
    text: Text,
    size: int,
    anchor: str = "la",
    max_width: float | None = None,
) -> tuple[str, tuple[float, float, float, float]]:
    """The line `draw_text` would draw (cut to `max_width`) and its box: left, top of the
    ascent, right, bottom of the descent."""
    line = str(text) if max_width is None else fit(text, size, max_width)
    width = text_width(line, size)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    ascent, descent = _metrics(size)
    baseline = {"a": y + ascent, "m": y + (ascent - descent) / 2, "s": y, "d": y - descent}.get(
        anchor[1], y + ascent
    )
    return line, (x, baseline - ascent, x + width, baseline + descent)


def _draw_boxes(
    draw: ImageDraw.ImageDraw, x: float, baseline: float, count: int, size: int, fill: object
) -> None:
    box = _box_width(size)
    for k in range(count):
        left = x + k * box + box * 0.12
        draw.rectangle(
            (left, baseline - size * 0.72, left + box * 0.76, baseline),
            outline=fill,  # type: ignore[arg-type]
            width=max(1, size // 14),
        )


def _draw_suits(
    draw: ImageDraw.ImageDraw, x: float, baseline: float, chars: str, size: int, fill: object
) -> None:
    """Suit symbols as vector shapes: ♠♣ in the text colour, ♥♦ in a red that reads on it."""
    shape_size = max(4, round(size * 0.72))
    step = round(size * 0.86)
    for k, ch in enumerate(chars):
        suit = SUIT_CHARS[ch]
        ink = fill
        if suit in "HD":
            ink = (255, 118, 118) if _is_light(fill) else (208, 32, 44)
        left = round(x + k * step + (step - shape_size) / 2)
        draw.bitmap((left, round(baseline - size * 0.74)), shape_mask(suit, shape_size), fill=ink)  # type: ignore[arg-type]


def _is_light(fill: object) -> bool:
    if isinstance(fill, tuple) and len(fill) >= 3:
        r, g, b = fill[:3]
        return bool(0.299 * r + 0.587 * g + 0.114 * b > 128)
    return isinstance(fill, str) and fill.lower() in ("white", "#fff", "#ffffff")


def iter_runs(text: str) -> Iterator[tuple[str | None, str]]:
    """(font path or None for a box / Pillow's default, characters) runs, for tests and tools."""
    chain = _chain()
    for index, chars in _split_runs(text):
        kind = "suit" if index == SUIT_RUN else "box"
        yield (chain[index].path if index >= 0 else kind), chars


def text_image(text: str, size: int, fill: str = "black") -> Image.Image:
    """A tight RGBA image of one line of text (used by tests and small labels)."""
    width = int(text_width(text, size)) + 4
    ascent, descent = _metrics(size)
    im = Image.new("RGBA", (max(1, width), ascent + descent + 4), (0, 0, 0, 0))
    draw_text(ImageDraw.Draw(im), (2, 2), text, size, fill)
    return im
