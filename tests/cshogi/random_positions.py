#!/usr/bin/env python3
"""Compares henkei's legal moves with cshogi's on random shogi positions.

cshogi (https://pypi.org/project/cshogi/) has its own move generator. This
script reaches positions by random playouts in cshogi (a fixed seed, so runs
repeat), asks henkei for each position's legal moves through USI
(`position sfen ...` then `go perft 1`, whose lines are `<move>: 1`), and
compares the two sets. Fails (exit 1) on the first difference, naming the
position and the moves only one side lists.

usage: random_positions.py ENGINE [--positions N] [--seed S]
"""

import argparse
import random
import subprocess
import sys

import cshogi


class Engine:
    """henkei over pipes."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.send("usi")
        self.until(lambda line: line == "usiok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("henkei exited; last lines: %r" % lines[-5:])
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def legal_moves(self, sfen):
        self.send("position sfen " + sfen)
        self.send("go perft 1")
        lines = self.until(lambda line: line.startswith("Nodes searched"))
        errors = [l for l in lines if l.startswith("info string error")]
        if errors:
            raise RuntimeError("henkei refused %s: %s" % (sfen, errors))
        return {l.split(":")[0] for l in lines if l.endswith(": 1")}

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def random_positions(count, rng):
    """SFENs along random playouts, a few per game, up to `count`."""
    out = []
    while len(out) < count:
        board = cshogi.Board()
        for ply in range(rng.randrange(1, 200)):
            moves = list(board.legal_moves)
            if not moves or board.is_draw() == cshogi.REPETITION_DRAW:
                break
            board.push(rng.choice(moves))
            # Sample a position now and then, so early and late ones appear.
            if rng.random() < 0.08:
                out.append(board.sfen())
        out.append(board.sfen())
    return out[:count]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=20240501)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    positions = random_positions(args.positions, rng)
    total = 0
    for sfen in positions:
        board = cshogi.Board(sfen)
        expected = {cshogi.move_to_usi(m) for m in board.legal_moves}
        got = engine.legal_moves(sfen)
        if got != expected:
            print("MISMATCH at %s" % sfen)
            print("  only cshogi: %s" % sorted(expected - got))
            print("  only henkei: %s" % sorted(got - expected))
            engine.quit()
            return 1
        total += len(expected)
    engine.quit()
    print("random positions: %d positions, %d legal moves, henkei and cshogi agree"
          % (len(positions), total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
