//! Training data from self-play of the material-only engine (or the
//! shipped one).
//!
//! Each game starts (from a random setup, if asked and the game has
//! setups) with a few uniformly random plies, then both sides
//! search with a fixed node budget. The playing engine's evaluation is the
//! material one plus a small pseudo-random term per position ([`Noisy`],
//! seeded per game): a pure material evaluation scores every quiet move
//! alike, so without it the games would repeat each other and often end
//! in early repetition draws. The game ends by the rules
//! (`Game::outcome`: no legal move loses, repetition, the move limit draws),
//! by a declaration win, or by adjudication: a mate score found by the
//! search, or a score of at least `resign` centipawns held by the same side
//! for `resign_plies` consecutive plies.
//!
//! Kept positions are quiet: the side to move is not in check, the move
//! the search chose is not a capture or promotion, and a capture-only
//! quiescence search does not change the static (material) evaluation by
//! more than `quiet_margin`. Each is written as one line:
//! `game<TAB>result<TAB>sfen<TAB>score`, the result from the side to move's
//! view (`1`, `0.5`, `0`) and the score the playing search gave the
//! position (centipawns, the same view): a label from a deeper look than
//! the static evaluation's, which the tuner can blend with the result
//! ([`super::texel::Labels`]).

use std::io::Write;

use super::{decided, random_opening, Material, Noisy, Player, Rng, Tunable};
use crate::game::{Game, Rules, SearchHooks};
use crate::search::score::is_mate_score;
use crate::search::{self, Limits, SearchControl};
use crate::tt::TranspositionTable;

#[derive(Clone, Debug)]
pub struct GenConfig {
    pub games: u32,
    /// Search nodes per move.
    pub nodes: u64,
    /// Random opening plies, uniform in this range.
    pub random_plies: (u32, u32),
    /// The game is a draw after this many plies.
    pub max_plies: u32,
    /// Adjudication threshold (centipawns) and how long it must hold.
    pub resign: i32,
    pub resign_plies: u32,
    /// Size of the pseudo-random term added to the material evaluation of
    /// the playing engine (centipawns, either way), for varied games.
    pub noise: i32,
    /// Largest change of the static evaluation a capture sequence may make
    /// for the position to count as quiet.
    pub quiet_margin: i32,
    pub seed: u64,
    pub hash_mb: usize,
    /// First game number written (to append runs).
    pub first_game: u32,
    /// The evaluation both sides play with.
    pub player: Player,
    /// Start from random setups where the game has them (Sigma 4).
    pub random_setup: bool,
    /// Keep the end of each position's capture sequence (the leaf of a
    /// capture-only search's principal line) instead of only positions
    /// that are quiet already: in Sigma 4 nearly every position has a
    /// capture pending, and the quiet filter kept one in seven.
    pub leaves: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            games: 100,
            nodes: 1500,
            random_plies: (6, 12),
            max_plies: 320,
            resign: 2500,
            resign_plies: 6,
            noise: 20,
            quiet_margin: 30,
            seed: 1,
            hash_mb: 8,
            first_game: 0,
            player: Player::Material,
            random_setup: false,
            leaves: false,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct GenStats {
    pub games: u32,
    pub positions: u64,
    pub plies: u64,
    pub black_wins: u32,
    pub white_wins: u32,
    pub draws: u32,
    pub adjudicated: u32,
}

/// The control, rules and limits of the tuner's searches: `nodes` a move,
/// no clock, no move limit (games end by the rules or adjudication).
pub(super) fn fixed_nodes<M>(nodes: u64) -> (SearchControl, Rules, Limits<M>) {
    let rules = Rules {
        max_moves_to_draw: 0,
        ..Rules::default()
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    (SearchControl::unlimited(), rules, limits)
}

/// Plays `config.games` games and writes their quiet positions to `out`.
pub fn generate<P: Tunable>(
    config: &GenConfig,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&GenStats),
) -> std::io::Result<GenStats> {
    let mut stats = GenStats::default();
    let mut rng = Rng::new(config.seed);
    let mut tt = TranspositionTable::new(config.hash_mb.max(1))
        .map_err(|e| std::io::Error::other(format!("table: {e}")))?;
    let (control, rules, limits) = fixed_nodes(config.nodes);
    let mut game_no = config.first_game;
    while stats.games < config.games {
        let start = match config.random_setup {
            true => P::random_start(&mut rng).unwrap_or_else(P::startpos),
            false => P::startpos(),
        };
        let mut pos = Noisy(start, rng.next_u64(), config.noise, config.player);
        let (lo, hi) = config.random_plies;
        let plies = lo + rng.below((hi.saturating_sub(lo) + 1) as usize) as u32;
        if !random_opening(&mut pos, plies, &mut rng) || pos.0.outcome(&rules).is_some() {
            continue;
        }
        tt.clear();
        let mut kept: Vec<(String, crate::game::Color, i32)> = Vec::new();
        let mut streak: (Option<crate::game::Color>, u32) = (None, 0);
        let mut played = 0;
        // The winner's colour, or None for a draw.
        let winner = loop {
            let stm = pos.side_to_move();
            if let Some(winner) = decided(&pos, &rules) {
                break winner;
            }
            if played >= config.max_plies {
                break None;
            }
            let result = search::search(&mut pos, &mut tt, &control, &limits, &rules, &mut |_| {});
            let Some(best) = result.best else {
                break Some(stm.flip());
            };
            if is_mate_score(result.score) {
                stats.adjudicated += 1;
                break Some(if result.score > 0 { stm } else { stm.flip() });
            }
            let leader = if result.score >= config.resign {
                Some(stm)
            } else if result.score <= -config.resign {
                Some(stm.flip())
            } else {
                None
            };
            streak = match (leader, streak) {
                (Some(l), (Some(s), n)) if l == s => (Some(l), n + 1),
                (Some(l), _) => (Some(l), 1),
                (None, _) => (None, 0),
            };
            if streak.1 >= config.resign_plies {
                stats.adjudicated += 1;
                break streak.0;
            }
            if config.leaves && !pos.in_check() {
                let mut m = Material(pos.0.clone());
                if let Some(leaf) = quiet_leaf(&mut m) {
                    if !leaf.in_check() {
                        let leaf_stm = leaf.side_to_move();
                        let score = if leaf_stm == stm {
                            result.score
                        } else {
                            -result.score
                        };
                        kept.push((leaf.to_sfen().to_string(), leaf_stm, score));
                    }
                }
            } else if is_sample(&pos.0, best, config.quiet_margin) {
                kept.push((pos.to_sfen().to_string(), stm, result.score));
            }
            pos.do_move(best);
            played += 1;
        };
        stats.games += 1;
        stats.plies += played as u64;
        match winner {
            Some(crate::game::Color::Black) => stats.black_wins += 1,
            Some(crate::game::Color::White) => stats.white_wins += 1,
            None => stats.draws += 1,
        }
        for (sfen, stm, score) in &kept {
            let result = match winner {
                None => "0.5",
                Some(w) if w == *stm => "1",
                Some(_) => "0",
            };
            writeln!(out, "{game_no}\t{result}\t{sfen}\t{score}")?;
        }
        stats.positions += kept.len() as u64;
        game_no += 1;
        progress(&stats);
    }
    Ok(stats)
}

/// Whether `pos`, from which `played` was played, is a position the
/// tuner keeps: not in check, the move not a capture or promotion, and
/// quiet by [`is_quiet`] within `margin`.
pub fn is_sample<P: Tunable>(pos: &P, played: P::Move, margin: i32) -> bool {
    !pos.in_check() && !pos.is_tactical(played) && is_quiet(&mut Material(pos.clone()), margin)
}

/// Whether captures and promotions cannot change the static evaluation of
/// `pos` (side to move's view) by more than `margin`.
pub fn is_quiet<G: SearchHooks>(pos: &mut G, margin: i32) -> bool {
    let stand = pos.evaluate();
    let mut budget = 2000u32;
    let q = qsearch(pos, stand - margin - 1, stand + margin + 1, 0, &mut budget);
    budget > 0 && (q - stand).abs() <= margin
}

/// The position at the end of the principal line of a capture-only
/// search from `pos` (`pos` itself if it stands pat), a position as the
/// static evaluation meets it at the search's leaves; `None` if the search
/// ran out of its node budget.
pub fn quiet_leaf<G: SearchHooks>(pos: &mut G) -> Option<G> {
    let mut budget = 3000u32;
    let mut pv = Vec::new();
    // A window around the static score: the line it finds ends where the
    // exchanges settle, and the search stays small.
    let stand = pos.evaluate();
    qsearch_line(pos, stand - 400, stand + 400, 0, &mut budget, &mut pv);
    if budget == 0 {
        return None;
    }
    let mut leaf = pos.clone();
    for &m in &pv {
        leaf.do_move(m);
    }
    // A fresh position: the data line carries no history.
    G::from_sfen(&leaf.to_sfen()).ok()
}

/// Capture-only alpha-beta with stand-pat, at most 8 plies deep and
/// `budget` nodes.
fn qsearch<G: SearchHooks>(pos: &mut G, alpha: i32, beta: i32, ply: u32, budget: &mut u32) -> i32 {
    qsearch_line(pos, alpha, beta, ply, budget, &mut Vec::new())
}

/// [`qsearch`], also giving its principal line in `pv`.
fn qsearch_line<G: SearchHooks>(
    pos: &mut G,
    mut alpha: i32,
    beta: i32,
    ply: u32,
    budget: &mut u32,
    pv: &mut Vec<G::Move>,
) -> i32 {
    pv.clear();
    let stand = pos.evaluate();
    if stand >= beta || ply >= 8 || *budget == 0 {
        return stand;
    }
    *budget -= 1;
    alpha = alpha.max(stand);
    let mut moves = G::Moves::default();
    pos.generate_legal(&mut moves);
    let mut tactical: Vec<(i32, G::Move)> = moves
        .iter()
        .filter(|&&m| pos.is_tactical(m))
        .map(|&m| (pos.order_score(m), m))
        .collect();
    tactical.sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
    let mut best = stand;
    let mut line = Vec::new();
    for (_, m) in tactical {
        pos.do_move(m);
        let score = -qsearch_line(pos, -beta, -alpha, ply + 1, budget, &mut line);
        pos.undo_move();
        if score > best {
            best = score;
            pv.clear();
            pv.push(m);
            pv.extend_from_slice(&line);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    best
}
