#!/usr/bin/env python3
"""A slow, deliberately simple Mortal Shogi move generator, written apart from
the engine to establish the counts in tests/perft/mortal.perft.

Rules: docs/rules/mortal.md (Mortal Shogi) on top of docs/rules/shogi.md
(standard shogi), as the engine implements them.

Method, chosen to be easy to check rather than fast:
  * the board is a plain list of 81 squares, a piece a (colour, kind) pair;
  * every piece's moves are walked square by square from its movement table;
  * a move is legal when, after playing it on a copy of the position, the
    mover's king is not attacked by any enemy piece (each enemy piece's moves
    are walked again to see whether one lands on the king);
  * a pawn drop that gives check is illegal when the opponent then has no
    legal move at all (uchifuzume), found by generating the replies.

Usage:
  python3 tests/reference/mortal_perft.py "<sfen>" <depth> [divide] [moves M1 M2 ...]
prints `perft <d> <count>` for d = 1..depth (the lines the .perft table
holds); with `divide`, also each root move's count at the full depth. With
`moves`, the USI moves are played first (each must be legal) and the SFEN
reached is printed before the counts. `startpos` stands for the start SFEN.
  python3 tests/reference/mortal_perft.py --table tests/perft/mortal.perft [--max-nodes N]
checks every `perft` line of a table expecting at most N leaves (default
1,000,000; the deepest lines take this script hours) and exits non-zero on a
mismatch.
No dependencies beyond the standard library.
"""

import sys

BLACK, WHITE = 0, 1  # sente (upper case, moves first), gote

# The Mortal order, lowest first: a captured piece goes to hand as the kind
# before it; a captured pawn leaves the game.
ORDER = ["P", "N", "L", "S", "G", "B", "R", "+B", "+R"]
# What each kind may promote to (in the zone): minors up to gold.
PROMOTIONS = {
    "P": ["N", "L", "S", "G"],
    "N": ["L", "S", "G"],
    "L": ["S", "G"],
    "S": ["G"],
    "B": ["+B"],
    "R": ["+R"],
}
HAND_ORDER = ["+B", "R", "B", "G", "S", "L", "N", "P"]
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

# Movement for sente as (file step, rank step); rank step -1 is forward
# (towards rank a). Gote's are the same with the rank step negated.
# STEPS move one square; SLIDES repeat until blocked.
FORWARD = (0, -1)
DIAGONALS = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
ORTHOGONALS = [(0, -1), (0, 1), (-1, 0), (1, 0)]
STEPS = {
    "P": [FORWARD],
    "N": [(-1, -2), (1, -2)],
    "L": [],
    "S": [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)],
    "G": [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)],
    "K": DIAGONALS + ORTHOGONALS,
    "B": [],
    "R": [],
    "+B": ORTHOGONALS,
    "+R": DIAGONALS,
}
SLIDES = {
    "P": [],
    "N": [],
    "L": [FORWARD],
    "S": [],
    "G": [],
    "K": [],
    "B": DIAGONALS,
    "R": ORTHOGONALS,
    "+B": DIAGONALS,
    "+R": ORTHOGONALS,
}


def sq(file, rank):
    """Square index: file 1..9, rank 0..8 (a..i)."""
    return (file - 1) * 9 + rank


def file_of(s):
    return s // 9 + 1


def rank_of(s):
    return s % 9


def name(s):
    return "%d%s" % (file_of(s), "abcdefghi"[rank_of(s)])


def relative_rank(colour, s):
    """0 on the colour's last rank (the far side), 8 on its own back rank."""
    return rank_of(s) if colour == BLACK else 8 - rank_of(s)


def in_zone(colour, s):
    return relative_rank(colour, s) <= 2


def can_never_move(kind, colour, s):
    """A pawn or lance on the last rank, a knight on the last two."""
    r = relative_rank(colour, s)
    if kind in ("P", "L"):
        return r == 0
    if kind == "N":
        return r <= 1
    return False


def offset(s, df, dr, colour):
    if colour == WHITE:
        dr = -dr
    f, r = file_of(s) + df, rank_of(s) + dr
    if 1 <= f <= 9 and 0 <= r <= 8:
        return sq(f, r)
    return None


def reach(board, s):
    """Squares the piece on s attacks (may move to if not its own piece)."""
    colour, kind = board[s]
    out = []
    for df, dr in STEPS[kind]:
        t = offset(s, df, dr, colour)
        if t is not None:
            out.append(t)
    for df, dr in SLIDES[kind]:
        t = offset(s, df, dr, colour)
        while t is not None:
            out.append(t)
            if board[t] is not None:
                break
            t = offset(t, df, dr, colour)
    return out


class Position:
    def __init__(self, board, hands, side):
        self.board = board  # list of 81: None or (colour, kind)
        self.hands = hands  # [dict kind -> count] for sente, gote
        self.side = side

    @staticmethod
    def from_sfen(text):
        fields = text.split()
        rows = fields[0].split("/")
        assert len(rows) == 9, "9 ranks"
        board = [None] * 81
        for rank, row in enumerate(rows):
            file = 9
            i = 0
            while i < len(row):
                c = row[i]
                if c.isdigit():
                    file -= int(c)
                    i += 1
                    continue
                kind = c
                if c == "+":
                    i += 1
                    kind = "+" + row[i]
                colour = BLACK if kind[-1].isupper() else WHITE
                kind = kind.upper()
                assert kind in ORDER or kind == "K", "not a Mortal piece: " + kind
                board[sq(file, rank)] = (colour, kind)
                file -= 1
                i += 1
            assert file == 0, "rank %d has 9 squares" % (rank + 1)
        side = BLACK if fields[1] == "b" else WHITE
        hands = [dict(), dict()]
        hand = fields[2]
        i = 0
        while hand != "-" and i < len(hand):
            count = 0
            while hand[i].isdigit():
                count = count * 10 + int(hand[i])
                i += 1
            kind = hand[i]
            if kind == "+":
                i += 1
                kind = "+" + hand[i]
            i += 1
            colour = BLACK if kind[-1].isupper() else WHITE
            kind = kind.upper()
            assert kind in ORDER and kind != "+R", "cannot be in hand: " + kind
            h = hands[colour]
            h[kind] = h.get(kind, 0) + max(count, 1)
        return Position(board, hands, side)

    def king(self, colour):
        for s in range(81):
            if self.board[s] == (colour, "K"):
                return s
        return None

    def attacked(self, target, by):
        for s in range(81):
            p = self.board[s]
            if p is not None and p[0] == by and target in reach(self.board, s):
                return True
        return False

    def in_check(self, colour):
        k = self.king(colour)
        return k is not None and self.attacked(k, 1 - colour)

    def play(self, move):
        """The position after `move` (a copy; self is unchanged)."""
        board = self.board[:]
        hands = [dict(self.hands[0]), dict(self.hands[1])]
        us = self.side
        if move[0] == "drop":
            _, kind, to = move
            hands[us][kind] -= 1
            board[to] = (us, kind)
        else:
            _, frm, to, new_kind = move
            captured = board[to]
            if captured is not None:
                i = ORDER.index(captured[1])
                if i > 0:  # one step down; a captured pawn is gone
                    demoted = ORDER[i - 1]
                    hands[us][demoted] = hands[us].get(demoted, 0) + 1
            kind = board[frm][1]
            board[frm] = None
            board[to] = (us, new_kind if new_kind else kind)
        return Position(board, hands, 1 - us)

    def pseudo_moves(self):
        us = self.side
        moves = []
        for frm in range(81):
            p = self.board[frm]
            if p is None or p[0] != us:
                continue
            kind = p[1]
            for to in reach(self.board, frm):
                q = self.board[to]
                if q is not None and q[0] == us:
                    continue
                if not can_never_move(kind, us, to):
                    moves.append(("move", frm, to, None))
                if in_zone(us, frm) or in_zone(us, to):
                    for new_kind in PROMOTIONS.get(kind, []):
                        if not can_never_move(new_kind, us, to):
                            moves.append(("move", frm, to, new_kind))
        for kind, count in self.hands[us].items():
            if count == 0:
                continue
            for to in range(81):
                if self.board[to] is not None or can_never_move(kind, us, to):
                    continue
                if kind == "P" and self.own_pawn_on_file(us, file_of(to)):
                    continue
                moves.append(("drop", kind, to))
        return moves

    def own_pawn_on_file(self, colour, file):
        return any(self.board[sq(file, r)] == (colour, "P") for r in range(9))

    def legal_moves(self, check_pawn_mate=True):
        us = self.side
        legal = []
        for move in self.pseudo_moves():
            after = self.play(move)
            if after.in_check(us):
                continue
            if check_pawn_mate and move[0] == "drop" and move[1] == "P":
                if after.in_check(1 - us) and not after.has_legal_move():
                    continue  # uchifuzume
            legal.append(move)
        return legal

    def has_legal_move(self):
        # Replies to a pawn's check: no drop can answer a contact check, so
        # the uchifuzume test of the replies themselves cannot matter.
        return len(self.legal_moves(check_pawn_mate=False)) > 0


def to_sfen(pos, move_number=1):
    rows = []
    for rank in range(9):
        row, empty = "", 0
        for file in range(9, 0, -1):
            p = pos.board[sq(file, rank)]
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p[1] if p[0] == BLACK else p[1].lower()
        rows.append(row + (str(empty) if empty else ""))
    hand = ""
    for colour in (BLACK, WHITE):
        for kind in HAND_ORDER:
            n = pos.hands[colour].get(kind, 0)
            if n:
                text = kind if colour == BLACK else kind.lower()
                hand += (str(n) if n > 1 else "") + text
    side = "b" if pos.side == BLACK else "w"
    return "%s %s %s %d" % ("/".join(rows), side, hand or "-", move_number)


def play_moves(pos, texts):
    for text in texts:
        by_text = {move_text(pos, m): m for m in pos.legal_moves()}
        if text not in by_text:
            sys.exit("illegal move %s in %s" % (text, to_sfen(pos)))
        pos = pos.play(by_text[text])
    return pos


def move_text(pos, move):
    if move[0] == "drop":
        _, kind, to = move
        return "%s*%s" % (kind, name(to))
    _, frm, to, new_kind = move
    text = name(frm) + name(to)
    if new_kind in ("+B", "+R"):
        text += "+"
    elif new_kind:
        text += "=" + new_kind
    return text


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


def check_table(path, max_nodes):
    """Recounts every `perft` line of a table; returns the number of misses."""
    misses, label, pos = 0, "", None
    for line in open(path):
        words = line.split(None, 1)
        if not words or words[0].startswith("#"):
            continue
        word, rest = words[0], words[1].strip() if len(words) > 1 else ""
        if word == "id":
            label, pos = rest, None
        elif word == "sfen":
            pos = Position.from_sfen(rest)
        elif word == "perft":
            depth, expected = (int(x) for x in rest.split())
            if expected > max_nodes:
                print("skip %s depth %d (%d leaves)" % (label, depth, expected))
                continue
            got = perft(pos, depth)
            verdict = "ok  " if got == expected else "MISS"
            misses += got != expected
            print("%s %s depth %d: %d (table %d)" % (verdict, label, depth, got, expected))
            sys.stdout.flush()
    return misses


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    args = sys.argv[1:]
    if args[0] == "--table":
        limit = int(args[args.index("--max-nodes") + 1]) if "--max-nodes" in args else 10**6
        sys.exit(1 if check_table(args[1], limit) else 0)
    sfen = START if args[0] == "startpos" else args[0]
    depth = int(args[1])
    divide = "divide" in args[2:]
    pos = Position.from_sfen(sfen)
    if "moves" in args:
        moves = args[args.index("moves") + 1 :]
        pos = play_moves(pos, moves)
        number = int(sfen.split()[3]) if len(sfen.split()) > 3 else 1
        print("sfen " + to_sfen(pos, number + len(moves)))
    for d in range(1, depth + 1):
        print("perft %d %d" % (d, perft(pos, d)), flush=True)
    if divide:
        for m in pos.legal_moves():
            print("%s: %d" % (move_text(pos, m), perft(pos.play(m), depth - 1)))


if __name__ == "__main__":
    main()
