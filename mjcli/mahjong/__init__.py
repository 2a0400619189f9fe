"""The mahjong engine: the notation, a hand's readings, its shape, the patterns, the context words, the score,
the waits, the discards and how far a hand is from ready. The Fei jokers are a capability of the engine
(:mod:`mjcli.mahjong.jokers`) that a table switches on in its variant file (``tiles: jokers: N``).

Every mahjong table is scored by it; it knows no game. Nothing is imported here: each module is imported by
name (``from mjcli.mahjong.tiles import parse_hand``), so the command line starts with only what it needs.
"""
