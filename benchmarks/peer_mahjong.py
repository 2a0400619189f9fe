"""The peer's side of benchmarks/likeforlike.py: the `mahjong` package doing mjcli's job on a file of hands.

    python benchmarks/peer_mahjong.py wait  HANDS.txt    # 13-tile hands, riichi one-line notation
    python benchmarks/peer_mahjong.py score HANDS.txt    # 13 tiles, a space, the winning tile
    python benchmarks/peer_mahjong.py shanten HANDS.txt  # 13-tile hands that are not ready

One JSON line per hand on standard output, as `mjcli ... --format jsonl` writes:
- wait: shanten of the 13 tiles; when ready, for every tile that completes the
  hand, agari and ``HandCalculator.estimate_hand_value`` on a discard and on a
  self-draw (what `mjcli wait` reports: each winning tile's value both ways);
- score: ``estimate_hand_value`` of the 14 tiles won on the last tile;
- shanten: ``Shanten.calculate_shanten`` of the 13 tiles (no seven pairs, thirteen
  orphans: Hong Kong's shapes), then every tile with a copy left that, added, lowers
  it, with how many are unseen, and their total (what `mjcli wait` reports for a hand
  that is not ready, its look-ahead off).
The hand calculator's defaults are used (East seat, East round, no riichi),
so a hand with no yaku is answered as such: the peer still reads every shape.
"""

from __future__ import annotations

import json
import sys


def main(argv: list[str]) -> int:
    mode, path = argv[1], argv[2]
    from mahjong.agari import Agari
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.shanten import Shanten
    from mahjong.tile import TilesConverter

    calc = HandCalculator()
    shanten = Shanten()
    agari = Agari()
    discard = HandConfig(is_tsumo=False, player_wind=EAST, round_wind=EAST)
    drawn = HandConfig(is_tsumo=True, player_wind=EAST, round_wind=EAST)
    to136 = TilesConverter.one_line_string_to_136_array
    to34 = TilesConverter.to_34_array
    out = sys.stdout
    write = out.write
    dumps = json.dumps

    def value(tiles136, win136, config):
        res = calc.estimate_hand_value(tiles136, win136, config=config)
        return {"han": res.han, "fu": res.fu, "cost": res.cost["main"] if res.cost else None, "error": res.error}

    with open(path, encoding="utf-8") as fin:
        for line in fin:
            text = line.strip()
            if not text:
                continue
            if mode == "score":
                rest, _, win_text = text.partition(" ")
                win = to136(win_text)[0]
                tiles = [x for x in to136(rest) if x // 4 != win // 4]
                same = [x for x in to136(rest + win_text) if x // 4 == win // 4]
                tiles += same  # the winning copy is the last of its kind
                write(dumps({"hand": text, "value": value(tiles, same[-1], discard)}) + "\n")
                continue
            if mode == "shanten":
                counts = to34(to136(text))
                sh = shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=True)
                helpful = []
                for t in range(34):
                    if counts[t] < 4:
                        counts[t] += 1
                        if shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=True) < sh:
                            helpful.append({"tile": t, "left": 4 - counts[t] + 1})
                        counts[t] -= 1
                write(dumps({"hand": text, "shanten": sh, "helpful_left": sum(h["left"] for h in helpful),
                             "helpful": helpful}) + "\n")
                continue
            tiles = to136(text)
            counts = to34(tiles)
            waits = []
            if shanten.calculate_shanten(counts) == 0:
                for t in range(34):
                    if counts[t] >= 4:
                        continue
                    counts[t] += 1
                    if agari.is_agari(counts):
                        used = {x for x in tiles if x // 4 == t}
                        win = next(4 * t + k for k in range(4) if 4 * t + k not in used)
                        hand14 = tiles + [win]
                        waits.append({"tile": t, "left": 4 - counts[t] + 1,
                                      "discard": value(hand14, win, discard), "self_drawn": value(hand14, win, drawn)})
                    counts[t] -= 1
            write(dumps({"hand": text, "waits": waits}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
