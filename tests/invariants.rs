//! Randomized invariants for every game, reproducible (fixed seeds).
//!
//! Random playouts from the start position and from every position of the
//! perft tables (tests/perft/*.perft) check at each step:
//! - the incremental key equals the key computed from scratch;
//! - SFEN out then in gives the same SFEN and key;
//! - every generated move makes and unmakes back to the same SFEN and key,
//!   and its text reads back as a move reaching the same position;
//! - no two generated moves reach the same position;
//! - the legal moves agree with an independent slow oracle written from
//!   docs/rules/ alone ([`oracle`]): as sets for shogi and Mortal Shogi; for
//!   Sigma 4 every generated move leaves the mover's royal unattacked (the
//!   variants' completeness is pinned by their perft tables, whose counts
//!   come from the independent Python generators in tests/reference/).
//!
//! And perft divide sums equal perft totals (and the tables' counts).

use std::collections::BTreeSet;

use henkei::chance;
use henkei::game::Game;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Plies per playout, and playouts per start position.
const PLIES: usize = 24;
const PLAYOUTS_FROM_START: usize = 6;
const PLAYOUTS_PER_TABLE_POSITION: usize = 2;
/// Perft divide is compared at depth 2 where the table's count is below this.
const DIVIDE_LIMIT: u64 = 300_000;

/// What the playouts need beyond [`Game`]: each game's hooks.
trait Subject: Game {
    const TABLE: &'static str;
    fn key_from_scratch_of(&self) -> u64;
    /// The incremental key [`Subject::key_from_scratch_of`] is compared with.
    fn board_key(&self) -> u64 {
        self.key()
    }
    /// A table's `dice D1D2` line (Shogammon only).
    fn set_table_dice(&mut self, dice: &str) {
        panic!("{}: a dice line '{dice}' in the perft table", Self::VARIANT);
    }
    /// Before generating moves: Shogammon rolls the dice.
    fn before_generate(&mut self, _rng: &mut StdRng) {}
    /// After reading an SFEN: carry over what the SFEN does not hold (the roll).
    fn carry_over(&mut self, _from: &Self) {}
    /// The independent legality check, if this game has one.
    fn check_with_oracle(&self, _moves: &[Self::Move]) {}
    fn perft_n(&mut self, depth: u32) -> u64 {
        henkei::perft::perft(self, depth)
    }
    fn divide_sum(&mut self, depth: u32) -> u64 {
        henkei::perft::perft_divide(self, depth)
            .iter()
            .map(|(_, n)| n)
            .sum()
    }
}

impl Subject for henkei::shogi::Position {
    const TABLE: &'static str = include_str!("perft/shogi.perft");
    fn key_from_scratch_of(&self) -> u64 {
        self.key_from_scratch()
    }
    fn check_with_oracle(&self, moves: &[Self::Move]) {
        oracle::compare_9x9(self, moves, oracle::Rules9::Shogi);
    }
}

impl Subject for henkei::mortal::Position {
    const TABLE: &'static str = include_str!("perft/mortal.perft");
    fn key_from_scratch_of(&self) -> u64 {
        self.key_from_scratch()
    }
    fn check_with_oracle(&self, moves: &[Self::Move]) {
        oracle::compare_9x9(self, moves, oracle::Rules9::Mortal);
    }
}

impl Subject for henkei::sigma4::Position {
    const TABLE: &'static str = include_str!("perft/sigma4.perft");
    fn key_from_scratch_of(&self) -> u64 {
        self.key_from_scratch()
    }
    fn check_with_oracle(&self, moves: &[Self::Move]) {
        oracle::sigma4_royal_safe(self, moves);
    }
}

impl Subject for henkei::shogammon::Position {
    const TABLE: &'static str = include_str!("perft/shogammon.perft");
    fn key_from_scratch_of(&self) -> u64 {
        self.key_from_scratch()
    }
    /// The position's key also holds the roll; the board's is the core's.
    fn board_key(&self) -> u64 {
        self.core().key()
    }
    fn before_generate(&mut self, rng: &mut StdRng) {
        let rolls = henkei::shogammon::ROLLS;
        self.set_roll(Some(rolls[rng.gen_range(0..rolls.len())].0));
    }
    fn set_table_dice(&mut self, dice: &str) {
        let roll: Vec<u8> = dice.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        self.set_dice([roll[0], roll[1]])
            .expect("table dice are valid");
    }
    fn carry_over(&mut self, from: &Self) {
        self.set_roll(from.roll());
    }
    fn perft_n(&mut self, depth: u32) -> u64 {
        chance::perft(self, depth)
    }
    fn divide_sum(&mut self, depth: u32) -> u64 {
        chance::perft_divide(self, depth)
            .iter()
            .map(|(_, n)| n)
            .sum()
    }
}

/// The position as SFEN text and key.
fn fingerprint<G: Game>(pos: &G) -> (String, u64) {
    (pos.to_sfen().to_string(), pos.key())
}

/// A perft table's position: its id, the position, its (depth, count) lines.
type TablePosition<G> = (String, G, Vec<(u32, u64)>);

fn table_positions<G: Subject>() -> Vec<TablePosition<G>> {
    let mut out: Vec<TablePosition<G>> = Vec::new();
    let mut id = String::new();
    for line in G::TABLE.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("sfen ") {
            let sfen = usi::parse_sfen(rest).expect("table SFEN parses");
            let pos = G::from_sfen(&sfen).expect("table SFEN is legal");
            out.push((id.clone(), pos, Vec::new()));
        } else if let Some(rest) = line.strip_prefix("dice ") {
            let entry = out.last_mut().expect("dice after sfen");
            entry.1.set_table_dice(rest);
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').expect("perft <depth> <count>");
            let entry = out.last_mut().expect("perft after sfen");
            entry.2.push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    out
}

/// Every per-position invariant; `moves` are the position's legal moves.
fn check_position<G: Subject>(pos: &mut G, moves: &[G::Move], what: &str) {
    assert_eq!(
        pos.board_key(),
        pos.key_from_scratch_of(),
        "{what}: incremental key differs from the key from scratch at {}",
        pos.to_sfen()
    );
    let before = fingerprint(pos);
    let text = pos.to_sfen().to_string();
    let sfen = usi::parse_sfen(&text).unwrap_or_else(|e| panic!("{what}: '{text}': {e}"));
    let mut again = G::from_sfen(&sfen).unwrap_or_else(|e| panic!("{what}: '{text}': {e}"));
    again.carry_over(pos);
    assert_eq!(fingerprint(&again), before, "{what}: SFEN round trip");

    let mut reached = BTreeSet::new();
    for &m in moves {
        pos.do_move(m);
        let after = pos.board_key();
        assert_eq!(
            after,
            pos.key_from_scratch_of(),
            "{what}: key after {m:?} from {text}"
        );
        pos.undo_move();
        assert_eq!(fingerprint(pos), before, "{what}: make/unmake of {m:?}");
        assert!(
            reached.insert(after),
            "{what}: two moves reach one position ({m:?}) from {text}"
        );
        let back = pos
            .parse_move(&pos.format_move(m))
            .unwrap_or_else(|e| panic!("{what}: own text of {m:?} refused: {e} at {text}"));
        pos.do_move(back);
        assert_eq!(
            pos.board_key(),
            after,
            "{what}: {m:?} read back differently"
        );
        pos.undo_move();
    }
    pos.check_with_oracle(moves);
}

/// One random playout of up to [`PLIES`] moves from `start`.
fn playout<G: Subject>(start: &G, rng: &mut StdRng, what: &str) {
    let mut pos = start.clone();
    for ply in 0..PLIES {
        pos.before_generate(rng);
        let mut moves = G::Moves::default();
        pos.generate_legal(&mut moves);
        let what = format!("{what} ply {ply}");
        check_position(&mut pos, &moves, &what);
        if moves.is_empty() {
            return;
        }
        pos.do_move(moves[rng.gen_range(0..moves.len())]);
    }
}

fn playouts<G: Subject>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for n in 0..PLAYOUTS_FROM_START {
        playout(
            &G::startpos(),
            &mut rng,
            &format!("{} startpos #{n}", G::VARIANT),
        );
    }
    for (id, pos, _) in table_positions::<G>() {
        for n in 0..PLAYOUTS_PER_TABLE_POSITION {
            playout(&pos, &mut rng, &format!("{} {id} #{n}", G::VARIANT));
        }
    }
}

fn divide_sums<G: Subject>() {
    let mut checked = 0;
    for (id, mut pos, counts) in table_positions::<G>() {
        for (depth, count) in counts {
            if depth > 2 || count > DIVIDE_LIMIT {
                continue;
            }
            assert_eq!(
                pos.divide_sum(depth),
                count,
                "{} {id} divide {depth}",
                G::VARIANT
            );
            assert_eq!(
                pos.perft_n(depth),
                count,
                "{} {id} perft {depth}",
                G::VARIANT
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "{}: no table line small enough", G::VARIANT);
}

#[test]
fn shogi_playouts() {
    playouts::<henkei::shogi::Position>(1);
}

#[test]
fn mortal_playouts() {
    playouts::<henkei::mortal::Position>(2);
}

#[test]
fn shogammon_playouts() {
    playouts::<henkei::shogammon::Position>(3);
}

#[test]
fn sigma4_playouts() {
    playouts::<henkei::sigma4::Position>(4);
}

#[test]
fn perft_divide_sums_match_totals() {
    divide_sums::<henkei::shogi::Position>();
    divide_sums::<henkei::mortal::Position>();
    divide_sums::<henkei::shogammon::Position>();
    divide_sums::<henkei::sigma4::Position>();
}

/// Slow legality checks written from docs/rules/ on plain arrays built from
/// the SFEN, sharing no code with the engine's move generators.
mod oracle {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Eq)]
    pub enum Rules9 {
        Shogi,
        Mortal,
    }

    /// A piece: owner (true = sente), upper-case letter, promoted.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct Pc {
        black: bool,
        letter: char,
        promoted: bool,
    }

    /// board[rank][file], both 1..=9 (rank 1 = `a`); index 0 unused.
    type Board = [[Option<Pc>; 10]; 10];

    struct State {
        board: Board,
        black: bool,
        /// (piece text as written in a drop, e.g. `P` or `+B`, count) of the mover.
        hand: Vec<(String, u32)>,
        /// The opponent's hand (for the uchifuzume escape search).
        their_hand: Vec<(String, u32)>,
    }

    fn read(sfen: &usi::Sfen) -> State {
        let mut board: Board = [[None; 10]; 10];
        for (r, row) in sfen.board.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let usi::Cell::Piece(t) = cell {
                    board[r + 1][9 - c] = Some(Pc {
                        black: t.side == usi::Side::Black,
                        letter: t.letter.to_ascii_uppercase(),
                        promoted: t.promoted,
                    });
                }
            }
        }
        let black = sfen.side == usi::Side::Black;
        let hand_of = |side_black: bool| -> Vec<(String, u32)> {
            sfen.hand
                .iter()
                .filter(|h| (h.piece.side == usi::Side::Black) == side_black && h.count > 0)
                .map(|h| {
                    let plus = if h.piece.promoted { "+" } else { "" };
                    (
                        format!("{plus}{}", h.piece.letter.to_ascii_uppercase()),
                        h.count,
                    )
                })
                .collect()
        };
        State {
            board,
            black,
            hand: hand_of(black),
            their_hand: hand_of(!black),
        }
    }

    /// Moves of a sente piece as (file step, rank step, slides); gote's are
    /// mirrored. Rank steps of -1 go toward rank `a` (forward for sente).
    fn steps(p: Pc) -> Vec<(i32, i32, bool)> {
        let gold = vec![
            (0, -1, false),
            (1, -1, false),
            (-1, -1, false),
            (1, 0, false),
            (-1, 0, false),
            (0, 1, false),
        ];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        match (p.letter, p.promoted) {
            ('K', _) => diag
                .iter()
                .chain(&orth)
                .map(|&(f, r)| (f, r, false))
                .collect(),
            ('R', promoted) => {
                let mut v: Vec<_> = orth.iter().map(|&(f, r)| (f, r, true)).collect();
                if promoted {
                    v.extend(diag.iter().map(|&(f, r)| (f, r, false)));
                }
                v
            }
            ('B', promoted) => {
                let mut v: Vec<_> = diag.iter().map(|&(f, r)| (f, r, true)).collect();
                if promoted {
                    v.extend(orth.iter().map(|&(f, r)| (f, r, false)));
                }
                v
            }
            ('G', _) | (_, true) => gold,
            ('S', false) => vec![
                (0, -1, false),
                (1, -1, false),
                (-1, -1, false),
                (1, 1, false),
                (-1, 1, false),
            ],
            ('N', false) => vec![(1, -2, false), (-1, -2, false)],
            ('L', false) => vec![(0, -1, true)],
            ('P', false) => vec![(0, -1, false)],
            other => panic!("oracle: unknown piece {other:?}"),
        }
    }

    /// Squares piece `p` on (f, r) attacks or may move to (own pieces included).
    fn reach(board: &Board, p: Pc, f: i32, r: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        let dir = if p.black { 1 } else { -1 };
        for (df, dr, slides) in steps(p) {
            let (mut tf, mut tr) = (f + df, r + dr * dir);
            while (1..=9).contains(&tf) && (1..=9).contains(&tr) {
                out.push((tf, tr));
                if !slides || board[tr as usize][tf as usize].is_some() {
                    break;
                }
                tf += df;
                tr += dr * dir;
            }
        }
        out
    }

    fn king_attacked(board: &Board, black: bool) -> bool {
        let own_king = Some(Pc {
            black,
            letter: 'K',
            promoted: false,
        });
        let king = (1..=9i32)
            .flat_map(|r| (1..=9i32).map(move |f| (f, r)))
            .find(|&(f, r)| board[r as usize][f as usize] == own_king);
        let Some(king) = king else { return false };
        (1..=9).any(|r: i32| {
            (1..=9).any(|f: i32| match board[r as usize][f as usize] {
                Some(p) if p.black != black => reach(board, p, f, r).contains(&king),
                _ => false,
            })
        })
    }

    /// Ranks counted from the mover's far side: 1 = last rank.
    fn depth_for(black: bool, r: i32) -> i32 {
        if black {
            r
        } else {
            10 - r
        }
    }

    /// A piece that could never move again from rank `r`.
    fn dead(letter: char, black: bool, r: i32) -> bool {
        let d = depth_for(black, r);
        match letter.to_ascii_uppercase() {
            'P' | 'L' => d == 1,
            'N' => d <= 2,
            _ => false,
        }
    }

    fn square(f: i32, r: i32) -> String {
        format!("{f}{}", (b'a' + r as u8 - 1) as char)
    }

    /// The promotion choices (suffix, resulting piece) of a board move.
    fn promotions(rules: Rules9, p: Pc, from_r: i32, to_r: i32) -> Vec<(String, Pc)> {
        let zone = depth_for(p.black, from_r) <= 3 || depth_for(p.black, to_r) <= 3;
        let upper = p.letter.to_ascii_uppercase();
        let mut out = Vec::new();
        if !dead(upper, p.black, to_r) || p.promoted {
            out.push((String::new(), p));
        }
        if !zone || p.promoted {
            return out;
        }
        match rules {
            Rules9::Shogi if "PLNSBR".contains(upper) => {
                out.push((
                    "+".to_string(),
                    Pc {
                        promoted: true,
                        ..p
                    },
                ));
            }
            Rules9::Mortal if "BR".contains(upper) => {
                out.push((
                    "+".to_string(),
                    Pc {
                        promoted: true,
                        ..p
                    },
                ));
            }
            Rules9::Mortal => {
                // Up the order P < N < L < S < G, never into a dead piece.
                let order = ['P', 'N', 'L', 'S', 'G'];
                if let Some(i) = order.iter().position(|&c| c == upper) {
                    for &target in &order[i + 1..] {
                        if !dead(target, p.black, to_r) {
                            out.push((
                                format!("={target}"),
                                Pc {
                                    letter: target,
                                    ..p
                                },
                            ));
                        }
                    }
                }
            }
            Rules9::Shogi => {}
        }
        out
    }

    /// Every legal move as text, with the board after it.
    fn legal(rules: Rules9, s: &State, uchifuzume_check: bool) -> Vec<(String, Board)> {
        let mut out = Vec::new();
        for r in 1..=9i32 {
            for f in 1..=9i32 {
                let Some(p) = s.board[r as usize][f as usize] else {
                    continue;
                };
                if p.black != s.black {
                    continue;
                }
                for (tf, tr) in reach(&s.board, p, f, r) {
                    if s.board[tr as usize][tf as usize].is_some_and(|q| q.black == s.black) {
                        continue;
                    }
                    for (suffix, placed) in promotions(rules, p, r, tr) {
                        let mut b = s.board;
                        b[r as usize][f as usize] = None;
                        b[tr as usize][tf as usize] = Some(placed);
                        if !king_attacked(&b, s.black) {
                            out.push((format!("{}{}{suffix}", square(f, r), square(tf, tr)), b));
                        }
                    }
                }
            }
        }
        for (text, _) in &s.hand {
            let promoted = text.starts_with('+');
            let upper = text.chars().last().expect("a letter");
            let piece = Pc {
                black: s.black,
                letter: upper,
                promoted,
            };
            for r in 1..=9i32 {
                for f in 1..=9i32 {
                    if s.board[r as usize][f as usize].is_some()
                        || (!promoted && dead(upper, s.black, r))
                    {
                        continue;
                    }
                    if upper == 'P' && !promoted && nifu(&s.board, s.black, f) {
                        continue;
                    }
                    let mut b = s.board;
                    b[r as usize][f as usize] = Some(piece);
                    if king_attacked(&b, s.black) {
                        continue;
                    }
                    if upper == 'P' && uchifuzume_check && mates(rules, s, &b) {
                        continue;
                    }
                    out.push((format!("{text}*{}", square(f, r)), b));
                }
            }
        }
        out
    }

    fn nifu(board: &Board, black: bool, f: i32) -> bool {
        (1..=9).any(|r| {
            board[r][f as usize].is_some_and(|p| p.black == black && p.letter == 'P' && !p.promoted)
        })
    }

    /// Whether the opponent, to move on `b`, is checkmated. Its own pawn
    /// drops need no uchifuzume test here: no drop answers a pawn's check.
    fn mates(rules: Rules9, s: &State, b: &Board) -> bool {
        if !king_attacked(b, !s.black) {
            return false;
        }
        let them = State {
            board: *b,
            black: !s.black,
            hand: s.their_hand.clone(),
            their_hand: Vec::new(),
        };
        legal(rules, &them, false).is_empty()
    }

    /// The engine's legal moves equal the oracle's, as sets of texts.
    pub fn compare_9x9<G: Game>(pos: &G, moves: &[G::Move], rules: Rules9) {
        let state = read(&pos.to_sfen());
        let expected: BTreeSet<String> = legal(rules, &state, true)
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        let got: BTreeSet<String> = moves
            .iter()
            .map(|&m| pos.format_move(m).to_string())
            .collect();
        assert_eq!(
            got.len(),
            moves.len(),
            "duplicate moves at {}",
            pos.to_sfen()
        );
        let missing: Vec<_> = expected.difference(&got).collect();
        let extra: Vec<_> = got.difference(&expected).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: {} legal moves missing {missing:?}, illegal generated {extra:?}",
            pos.to_sfen(),
            G::VARIANT
        );
    }

    // ---- Sigma 4 -----------------------------------------------------------

    /// A base: owner (true = sente) and stone letters (upper case, `R` royal).
    type Board7 = [[Option<(bool, Vec<char>)>; 7]; 7];

    fn read7(sfen: &usi::Sfen) -> Board7 {
        let mut board: Board7 = Default::default();
        for (r, row) in sfen.board.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let usi::Cell::Base { side, stones } = cell {
                    let stones = stones.iter().map(|s| s.to_ascii_uppercase()).collect();
                    board[r][c] = Some((*side == usi::Side::Black, stones));
                }
            }
        }
        board
    }

    /// Leap vectors of a stone (all eight symmetries) and whether k stones
    /// of the kind repeat the step k times (rank 1 and 2 kinds).
    fn stone_vectors(stone: char) -> (Vec<(i32, i32)>, bool) {
        let (bases, repeats): (&[(i32, i32)], bool) = match stone {
            'W' => (&[(0, 1)], true),
            'F' => (&[(1, 1)], true),
            'D' => (&[(0, 2)], true),
            'E' => (&[(2, 2)], true),
            'N' => (&[(1, 2)], false),
            'J' => (&[(0, 3), (3, 3)], false),
            'Z' => (&[(2, 3)], false),
            'C' => (&[(1, 3)], false),
            _ => (&[], false),
        };
        let mut v = BTreeSet::new();
        for &(a, b) in bases {
            for (x, y) in [(a, b), (b, a)] {
                for sx in [1, -1] {
                    for sy in [1, -1] {
                        v.insert((x * sx, y * sy));
                    }
                }
            }
        }
        (v.into_iter().collect(), repeats)
    }

    /// Whether the base at (r, c) could move onto (tr, tc).
    fn base_reaches(board: &Board7, r: i32, c: i32, stones: &[char], target: (i32, i32)) -> bool {
        for &stone in stones {
            let count = stones.iter().filter(|&&s| s == stone).count() as i32;
            let (vectors, repeats) = stone_vectors(stone);
            for (dr, dc) in vectors {
                let times = if repeats { count } else { 1 };
                for k in 1..=times {
                    let (tr, tc) = (r + dr * k, c + dc * k);
                    if !(0..7).contains(&tr) || !(0..7).contains(&tc) {
                        break;
                    }
                    if (tr, tc) == target {
                        return true;
                    }
                    if board[tr as usize][tc as usize].is_some() {
                        break;
                    }
                }
            }
        }
        false
    }

    /// Every generated move leaves the mover's royal base unattacked.
    pub fn sigma4_royal_safe(pos: &henkei::sigma4::Position, moves: &[henkei::sigma4::Move]) {
        let mover_black = pos.to_sfen().side == usi::Side::Black;
        let mut pos = pos.clone();
        for &m in moves {
            pos.do_move(m);
            let board = read7(&pos.to_sfen());
            pos.undo_move();
            let mut royal = None;
            for (r, row) in board.iter().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    if let Some((black, stones)) = cell {
                        if *black == mover_black && stones.contains(&'R') {
                            royal = Some((r as i32, c as i32));
                        }
                    }
                }
            }
            let royal = royal.expect("the mover keeps its royal base");
            for (r, row) in board.iter().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    if let Some((black, stones)) = cell {
                        assert!(
                            *black == mover_black
                                || !base_reaches(&board, r as i32, c as i32, stones, royal),
                            "{m:?} from {} leaves the royal attacked",
                            pos.to_sfen()
                        );
                    }
                }
            }
        }
    }
}
