//! Opening setups (docs/rules/sigma4.md, the seed's rules A1–A4): checking one, and
//! the engine's own choice for `go setup`.
//!
//! A setup is one side's three ranks as the SFEN board writes them, top rank
//! first (`R1/R2/R3`): gote's ranks a, b, c in lower case, sente's e, f, g in
//! upper case. It places all 42 stones on the side's 21 bases, the royal
//! base on its start square (4g for sente, 4a for gote, the seed's d1/d7).
//!
//! The engine's choice samples random legal setups, keeps the few the
//! evaluation likes best after a short capture search in which the opponent
//! (standing in the standard setup, or a given one) moves first, and plays
//! the one of them, or the standard setup, that the engine's search rates
//! best with the opponent to move.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::eval::evaluate;
use super::movegen::Moves;
use super::position::{base_cell, own_corners, read_base, royal_start, Position};
use super::types::{Base, Square7, Stone, Stones};
use crate::game::{Color, GameError, Rules, SetupError};
use crate::registry::{GameOption, GameOptionKind};
use crate::search::{search, Limits, SearchControl};
use crate::tt::TranspositionTable;

/// How the match tool asks for, checks and places setups.
pub const SETUP_RULES: crate::registry::SetupRules = crate::registry::SetupRules {
    request_position,
    random: |side, rng| setup_text(side, &random_setup(side, rng)),
    validate: |side, text| validate_setup(side, text).map_err(|e| e.to_string()),
    start_sfen: |setups| format!("{}/7/{} b - 1", setups[1], setups[0]),
};

/// The option choosing how `go setup` answers: `search` (the engine's
/// choice, [`choose_setup`]), `standard` (the start position's camp) or
/// `random` (a random legal setup from the seed).
pub const SETUP_CHOICE: &str = "SetupChoice";

/// Sigma 4's engine options.
pub const OPTIONS: [GameOption; 1] = [GameOption {
    name: SETUP_CHOICE,
    kind: GameOptionKind::Combo {
        default: "search",
        vars: &["search", "standard", "random"],
    },
}];

/// The setup `go setup` answers for `side` under the `SetupChoice` value
/// `choice` (the engine's choice for any value but `standard` and `random`).
pub fn setup_by_choice(choice: &str, side: Color, seed: u64) -> String {
    match choice {
        "standard" => standard_setup(side),
        "random" => setup_text(side, &random_setup(side, &mut StdRng::seed_from_u64(seed))),
        _ => choose_setup(side, seed),
    }
}

/// The start position's board with `side` to move (the `position` sent
/// before `go setup`; the engine replaces `side`'s camp with its choice).
fn request_position(side: Color) -> String {
    let board = super::STARTPOS_SFEN.split(' ').next().unwrap_or_default();
    let side = if side == Color::Black { "b" } else { "w" };
    format!("position sfen {board} {side} - 1")
}

/// Candidate setups `choose_setup` samples (with the judging of the
/// finalists, 0.4-1 s in release).
pub const DEFAULT_SAMPLES: usize = 160;

/// The ranks of `c`'s camp, top first.
fn camp_ranks(c: Color) -> [u8; 3] {
    match c {
        Color::Black => [4, 5, 6],
        Color::White => [0, 1, 2],
    }
}

/// The 21 squares of `c`'s camp in SFEN order (top rank first, file 7 to 1).
pub fn camp(c: Color) -> Vec<Square7> {
    camp_ranks(c)
        .iter()
        .flat_map(|&r| (0..7u8).map(move |col| Square7::new(7 - col, r)))
        .collect()
}

/// Checks a setup `R1/R2/R3` for `side`; the error names the broken rule.
pub fn validate_setup(side: Color, setup: &str) -> Result<(), GameError> {
    parse_setup(side, setup).map(|_| ())
}

/// Reads and checks a setup: the bases with their squares, in SFEN order.
pub fn parse_setup(side: Color, setup: &str) -> Result<Vec<(Square7, Base)>, GameError> {
    let text = setup.trim();
    if text.split('/').count() != 3 {
        return Err(SetupError::RankCount {
            text: text.to_string(),
            found: text.split('/').count(),
        }
        .into());
    }
    let sfen = usi::parse_sfen(&format!("{text} b - 1")).map_err(|error| SetupError::Syntax {
        text: text.to_string(),
        error,
    })?;
    check_setup_cells(side, &sfen.board)
}

/// The setup rules over the three ranks of `side`'s camp (top first).
pub fn check_setup_cells(
    side: Color,
    ranks: &[Vec<usi::Cell>],
) -> Result<Vec<(Square7, Base)>, GameError> {
    let squares = camp(side);
    if ranks.len() != 3 || ranks.iter().any(|r| r.len() != 7) {
        return Err(SetupError::Shape { side }.into());
    }
    let mut bases = Vec::with_capacity(21);
    for (cell, &sq) in ranks.iter().flatten().zip(squares.iter()) {
        let square = sq.to_usi();
        let base = match cell {
            usi::Cell::Base { side: s, stones } if Color::from_usi(*s) == side => {
                read_base(stones).map_err(|detail| SetupError::BadBase { square, detail })?
            }
            usi::Cell::Base { .. } => return Err(SetupError::WrongCase { square, side }.into()),
            usi::Cell::Empty => return Err(SetupError::Empty { square, side }.into()),
            _ => return Err(SetupError::NotABase { square }.into()),
        };
        let corner = own_corners(side).contains(sq);
        base.check_setup(corner)
            .map_err(|rule| SetupError::BreaksRule {
                square,
                base: base.to_string(),
                rule,
            })?;
        bases.push((sq, base));
    }
    let royals: Vec<Square7> = bases
        .iter()
        .filter(|(_, b)| b.royal)
        .map(|&(s, _)| s)
        .collect();
    let start = royal_start(side);
    match royals.as_slice() {
        [sq] if *sq == start => {}
        [sq] => {
            return Err(SetupError::RoyalMisplaced {
                square: sq.to_usi(),
                start: start.to_usi(),
            }
            .into())
        }
        _ => {
            return Err(SetupError::RoyalCount {
                side,
                count: royals.len(),
                start: start.to_usi(),
            }
            .into())
        }
    }
    let placed = bases
        .iter()
        .fold(Stones::EMPTY, |acc, (_, b)| acc.plus(b.stones));
    for s in Stone::ALL {
        let n = placed.count(s);
        let set = Stone::SET[s.index()];
        if n != set {
            return Err(SetupError::StoneCount {
                count: n,
                stone: s.letter(),
                set,
            }
            .into());
        }
    }
    Ok(bases)
}

/// Writes bases (in camp order) as `R1/R2/R3`.
pub fn setup_text(side: Color, bases: &[(Square7, Base)]) -> String {
    let sfen = usi::Sfen {
        board: bases
            .chunks(7)
            .map(|rank| rank.iter().map(|&(_, b)| base_cell(side, b)).collect())
            .collect(),
        side: usi::Side::Black,
        hand: Vec::new(),
        move_number: 1,
    };
    // The board field is the SFEN's first word.
    let text = sfen.to_string();
    text.split(' ').next().unwrap_or_default().to_string()
}

/// A uniformly shuffled legal setup, or `None` when the random filling got
/// stuck (the caller retries).
fn try_random_setup(side: Color, rng: &mut StdRng) -> Option<Vec<(Square7, Base)>> {
    let squares = camp(side);
    let royal_i = squares.iter().position(|&s| s == royal_start(side))?;
    let corners = own_corners(side);
    let mut stones = [Stones::EMPTY; 21];
    let cap = |i: usize| if i == royal_i { 2 } else { 4 };

    // Rank 3 and 4 stones go to ten different plain bases (no base holds
    // both at setup, nor two of one rank); J, Z and C avoid the corners.
    let mut free: Vec<usize> = (0..21).filter(|&i| i != royal_i).collect();
    free.shuffle(rng);
    for s in [Stone::J, Stone::J, Stone::Z, Stone::Z, Stone::C, Stone::C] {
        let k = free.iter().position(|&i| !corners.contains(squares[i]))?;
        let i = free.remove(k);
        stones[i] = stones[i].with(s, 1);
    }
    for _ in 0..4 {
        let i = free.pop()?;
        stones[i] = stones[i].with(Stone::N, 1);
    }

    // Then the 32 W, F, D, E: first one to every base still empty, then
    // the rest wherever they fit.
    let mut pool: Vec<Stone> = [Stone::W, Stone::F, Stone::D, Stone::E]
        .iter()
        .flat_map(|&s| std::iter::repeat_n(s, 8))
        .collect();
    pool.shuffle(rng);
    let fits_on = |stones: &[Stones; 21], i: usize, s: Stone| {
        (stones[i].total() as usize) < cap(i) && (s.rank() == 1 || stones[i].count(s) < 2)
    };
    for base in stones.iter_mut().filter(|b| b.is_empty()) {
        *base = base.with(pool.pop()?, 1);
    }
    while let Some(s) = pool.pop() {
        let options: Vec<usize> = (0..21).filter(|&i| fits_on(&stones, i, s)).collect();
        if options.is_empty() {
            return None;
        }
        let i = options[rng.gen_range(0..options.len())];
        stones[i] = stones[i].with(s, 1);
    }
    Some(
        squares
            .iter()
            .enumerate()
            .map(|(i, &sq)| (sq, Base::new(stones[i], i == royal_i)))
            .collect(),
    )
}

/// A random legal setup for `side`.
pub fn random_setup(side: Color, rng: &mut StdRng) -> Vec<(Square7, Base)> {
    loop {
        if let Some(s) = try_random_setup(side, rng) {
            return s;
        }
    }
}

/// The standard setup of `side` (its half of the start position).
pub fn standard_setup(side: Color) -> String {
    let start = super::position::STARTPOS_SFEN;
    let ranks: Vec<&str> = start
        .split(' ')
        .next()
        .unwrap_or_default()
        .split('/')
        .collect();
    match side {
        Color::White => ranks[..3].join("/"),
        Color::Black => ranks[4..].join("/"),
    }
}

/// The engine's setup for `side` (`go setup`), varying with `seed`.
pub fn choose_setup(side: Color, seed: u64) -> String {
    choose_setup_with(side, None, seed, DEFAULT_SAMPLES)
}

/// The engine's setup for `side` against `opponent` (its setup text, when
/// known and valid; otherwise the standard setup), comparing `samples`
/// random legal setups.
pub fn choose_setup_with(side: Color, opponent: Option<&str>, seed: u64, samples: usize) -> String {
    let them = side.flip();
    let opponent = opponent
        .filter(|o| validate_setup(them, o).is_ok())
        .map(str::to_string)
        .unwrap_or_else(|| standard_setup(them));
    let mut rng = StdRng::seed_from_u64(seed);
    let mut sampled: Vec<(i32, String)> = (0..samples.max(1))
        .filter_map(|_| {
            let text = setup_text(side, &random_setup(side, &mut rng));
            score_setup(side, &text, &opponent).map(|score| (score, text))
        })
        .collect();
    // Stable: equal scores keep the order drawn.
    sampled.sort_by_key(|e| std::cmp::Reverse(e.0));
    sampled.truncate(FINALISTS);
    let finalists = sampled
        .into_iter()
        .map(|(_, text)| text)
        .chain(std::iter::once(standard_setup(side)));
    let mut best: Option<(i32, String)> = None;
    for text in finalists {
        let Some(score) = judge_setup(side, &text, &opponent) else {
            continue;
        };
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, text));
        }
    }
    best.map(|(_, t)| t).unwrap_or_else(|| standard_setup(side))
}

/// How many of the sampled setups, the best by the capture search, the
/// engine's search judges (with the standard setup, which is kept unless
/// one of them does better).
const FINALISTS: usize = 12;

/// The depth of the search that judges the finalists: the opponent's
/// first move and the replies, with quiescence (tens of milliseconds
/// each).
const JUDGE_DEPTH: u32 = 3;

/// The position of the two setups with the opponent to move (it moves
/// first in our view: it may start trading at once).
fn setup_position(side: Color, ours: &str, theirs: &str) -> Option<Position> {
    let (top, bottom) = match side {
        Color::Black => (theirs, ours),
        Color::White => (ours, theirs),
    };
    let to_move = match side.flip() {
        Color::Black => 'b',
        Color::White => 'w',
    };
    let sfen = usi::parse_sfen(&format!("{top}/7/{bottom} {to_move} - 1")).ok()?;
    Position::from_sfen(&sfen).ok()
}

/// Our view of a setup by a short capture search, the opponent first.
fn score_setup(side: Color, ours: &str, theirs: &str) -> Option<i32> {
    let mut pos = setup_position(side, ours, theirs)?;
    Some(-captures_only(&mut pos, 2, -i32::MAX, i32::MAX))
}

/// Our view of a setup by the engine's search to [`JUDGE_DEPTH`], the
/// opponent first.
pub(super) fn judge_setup(side: Color, ours: &str, theirs: &str) -> Option<i32> {
    let mut pos = setup_position(side, ours, theirs)?;
    let mut tt = TranspositionTable::new(JUDGE_HASH_MB).ok()?;
    let limits = Limits {
        depth: Some(JUDGE_DEPTH),
        ..Limits::default()
    };
    let control = SearchControl::unlimited();
    let result = search(
        &mut pos,
        &mut tt,
        &control,
        &limits,
        &Rules::default(),
        &mut |_| {},
    );
    Some(-result.score)
}

/// The judging search's table (megabytes).
const JUDGE_HASH_MB: usize = 2;

/// A tiny quiescence: stand pat or take with the principal refit.
fn captures_only(pos: &mut Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let stand = evaluate(pos);
    if depth == 0 || stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves = Moves::new();
    pos.generate_legal(&mut moves);
    let mut best = stand;
    for &m in moves.iter().filter(|m| m.is_principal()) {
        pos.do_move(m);
        let score = -captures_only(pos, depth - 1, -beta, -alpha);
        pos.undo_move();
        if score > best {
            best = score;
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
    }
    best
}
