#!/usr/bin/env python3
"""Reference Shogammon perft, written straight from docs/rules/shogammon.md.

This is the independent check on henkei's turn generator (src/shogammon/):
slow, simple, stdlib only, and sharing no code or data layout with the Rust
implementation. Every position is an immutable snapshot; every move builds a
new one; nothing is incremental. Distinct results are told apart by a full
text key (board including which piece of a point is below, both hands, side
to move), not by hashing.

Usage:
    python3 tests/reference/shogammon_perft.py SFEN DEPTH [DICE]
    python3 tests/reference/shogammon_perft.py --table tests/perft/shogammon.perft [--max N]
    python3 tests/reference/shogammon_perft.py --divide SFEN DEPTH [DICE]

`DICE` (two digits, e.g. 61) restricts the root to that roll, as the USI
`dice` clause does. Without it every level runs over the 21 distinct rolls.
With `--table` every `perft` line whose count is at most N (default 10**6)
is recomputed and compared; `--write` prints the table with the computed
counts filled in instead.

Rules, as implemented here (docs/rules/shogammon.md; perft counting as in
docs/rules/notation.md):
- A die answers to piece kinds (default 1 P, 2 L N, 3 S, 4 G, 5 B R, 6 K);
  a promoted piece answers to its unpromoted kind's die.
- One move per die: a board move of a single piece or of a point's top piece,
  or a drop of a hand piece of that kind. The mover chooses the order of the
  dice; in that order the first die must move if it can, then (in the new
  position) the second must move if it can; a die with no move is lost. The
  legal turns are the union over both orders. Doubles: one order, two moves.
- A piece may land on an empty square, a single enemy piece (capture) or a
  single own piece (forming a point, arriving on top); never on an own point.
  The lower piece of a point cannot move. Sliders stop at the first occupied
  square and may end there; knights jump.
- An enemy point is captured only by two different own pieces landing on it
  with the two moves of one turn (first arrival below). A move onto an enemy
  point counts as a move of its die only when a different piece answering to
  the other die can then land there (judged after the first piece has left
  its square); a lone move onto an enemy point is not legal.
- Captured pieces go to hand unpromoted; a captured king does not. The game
  ends the moment a king is captured (the rest of the turn is not played). A
  position where a side has no king is finished: no turns.
- Drops only on empty squares; no pawn/lance on the last rank, no knight on
  the last two; no pawn on a file holding an unpromoted own pawn (in a point
  or not). No check rule, no uchifuzume.
- Promotion as shogi, per move (also when stacking): optional when the move
  starts or ends in the far three ranks, forced for a pawn or lance ending on
  the last rank and a knight on the last two.
"""

import sys

DEFAULT_DICE_MAP = {1: "P", 2: "LN", 3: "S", 4: "G", 5: "BR", 6: "K"}
ALL_ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
assert len(ALL_ROLLS) == 21

# Steps for sente (black), as (file delta, rank delta); rank 0 is rank 'a',
# sente moves towards rank 0, so "forward" is rank delta -1. Gote's steps are
# the same with the rank delta negated.
GOLD_STEPS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)]
KING_STEPS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
STEPS = {
    "P": [(0, -1)],
    "N": [(-1, -2), (1, -2)],
    "S": [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)],
    "G": GOLD_STEPS,
    "K": KING_STEPS,
    "+P": GOLD_STEPS,
    "+L": GOLD_STEPS,
    "+N": GOLD_STEPS,
    "+S": GOLD_STEPS,
    "+B": [(0, -1), (0, 1), (-1, 0), (1, 0)],
    "+R": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
}
SLIDES = {
    "L": [(0, -1)],
    "B": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    "R": [(0, -1), (0, 1), (-1, 0), (1, 0)],
    "+B": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    "+R": [(0, -1), (0, 1), (-1, 0), (1, 0)],
}
PROMOTABLE = set("PLNSBR")
HAND_ORDER = "RBGSNLP"


class Pos:
    """board: dict (file, rank) -> tuple of pieces, bottom first; a piece is
    (color, kind) with kind like 'P' or '+P'. hands: {color: {letter: n}}."""

    def __init__(self, board, hands, side):
        self.board = board
        self.hands = hands
        self.side = side

    def copy(self):
        return Pos(dict(self.board), {c: dict(h) for c, h in self.hands.items()}, self.side)

    def key(self):
        cells = []
        for rank in range(9):
            for file in range(9, 0, -1):
                stack = self.board.get((file, rank), ())
                cells.append("".join(c + k for c, k in stack) or ".")
        hands = "|".join(
            c + "".join(f"{self.hands[c].get(l, 0)}{l}" for l in HAND_ORDER) for c in "bw"
        )
        return "/".join(cells) + " " + hands + " " + self.side

    def has_king(self, color):
        return any(p == (color, "K") for stack in self.board.values() for p in stack)

    def finished(self):
        return not (self.has_king("b") and self.has_king("w"))


def parse_sfen(text):
    fields = text.split()
    board_text, side, hand_text = fields[0], fields[1], fields[2]
    board = {}
    for rank, row in enumerate(board_text.split("/")):
        file = 9
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                file -= int(ch)
                i += 1
                continue
            if ch == "(":
                end = row.index(")", i)
                inner = row[i + 1 : end]
                stack = []
                j = 0
                while j < len(inner):
                    if inner[j] == "+":
                        stack.append(inner[j : j + 2])
                        j += 2
                    else:
                        stack.append(inner[j])
                        j += 1
                i = end + 1
            elif ch == "+":
                stack = [row[i : i + 2]]
                i += 2
            else:
                stack = [ch]
                i += 1
            pieces = []
            for tok in stack:
                letter = tok[-1]
                color = "b" if letter.isupper() else "w"
                pieces.append((color, tok[:-1] + letter.upper()))
            board[(file, rank)] = tuple(pieces)
            file -= 1
        assert file == 0, f"rank {rank} is not 9 squares wide"
    hands = {"b": {}, "w": {}}
    if hand_text != "-":
        n = ""
        for ch in hand_text:
            if ch.isdigit():
                n += ch
                continue
            color = "b" if ch.isupper() else "w"
            hands[color][ch.upper()] = hands[color].get(ch.upper(), 0) + int(n or "1")
            n = ""
    return Pos(board, hands, side)


def square_name(sq):
    return f"{sq[0]}{chr(ord('a') + sq[1])}"


def forward(color, dr):
    return dr if color == "b" else -dr


def relative_rank(color, rank):
    """0 = the color's last rank (the far side)."""
    return rank if color == "b" else 8 - rank


def on_board(f, r):
    return 1 <= f <= 9 and 0 <= r <= 8


def destinations(pos, sq, piece):
    """Squares the piece on sq can reach, ignoring what it may do there:
    steps and jumps to any on-board square; slides up to and including the
    first occupied square."""
    color, kind = piece
    out = []
    for df, dr in STEPS.get(kind, []):
        f, r = sq[0] + df, sq[1] + forward(color, dr)
        if on_board(f, r):
            out.append((f, r))
    for df, dr in SLIDES.get(kind, []):
        f, r = sq[0] + df, sq[1] + forward(color, dr)
        while on_board(f, r):
            out.append((f, r))
            if (f, r) in pos.board:
                break
            f, r = f + df, r + forward(color, dr)
    return out


def promotion_choices(color, kind, frm, to):
    """The forms the piece may have after moving frm -> to."""
    if kind not in PROMOTABLE:
        return [kind]
    in_zone = relative_rank(color, frm[1]) <= 2 or relative_rank(color, to[1]) <= 2
    if not in_zone:
        return [kind]
    last = relative_rank(color, to[1])
    forced = (kind in "PL" and last == 0) or (kind == "N" and last <= 1)
    return ["+" + kind] if forced else ["+" + kind, kind]


def answers(dice_map, die, kind):
    return kind[-1] in dice_map[die]


# An action is ("move", frm, to, new_kind) or ("drop", letter, to).


def board_moves(pos, die, dice_map):
    """(action, target kind) for every board move of a die-piece: target kind
    is 'empty', 'enemy', 'own', 'enemy_point' or 'own_point'."""
    out = []
    for sq, stack in pos.board.items():
        color, kind = stack[-1]
        if color != pos.side or not answers(dice_map, die, kind):
            continue
        for to in destinations(pos, sq, stack[-1]):
            target = pos.board.get(to, ())
            if not target:
                what = "empty"
            elif target[0][0] == pos.side:
                what = "own" if len(target) == 1 else "own_point"
            else:
                what = "enemy" if len(target) == 1 else "enemy_point"
            for new_kind in promotion_choices(color, kind, sq, to):
                out.append((("move", sq, to, new_kind), what))
    return out


def drops(pos, die, dice_map):
    out = []
    side = pos.side
    for letter, n in pos.hands[side].items():
        if n == 0 or letter not in dice_map[die]:
            continue
        for f in range(1, 10):
            if letter == "P" and any(
                p == (side, "P") for r in range(9) for p in pos.board.get((f, r), ())
            ):
                continue
            for r in range(9):
                if (f, r) in pos.board:
                    continue
                rr = relative_rank(side, r)
                if letter in "PL" and rr == 0:
                    continue
                if letter == "N" and rr <= 1:
                    continue
                out.append(("drop", letter, (f, r)))
    return out


def apply_simple(pos, action):
    """A move onto an empty square, a single enemy or a single own piece, or
    a drop. Returns (new position, king_captured)."""
    new = pos.copy()
    side = pos.side
    if action[0] == "drop":
        _, letter, to = action
        new.hands[side][letter] -= 1
        new.board[to] = ((side, letter),)
        return new, False
    _, frm, to, new_kind = action
    stack = new.board[frm]
    rest = stack[:-1]
    if rest:
        new.board[frm] = rest
    else:
        del new.board[frm]
    target = new.board.get(to, ())
    king_captured = False
    if target and target[0][0] != side:
        (victim,) = target
        if victim[1] == "K":
            king_captured = True
        else:
            letter = victim[1][-1]
            new.hands[side][letter] = new.hands[side].get(letter, 0) + 1
        target = ()
    new.board[to] = target + ((side, new_kind),)
    return new, king_captured


def lift(pos, action):
    """First half of an enemy point capture: the piece leaves its square."""
    new = pos.copy()
    _, frm, to, new_kind = action
    rest = new.board[frm][:-1]
    if rest:
        new.board[frm] = rest
    else:
        del new.board[frm]
    return new


def land_pair(lifted, first_action, second_action):
    """Both capturers on the enemy point: both enemies captured, first
    arrival below."""
    side = lifted.side
    new = lifted.copy()
    _, frm2, to, kind2 = second_action
    rest = new.board[frm2][:-1]
    if rest:
        new.board[frm2] = rest
    else:
        del new.board[frm2]
    king_captured = False
    for victim in new.board[to]:
        if victim[1] == "K":
            king_captured = True
        else:
            letter = victim[1][-1]
            new.hands[side][letter] = new.hands[side].get(letter, 0) + 1
    new.board[to] = ((side, first_action[3]), (side, kind2))
    return new, king_captured


def flip(pos):
    pos.side = "w" if pos.side == "b" else "b"
    return pos


def normal_moves(pos, die, dice_map):
    """Moves of a die that are legal on their own (a last move, or a first
    move that does not start a point capture)."""
    moves = [a for a, what in board_moves(pos, die, dice_map) if what in ("empty", "enemy", "own")]
    return moves + drops(pos, die, dice_map)


def completions(lifted, die, dice_map, to):
    return [
        a
        for a, what in board_moves(lifted, die, dice_map)
        if what == "enemy_point" and a[2] == to
    ]


def turn_results(pos, roll, dice_map=DEFAULT_DICE_MAP):
    """Every position a legal turn with this roll leads to, by key."""
    results = {}

    def finish(p):
        flip(p)
        results.setdefault(p.key(), p)

    orders = [roll] if roll[0] == roll[1] else [roll, (roll[1], roll[0])]
    for a, b in orders:
        firsts = normal_moves(pos, a, dice_map)
        pairs = []
        for action, what in board_moves(pos, a, dice_map):
            if what != "enemy_point":
                continue
            lifted = lift(pos, action)
            for second in completions(lifted, b, dice_map, action[2]):
                pairs.append((lifted, action, second))
        if not firsts and not pairs:
            # Die a is lost; die b moves alone if it can (as the last move).
            seconds = normal_moves(pos, b, dice_map)
            if not seconds:
                finish(pos.copy())
            for second in seconds:
                finish(apply_simple(pos, second)[0])
            continue
        for lifted, first, second in pairs:
            finish(land_pair(lifted, first, second)[0])
        for first in firsts:
            p1, king = apply_simple(pos, first)
            if king:
                finish(p1)
                continue
            seconds = normal_moves(p1, b, dice_map)
            if not seconds:
                finish(p1)
            for second in seconds:
                finish(apply_simple(p1, second)[0])
    return list(results.values())


def perft(pos, depth, root_roll=None):
    if depth == 0:
        return 1
    if pos.finished():
        return 0
    rolls = [root_roll] if root_roll else ALL_ROLLS
    total = 0
    for roll in rolls:
        children = turn_results(pos, roll)
        if depth == 1:
            total += len(children)
        else:
            total += sum(perft(child, depth - 1) for child in children)
    return total


def parse_dice(text):
    assert len(text) == 2 and all(c in "123456" for c in text), f"bad dice '{text}'"
    return (int(text[0]), int(text[1]))


def run_table(path, max_nodes, write):
    pos = None
    roll = None
    failures = 0
    for line in open(path, encoding="utf-8"):
        stripped = line.strip()
        word, _, rest = stripped.partition(" ")
        if word == "sfen":
            pos = parse_sfen(rest)
            roll = None
        elif word == "dice":
            roll = parse_dice(rest)
        elif word == "perft":
            depth_text, _, count_text = rest.partition(" ")
            depth = int(depth_text)
            expected = int(count_text) if count_text and count_text != "?" else None
            if expected is not None and expected > max_nodes:
                if write:
                    print(line, end="")
                continue
            got = perft(pos, depth, roll)
            if write:
                print(f"perft {depth} {got}")
                continue
            status = "ok" if got == expected else "MISMATCH"
            if got != expected:
                failures += 1
            print(f"{status}: depth {depth} expected {expected} got {got}", flush=True)
            continue
        if write:
            print(line, end="")
    return failures


def main(argv):
    if argv and argv[0] == "--table":
        max_nodes = 10**6
        if "--max" in argv:
            max_nodes = int(argv[argv.index("--max") + 1])
        failures = run_table(argv[1], max_nodes, "--write" in argv)
        sys.exit(1 if failures else 0)
    if argv and argv[0] == "--divide":
        sfen = " ".join(argv[1:5])
        depth = int(argv[5])
        pos = parse_sfen(sfen)
        rolls = [parse_dice(argv[6])] if len(argv) > 6 else ALL_ROLLS
        total = 0
        for roll in rolls:
            for child in turn_results(pos, roll):
                n = perft(child, depth - 1)
                print(f"{roll[0]}{roll[1]} {child.key()}: {n}")
                total += n
        print(f"\nNodes searched: {total}")
        return
    sfen = " ".join(argv[0:4])
    depth = int(argv[4])
    roll = parse_dice(argv[5]) if len(argv) > 5 else None
    print(perft(parse_sfen(sfen), depth, roll))


if __name__ == "__main__":
    main(sys.argv[1:])
