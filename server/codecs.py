"""Each game's codec for its commands and events, built once per process."""

from __future__ import annotations

from games.contract import GameSpec
from protocol.gamecodec import GameCodec

_codecs: dict[str, GameCodec] = {}


def codec_for(spec: GameSpec) -> GameCodec:
    codec = _codecs.get(spec.id)
    if codec is None:
        codec = _codecs[spec.id] = GameCodec.for_game(spec)
    return codec
