//! Labels from deeper searches: every line of a data file searched again
//! to a fixed node count, its score replaced by that search's.
//!
//! Self-play at 20,000 nodes a move labels each position with the score of
//! the search that played it; a fit to those labels learns what that
//! search agrees with. `label` re-searches the same positions further (and
//! with the shipped evaluation, whatever played the games), so the fit
//! learns from a deeper look. Lines keep their game, result and position;
//! a line whose new search finds a mate is left out, as `gen` leaves such
//! positions out. Whole games go to one part (`part`), so runs on several
//! cores split the work and each keeps its table across a game's
//! positions, as the playing search did.

use std::io::Write;

use super::selfplay::fixed_nodes;
use super::texel::parse_line;
use super::{Noisy, Player, Tunable};
use crate::search;
use crate::search::score::is_mate_score;
use crate::tt::TranspositionTable;

#[derive(Clone, Debug)]
pub struct LabelConfig {
    /// Search nodes per position.
    pub nodes: u64,
    pub hash_mb: usize,
    /// The evaluation the searches use.
    pub player: Player,
    /// `(k, m)`: only the games whose number is `k` modulo `m`.
    pub part: (u32, u32),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LabelStats {
    /// Lines searched and written.
    pub written: u64,
    /// Lines searched and left out (a mate found).
    pub mates: u64,
}

/// Searches the positions of `text` (data lines, `#` comments and blank
/// lines skipped) that belong to `config.part` and writes each with its
/// new score to `out`. An unreadable line is an error naming it.
pub fn relabel<P: Tunable>(
    config: &LabelConfig,
    text: &str,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&LabelStats),
) -> Result<LabelStats, String> {
    let (k, m) = config.part;
    if m == 0 || k >= m {
        return Err(format!("part {k}/{m}: needs 0 <= k < m"));
    }
    let mut tt =
        TranspositionTable::new(config.hash_mb.max(1)).map_err(|e| format!("table: {e}"))?;
    let (control, rules, limits) = fixed_nodes(config.nodes);
    let mut stats = LabelStats::default();
    let mut last_game = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &dyn std::fmt::Display| format!("line {}: {what}: {line}", n + 1);
        let data = parse_line(line).map_err(|e| bad(&e))?;
        if data.game % m != k {
            continue;
        }
        let sfen = usi::parse_sfen(data.sfen).map_err(|e| bad(&e))?;
        let pos = P::from_sfen(&sfen).map_err(|e| bad(&e))?;
        if last_game != Some(data.game) {
            tt.clear();
            last_game = Some(data.game);
        }
        let mut pos = Noisy(pos, 0, 0, config.player);
        let result = search::search(&mut pos, &mut tt, &control, &limits, &rules, &mut |_| {});
        if is_mate_score(result.score) || result.best.is_none() {
            stats.mates += 1;
        } else {
            writeln!(
                out,
                "{}\t{}\t{}\t{}",
                data.game, data.result, data.sfen, result.score
            )
            .map_err(|e| e.to_string())?;
            stats.written += 1;
        }
        progress(&stats);
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi;

    /// Two games of two positions each, the second game's last position a
    /// mate in one for the side to move (a gold drop on 5b).
    const DATA: &str = "# a comment\n\
        7\t1\tlnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t-30\n\
        7\t1\tlnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\t25\n\
        \n\
        8\t0.5\t4k4/9/9/9/9/9/9/9/4K4 b - 1\t0\n\
        8\t0\t4k4/9/4G4/9/9/9/9/9/4K4 b G 1\t100\n";

    fn run(part: (u32, u32)) -> Result<(LabelStats, String), String> {
        let config = LabelConfig {
            nodes: 2000,
            hash_mb: 1,
            player: Player::Shipped,
            part,
        };
        let mut out = Vec::new();
        let stats = relabel::<shogi::Position>(&config, DATA, &mut out, &mut |_| {})?;
        Ok((stats, String::from_utf8(out).unwrap()))
    }

    #[test]
    fn lines_keep_their_game_result_and_position_and_get_a_new_score() {
        let (stats, out) = run((0, 1)).unwrap();
        assert_eq!(
            stats,
            LabelStats {
                written: 3,
                mates: 1
            }
        );
        let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(lines.len(), 3);
        let kept: Vec<&str> = DATA.lines().filter(|l| l.contains('\t')).take(3).collect();
        for (line, old) in lines.iter().zip(kept) {
            let old: Vec<&str> = old.split('\t').collect();
            assert_eq!(line[..3], old[..3]);
            line[3].parse::<i32>().unwrap();
        }
        // Bare kings: nothing to gain for either side.
        assert!(
            lines[2][3].parse::<i32>().unwrap().abs() < 100,
            "{}",
            lines[2][3]
        );
    }

    #[test]
    fn parts_split_by_game_and_bad_parts_and_lines_are_errors() {
        let (odd, out) = run((1, 2)).unwrap();
        assert_eq!(
            odd,
            LabelStats {
                written: 2,
                mates: 0
            }
        );
        assert!(out.lines().all(|l| l.starts_with("7\t")));
        let (even, _) = run((0, 2)).unwrap();
        assert_eq!(
            even,
            LabelStats {
                written: 1,
                mates: 1
            }
        );
        assert!(run((2, 2)).is_err());
        let config = LabelConfig {
            nodes: 100,
            hash_mb: 1,
            player: Player::Shipped,
            part: (0, 1),
        };
        let err = relabel::<shogi::Position>(
            &config,
            "1\t1\tnot a position\t0\n",
            &mut Vec::new(),
            &mut |_| {},
        )
        .unwrap_err();
        assert!(err.starts_with("line 1: "), "{err}");
    }
}
