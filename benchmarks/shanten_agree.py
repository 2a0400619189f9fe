"""mjcli's shanten and helpful tiles against the `mahjong` package's on fixed-seed hands (issue 30).

    pip install '.[bench]'
    python benchmarks/shanten_agree.py              # 100,000 hk deals (a few minutes: the peer is slow)
    python benchmarks/shanten_agree.py --hands 5000

Each hand is 13 tiles dealt from a full hk set (no Fei). mjcli answers with
``mjcli.mahjong.shanten.helpful`` over the hk shapes (sets and an eye, thirteen orphans);
and ``mjcli.mahjong.shanten.shanten_text`` of the hand's text (the same shanten);
the peer with ``Shanten.calculate_shanten(use_chiitoitsu=False, use_kokushi=True)``
of the 13 tiles, and for the helpful tiles the same of the 13 tiles and each tile
that has a copy left. The script prints how many hands agree on both, lists the
first few that do not, and exits 1 unless every hand agrees.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hands as H  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=30)
    args = ap.parse_args(argv)
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        sys.exit("shanten_agree: the peer `mahjong` is not installed: pip install '.[bench]'")
    from mjcli.mahjong.shanten import helpful, position, shanten_text
    from mjcli.mahjong.tiles import make_hand, tile_code
    from mjcli.variant import load_builtin

    hk = load_builtin("hk")
    calc = Shanten().calculate_shanten
    same = 0
    bad = []
    ours_s = theirs_s = 0.0
    for tiles in H.dealt_hk(args.hands, args.seed):
        text = shanten_text(H.hk_text(tiles), hk)  # the library's answer from the hand's text, parsing included
        t0 = time.perf_counter()
        hand = make_hand(tuple(tiles), 0, (), (), None, False, "E", "E", frozenset())
        d, ours = helpful(position(hand, hk), range(34))
        t1 = time.perf_counter()
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        sh = calc(counts, use_chiitoitsu=False, use_kokushi=True)
        theirs = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if calc(counts, use_chiitoitsu=False, use_kokushi=True) < sh:
                    theirs.append(t)
                counts[t] -= 1
        t2 = time.perf_counter()
        ours_s += t1 - t0
        theirs_s += t2 - t1
        if (d - 1, text, ours) == (sh, sh, theirs):
            same += 1
        elif len(bad) < 10:
            bad.append((H.hk_text(tiles), d - 1, text, sh, [tile_code(t) for t in ours],
                        [tile_code(t) for t in theirs]))
    n = args.hands
    print(f"same shanten and helpful tiles on {same:,} of {n:,} hands ({100 * same / n:.3f}%)")
    print(f"time a hand: mjcli {ours_s / n * 1e6:.1f} us (tables built as it goes), mahjong {theirs_s / n * 1e6:.1f} us "
          f"({theirs_s / ours_s:.1f}x)")
    for b in bad:
        print("differs:", *b)
    return 0 if same == n else 1


if __name__ == "__main__":
    sys.exit(main())
