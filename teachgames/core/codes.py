"""Position codes: any position of any game as a short text a teacher can paste.

A code is ``tg1-<game>-<data>-<check>``: the format's version (``tg1``), the game's
registered name, the game's whole position (:meth:`Game.position`: compact JSON,
deflated, in URL-safe base64 without padding) and a check of eight hex digits (CRC-32 of
everything before it), so a typo or a code cut short is caught before anything is read.
A list of cards is written in the JSON as one character per card (``"~"`` and each
card's place in the game's ``CARD_NAMES``, the card table of its ``position`` module),
which makes a code about a third as long as the card names would.
Spaces and line breaks anywhere in a pasted code are ignored (a code wrapped by an e-mail
reader still loads), and so is the case of the version and the game's name.

Reading is defensive from the first character: the code's length, the deflated data's
size (no zip bomb), the JSON's depth and the game's name are bounded or checked before
the game's own position readers see the data, and every problem is a
:class:`~teachgames.core.errors.GameFileError` in plain words, never another exception.
See ``docs/positions.md``.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .errors import file_error

#: The code format's version: a code from a newer format is refused by name.
CODE_VERSION = 1
PREFIX = "tg"
#: Longer codes are refused unread (the longest real position, a 12-player Ligretto
#: match deep in its rounds, is a few thousand characters).
MAX_CODE_CHARS = 100_000
#: The deflated data may expand to at most this many bytes of JSON.
MAX_JSON_BYTES = 1_000_000
#: JSON nested deeper than this is no position (the deepest real one is 5 levels).
MAX_DEPTH = 12

_CODE = re.compile(
    r"(?i:tg)(?P<version>\d+)-(?P<game>[A-Za-z_][A-Za-z0-9_]*)-(?P<data>[A-Za-z0-9_-]*)-(?P<check>[0-9A-Fa-f]{8})"
)
_SPACE = re.compile(r"\s+")


def _check(text: str) -> str:
    return f"{zlib.crc32(text.encode('ascii')) & 0xFFFFFFFF:08x}"


#: The characters that stand for cards, by the card's place in the game's card table:
#: none needs escaping in JSON, and none is the mark of a packed list.
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+,-./:;<=>?@[]^_`{|}"
PACKED = "~"


def pack(value: Any, cards: tuple[str, ...]) -> Any:
    """``value`` with every list of card names (from ``cards``) written as one text."""
    if not cards or len(cards) > len(ALPHABET):
        return value
    index = {name: ALPHABET[i] for i, name in enumerate(cards)}
    return _pack(value, index)


def _pack(value: Any, index: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: _pack(v, index) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(isinstance(v, str) and v in index for v in value):
            return PACKED + "".join(index[v] for v in value)
        return [_pack(v, index) for v in value]
    return value


def unpack(value: Any, cards: tuple[str, ...]) -> Any:
    """The JSON data a code holds with its packed lists of cards written out again; a
    character that stands for no card is a GameFileError."""
    if not cards or len(cards) > len(ALPHABET):
        return value
    table = dict(zip(ALPHABET, cards, strict=False))
    return _unpack(value, table)


def _unpack(value: Any, table: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: _unpack(v, table) for k, v in value.items()}
    if isinstance(value, list):
        return [_unpack(v, table) for v in value]
    if isinstance(value, str) and value.startswith(PACKED):
        try:
            return [table[c] for c in value[1:]]
        except KeyError:
            raise file_error("core.code.unknown_card") from None
    return value


def encode(game_name: str, position: Any, cards: tuple[str, ...] = ()) -> str:
    """The code of ``position`` (JSON data) of the game named ``game_name`` whose card
    table is ``cards``."""
    raw = json.dumps(pack(position, cards), ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode(
        "utf-8"
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    data = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    head = f"{PREFIX}{CODE_VERSION}-{game_name}-{data}"
    return f"{head}-{_check(head)}"


def position_code(game: Any) -> str:
    """The code of ``game``'s position now (what ``game.position_code()`` returns)."""
    return encode(game.name, game.position(), card_names(type(game)))


def card_names(cls: Any) -> tuple[str, ...]:
    """The card table of a game's position module (``CARD_NAMES``; none: cards stay names)."""
    if cls.positions is None:
        return ()
    import importlib

    names: tuple[str, ...] = tuple(getattr(importlib.import_module(cls.positions), "CARD_NAMES", ()))
    return names


def decode(code: object) -> tuple[str, Any]:
    """The game's name and the position data a code holds, every problem a GameFileError."""
    if not isinstance(code, str):
        raise file_error("core.code.not_text", kind=type(code).__name__)
    if len(code) > MAX_CODE_CHARS:
        raise file_error("core.code.too_long", n=len(code), most=MAX_CODE_CHARS)
    text = _SPACE.sub("", code)
    if not text:
        raise file_error("core.code.empty")
    found = _CODE.fullmatch(text)
    if found is None:
        if not text[:2].lower() == PREFIX:
            raise file_error("core.code.not_a_code")
        raise file_error("core.code.incomplete")
    version = int(found["version"][:6])
    if version != CODE_VERSION:
        raise file_error("core.code.version", version=version, ours=CODE_VERSION)
    game_name = found["game"].lower()
    head = f"{PREFIX}{CODE_VERSION}-{game_name}-{found['data']}"
    if _check(head) != found["check"].lower():
        raise file_error("core.code.check")
    return game_name, _inflate(found["data"])


def _inflate(data: str) -> Any:
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise file_error("core.code.letters") from None
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise file_error("core.code.letters") from None
    if unpacker.unconsumed_tail:
        raise file_error("core.code.too_large")
    try:
        position = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        raise file_error("core.code.letters") from None
    if depth(position) > MAX_DEPTH:
        raise file_error("core.code.too_deep")
    return position


def depth(value: Any) -> int:
    """How deeply lists and objects nest in JSON data (a number or text: 0), without recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        todo.extend((child, level + 1) for child in children)
    return deepest


def rules_changes(rules: dict[str, Any], preset: dict[str, Any], keep: tuple[str, ...]) -> dict[str, Any]:
    """The rules a position code carries: the ``keep`` keys (the preset's name), and every
    rule that differs from the preset's (most positions carry only the preset's name)."""
    return {k: v for k, v in rules.items() if k in keep or preset.get(k) != v}


def without_defaults(data: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the fields whose value is what the game's reader takes when the
    field is missing (a short code for a puzzle with a handful of cards)."""
    return {k: v for k, v in data.items() if k not in defaults or defaults[k] != v}


__all__ = [
    "CODE_VERSION",
    "card_names",
    "decode",
    "encode",
    "pack",
    "position_code",
    "rules_changes",
    "unpack",
    "without_defaults",
]
