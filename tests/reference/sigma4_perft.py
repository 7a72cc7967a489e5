#!/usr/bin/env python3
"""Reference perft for Sigma 4 Shogi, written straight from docs/rules/sigma4.md.

Slow and simple on purpose: it shares no code or design with henkei's Rust
generator, so agreeing counts mean two independent readings of the rules
agree. Standard library only.

How it decides things (each rule of docs/rules/sigma4.md in the plainest form):

- A position is a dict square -> (side, royal, stones) plus two storage
  Counters and the side to move. Squares are (file 1..7, rank 0..6 = a..g).
- Moves are produced as *resulting positions*; the children of a node are
  the distinct resulting positions (docs/rules/sigma4.md: "Every distinct
  resulting position is one move"), so equal refits count once by construction.
- Legality is tested by playing the candidate on a copy and asking whether
  the mover's royal is attacked afterwards, where "attacked" means some
  enemy base could move there by its stones' movement (legal or not).
- The royal's extra rule: a repeated W/F step may not pass an attacked
  square, judged with the royal lifted off its square and everything else
  as before the move.

Usage:
  sigma4_perft.py DEPTH [SFEN]         perft of SFEN (default: start position)
  sigma4_perft.py --divide DEPTH SFEN  per-move counts
  sigma4_perft.py --table FILE         checks every `perft` line of a table
                                       (format of tests/perft/sigma4.perft),
                                       up to --max-nodes leaves (default 1e6)
"""

import itertools
import sys
from collections import Counter

START = ("[nw][dw][ef][rfw][ef][dw][nw]/[df][ef][jd][en][jd][ef][df]/"
         "[dw][ze][cw][nf][ce][ze][dw]/7/[DW][ZE][CE][NF][CW][ZE][DW]/"
         "[DF][EF][JD][EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW] b - 1")

ORDER = "JZCENDFW"          # canonical stone order
SET = {"W": 8, "F": 8, "D": 8, "E": 8, "Z": 2, "C": 2, "N": 4, "J": 2}
RANK = {"W": 1, "F": 1, "D": 2, "E": 2, "Z": 3, "C": 3, "N": 4, "J": 4}
BLACK, WHITE = "b", "w"


def symmetries(dx, dy):
    """All eight reflections/rotations of a (dx, dy) step."""
    out = set()
    for a, b in ((dx, dy), (dy, dx)):
        for sa in (1, -1):
            for sb in (1, -1):
                out.add((a * sa, b * sb))
    return sorted(out)


# One stone's single move (docs/rules/sigma4.md: W (0,1), F (1,1), D (0,2), E (2,2),
# N (1,2), J (0,3) and (3,3), Z (2,3), C (1,3)).
STEPS = {
    "W": symmetries(0, 1),
    "F": symmetries(1, 1),
    "D": symmetries(0, 2),
    "E": symmetries(2, 2),
    "N": symmetries(1, 2),
    "J": symmetries(0, 3) + symmetries(3, 3),
    "Z": symmetries(2, 3),
    "C": symmetries(1, 3),
}


def on_board(sq):
    return 1 <= sq[0] <= 7 and 0 <= sq[1] <= 6


def sq_name(sq):
    return "%d%s" % (sq[0], "abcdefg"[sq[1]])


def other(side):
    return WHITE if side == BLACK else BLACK


def royal_start(side):
    return (4, 6) if side == BLACK else (4, 0)


def goal(side):
    return royal_start(other(side))


def opponent_corners(side):
    """The corners of the opponent (sente takes on 7a/1a, gote on 7g/1g)."""
    return [(7, 0), (1, 0)] if side == BLACK else [(7, 6), (1, 6)]


def composition_ok(stones, royal):
    """docs/rules/sigma4.md composition rules; `stones` is a Counter."""
    n = sum(stones.values())
    if royal:
        if not 1 <= n <= 2:
            return False
        if stones["N"] + stones["J"] > 0:
            return False
    else:
        if not 1 <= n <= 4:
            return False
        if stones["N"] + stones["J"] > 1:
            return False
    if stones["D"] > 2 or stones["E"] > 2:
        return False
    if stones["Z"] + stones["C"] > 1:
        return False
    return True


def canon(stones):
    return "".join(sorted(stones.elements(), key=ORDER.index))


# --------------------------------------------------------------- position

class Pos:
    def __init__(self, board, storage, side):
        self.board = board          # sq -> (side, royal, Counter)
        self.storage = storage      # side -> Counter
        self.side = side

    def copy(self):
        return Pos(dict(self.board),
                   {s: Counter(c) for s, c in self.storage.items()},
                   self.side)

    def key(self):
        cells = tuple(sorted((sq, s, r, canon(st))
                             for sq, (s, r, st) in self.board.items()))
        stores = tuple((s, canon(+self.storage[s])) for s in (BLACK, WHITE))
        return (cells, stores, self.side)

    def royal_square(self, side):
        for sq, (s, r, _) in self.board.items():
            if s == side and r:
                return sq
        raise ValueError("no royal base for " + side)


def parse_sfen(text):
    board_f, side, hand, _ = text.split()
    board = {}
    for rank, row in enumerate(board_f.split("/")):
        col = 0
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                col += int(ch)
                i += 1
                continue
            assert ch == "["
            j = row.index("]", i)
            letters = row[i + 1:j]
            owner = BLACK if letters[0].isupper() else WHITE
            up = letters.upper()
            royal = "R" in up
            stones = Counter(c for c in up if c != "R")
            board[(7 - col, rank)] = (owner, royal, stones)
            col += 1
            i = j + 1
    storage = {BLACK: Counter(), WHITE: Counter()}
    if hand != "-":
        count = ""
        for ch in hand:
            if ch.isdigit():
                count += ch
                continue
            owner = BLACK if ch.isupper() else WHITE
            storage[owner][ch.upper()] += int(count) if count else 1
            count = ""
    return Pos(board, storage, side)


# -------------------------------------------------------------- movement

def rays(sq, stones):
    """Per kind of `stones` on `sq` and per step of it, the kind and the
    on-board landing squares of the step's repeats, nearest first: k stones
    of a W/F/D/E kind repeat the step up to k times in one line, other kinds
    move once."""
    for kind, k in stones.items():
        if k == 0:
            continue
        repeats = k if RANK[kind] <= 2 else 1
        for dx, dy in STEPS[kind]:
            ray = []
            cur = sq
            for _ in range(repeats):
                cur = (cur[0] + dx, cur[1] + dy)
                if not on_board(cur):
                    break
                ray.append(cur)
            yield kind, ray


def reachable(board, sq, stones):
    """Squares a base with `stones` on `sq` can move to with `board`'s
    occupancy (own-occupied included). Every landing square on the way of a
    repeated step must be empty; leaps jump over anything."""
    out = set()
    for _, ray in rays(sq, stones):
        for nxt in ray:
            out.add(nxt)
            if nxt in board:
                break       # the next repeat would land beyond it
    return out


def attacked(board, sq, by):
    """Some base of `by` (the royal too) could move to `sq`."""
    for from_sq, (s, _, stones) in board.items():
        if s == by and sq in reachable(board, from_sq, stones):
            return True
    return False


def royal_ways(board, sq, stones):
    """The royal's destinations with the squares each way passes: a list of
    (destination, passed squares that must not be attacked)."""
    ways = []
    for kind, ray in rays(sq, stones):
        passed = []
        for nxt in ray:
            ways.append((nxt, list(passed)))
            if nxt in board:
                break
            if kind in "WF":
                passed.append(nxt)    # a W/F repeat passes this square
    return ways


def sub_multisets(pool):
    kinds = sorted(pool)
    for counts in itertools.product(*(range(pool[k] + 1) for k in kinds)):
        yield Counter({k: n for k, n in zip(kinds, counts) if n})


# ------------------------------------------------------------------ moves

def children(pos):
    """Distinct legal resulting positions, each with a move text."""
    us, them = pos.side, other(pos.side)
    # The game is over once a royal stands on its goal square.
    for s in (BLACK, WHITE):
        if pos.royal_square(s) == goal(s):
            return {}
    out = {}

    def finish(child, text):
        child.side = them
        # No move may leave the own royal attacked.
        if attacked(child.board, child.royal_square(us), them):
            return
        k = child.key()
        if k not in out:
            out[k] = (text, child)

    lifted_cache = {}
    for from_sq, (s, royal, stones) in list(pos.board.items()):
        if s != us:
            continue
        if royal:
            lifted = dict(pos.board)
            del lifted[from_sq]
            targets = {}
            for dest, passed in royal_ways(pos.board, from_sq, stones):
                ok = all(not attacked(lifted, p, them) for p in passed)
                targets[dest] = targets.get(dest, False) or ok
            dests = [d for d, ok in targets.items() if ok]
        else:
            dests = list(reachable(pos.board, from_sq, stones))
        for to in dests:
            victim = pos.board.get(to)
            if victim is not None and victim[0] == us:
                continue
            if victim is None:
                child = pos.copy()
                del child.board[from_sq]
                child.board[to] = (us, royal, stones)
                finish(child, sq_name(from_sq) + sq_name(to))
                continue
            pool = stones + victim[2]
            n_before = sum(stones.values())
            for kept in sub_multisets(pool):
                if sum(kept.values()) < n_before:
                    continue
                if not composition_ok(kept, royal):
                    continue
                child = pos.copy()
                del child.board[from_sq]
                child.board[to] = (us, royal, kept)
                child.storage[them] += pool - kept
                finish(child, "%s%s=%s%s" % (sq_name(from_sq), sq_name(to),
                                             "R" if royal else "", canon(kept)))
    # Drops: a plain base while fewer than 21 own bases stand on the board.
    own_bases = sum(1 for (s, _, _) in pos.board.values() if s == us)
    if own_bases < 21:
        for fit in sub_multisets(pos.storage[us]):
            if not composition_ok(fit, False):
                continue
            for f in range(1, 8):
                for r in range(7):
                    to = (f, r)
                    if to in pos.board:
                        continue
                    child = pos.copy()
                    child.board[to] = (us, False, fit)
                    child.storage[us] -= fit
                    finish(child, "%s*%s" % (canon(fit), sq_name(to)))
    # Corner take.
    if any(pos.board.get(c, (None,))[0] == us for c in opponent_corners(us)):
        for kind in sorted(+pos.storage[them]):
            child = pos.copy()
            child.storage[them][kind] -= 1
            child.storage[us][kind] += 1
            finish(child, "%" + kind)
    return out


def perft(pos, depth):
    if depth == 0:
        return 1
    kids = children(pos)
    if depth == 1:
        return len(kids)
    return sum(perft(child, depth - 1) for _, child in kids.values())


def main(argv):
    if argv and argv[0] == "--table":
        max_nodes = 10 ** 6
        if "--max-nodes" in argv:
            max_nodes = int(argv[argv.index("--max-nodes") + 1])
        ok = True
        pos = None
        ident = ""
        for line in open(argv[1]):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            word, _, rest = line.partition(" ")
            if word == "id":
                ident = rest
            elif word == "sfen":
                pos = parse_sfen(rest)
            elif word == "perft":
                d, n = map(int, rest.split())
                if n > max_nodes:
                    print("%s depth %d: skipped (%d > max nodes)" % (ident, d, n))
                    continue
                got = perft(pos, d)
                status = "ok" if got == n else "MISMATCH (reference %d)" % got
                ok = ok and got == n
                print("%s depth %d: %d %s" % (ident, d, n, status), flush=True)
        return 0 if ok else 1
    if argv and argv[0] == "--divide":
        depth = int(argv[1])
        pos = parse_sfen(" ".join(argv[2:]) if len(argv) > 2 else START)
        total = 0
        for key, (text, child) in sorted(children(pos).items(),
                                         key=lambda kv: kv[1][0]):
            n = perft(child, depth - 1)
            total += n
            print("%s: %d" % (text, n))
        print("\nNodes searched: %d" % total)
        return 0
    depth = int(argv[0]) if argv else 1
    pos = parse_sfen(" ".join(argv[1:]) if len(argv) > 1 else START)
    print(perft(pos, depth))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
