//! Positions from recorded games: the quiet positions of `henkei-match
//! --records` games (against other engines, typically) as data lines for
//! [`super::label`] to score.
//!
//! Self-play only meets the positions henkei plays into; games against a
//! reference engine also hold the ones it is led into, and those are where
//! its evaluation was wrong. The lines carry the game's result and no
//! score: `label` adds a deeper search's before a fit on scores.
//! Positions are chosen as `gen` chooses them: not in check, the move
//! played from them not a capture or promotion, and no capture sequence
//! changing the material-only evaluation by more than the quiet margin.

use std::io::Write;

use super::selfplay::is_sample;
use super::Tunable;
use crate::arena::records::parse_text_record;
use crate::game::Color;

#[derive(Clone, Debug)]
pub struct ImportConfig {
    /// Plies at the start of each game left out (the openings file's moves
    /// and the first moves after them).
    pub skip_plies: usize,
    /// As `gen --quiet-margin`.
    pub quiet_margin: i32,
}

impl Default for ImportConfig {
    fn default() -> Self {
        ImportConfig {
            skip_plies: 16,
            quiet_margin: 30,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportStats {
    pub games: u64,
    pub positions: u64,
    /// Records left out: unfinished games, and games lost by a time
    /// forfeit, crash, hang or illegal answer (the result says nothing of
    /// the positions).
    pub skipped: u64,
}

/// Writes the quiet positions of one plain-text record (docs/records.md)
/// to `out` as lines of game number `game` (numbers must differ between
/// games: the fit holds out whole games by them); `Ok(false)` when the
/// record is left out.
pub fn import_record<P: Tunable>(
    config: &ImportConfig,
    game: u32,
    text: &str,
    out: &mut dyn Write,
    stats: &mut ImportStats,
) -> Result<bool, String> {
    let input = parse_text_record(text)?;
    if input.variant.name() != P::VARIANT {
        return Err(format!(
            "a {} game, not {}",
            input.variant.name(),
            P::VARIANT
        ));
    }
    let Some((winner, termination)) = input.result else {
        stats.skipped += 1;
        return Ok(false);
    };
    if termination.is_fault() {
        stats.skipped += 1;
        return Ok(false);
    }
    let mut pos = match &input.start {
        usi::StartPosition::Startpos => P::startpos(),
        usi::StartPosition::Sfen(s) => P::from_sfen(s).map_err(|e| e.to_string())?,
    };
    let result = |stm: Color| match winner {
        None => "0.5",
        Some(w) if w == stm => "1",
        Some(_) => "0",
    };
    for (i, text) in input.moves.iter().enumerate() {
        let token = usi::parse_move_token(text).map_err(|e| format!("move {}: {e}", i + 1))?;
        let m = pos
            .parse_move(&token)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        if i >= config.skip_plies && is_sample(&pos, m, config.quiet_margin) {
            let stm = pos.side_to_move();
            writeln!(out, "{game}\t{}\t{}", result(stm), pos.to_sfen())
                .map_err(|e| e.to_string())?;
            stats.positions += 1;
        }
        pos.do_move(m);
    }
    stats.games += 1;
    Ok(true)
}
