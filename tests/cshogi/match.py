#!/usr/bin/env python3
"""Plays henkei against itself through cshogi's USI match runner.

cshogi (https://pypi.org/project/cshogi/) is a shogi library with its own
move generator and a USI engine-vs-engine match loop: a real host that no one
on this project wrote. Every move henkei sends is checked there for legality,
clocks are kept there, and the game is adjudicated there.

Fails (exit 1) on an illegal move, a time loss, a crash (the engine's pipe
breaks), or a game that cshogi could not finish. Hangs are caught by the
caller's timeout (see .ci/run).

Games start from the openings in openings.txt beside this file (cshogi's
"startpos moves ..." format), shuffled with a fixed seed, colours alternating.

With --ponder --keep-process the runner ponders on the opponent's time,
keeps one engine process across all games and sends a bare `gameover`
between them, the sequence that once left it waiting forever.

usage: match.py ENGINE [--games N] [--time MS] [--inc MS] [--byoyomi MS]
                [--ponder] [--keep-process] [--csa FILE]
"""

import argparse
import contextlib
import io
import os
import sys

import cshogi.cli

# cshogi prints its verdicts in Japanese: "illegal move loss" and "time loss".
ILLEGAL = "反則"
TIME_LOSS = "切れ負け"
OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.txt")


def play(engine, games, time, inc, byoyomi, ponder, keep_process, csa):
    log = io.StringIO()
    with contextlib.redirect_stdout(log):
        result = cshogi.cli.main(
            engine,
            engine,
            names=["henkei-1", "henkei-2"],
            games=games,
            time=time,
            inc=inc,
            byoyomi=byoyomi,
            draw=256,
            opening=OPENINGS,
            opening_seed=1,
            ponder=ponder,
            keep_process=keep_process,
            csa=csa,
            multi_csa=csa is not None,
        )
    return result, log.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--time", type=int, default=None)
    ap.add_argument("--inc", type=int, default=None)
    ap.add_argument("--byoyomi", type=int, default=None)
    ap.add_argument("--ponder", action="store_true")
    ap.add_argument("--keep-process", action="store_true")
    ap.add_argument("--csa", default=None, help="write every game to this one CSA file")
    args = ap.parse_args()

    # cshogi starts the engine in its own folder, so the path must be absolute.
    engine = os.path.abspath(args.engine)
    result, log = play(
        engine,
        args.games,
        args.time,
        args.inc,
        args.byoyomi,
        args.ponder,
        args.keep_process,
        args.csa,
    )
    print(log)
    endings = [line for line in log.splitlines() if line.startswith("まで")]
    print("endings:", endings)
    print("cshogi result:", result)
    failures = []
    if ILLEGAL in log:
        failures.append("an illegal move or illegal action")
    if TIME_LOSS in log:
        failures.append("a loss on time")
    total = result.get("total")
    if total != args.games:
        failures.append(f"only {total} of {args.games} games finished")
    if failures:
        print("FAILED:", "; ".join(failures))
        return 1
    print(f"OK: {args.games} games, no illegal move, no time loss, no crash")
    return 0


if __name__ == "__main__":
    sys.exit(main())
