//! Game records: what a finished game is ([`GameRecord`]), its plain-text
//! form (every variant; `docs/records.md`), and replay, which re-checks a
//! record through the library: every move must be legal, and the recorded
//! ending must agree with what the rules say about the final position.
//!
//! The text form is `key value` lines. Its `position` line is the exact
//! `position` command that sets up the final position (`dice` included when
//! the side to move had rolled), so it can be pasted into an engine.

use std::path::Path;

use super::clock::TimeControl;
use super::referee::{new_referee, parse_start, Variant};
use crate::chance::Cube;
use crate::game::{Color, EndReason, EnteringKingRule, Outcome, Rules};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Decided by the rules (`Game::outcome`).
    Rules(EndReason),
    // Decided by what an engine did.
    /// A valid `bestmove win`.
    Declaration,
    /// A `bestmove win` the rules do not allow.
    InvalidDeclaration,
    Resignation,
    IllegalMove,
    /// Sigma 4: an engine's `go setup` answer broke the setup rules.
    InvalidSetup,
    /// Answered after its time (plus the margin) ran out.
    TimeForfeit,
    /// No answer even after `stop` and the hang timeout: killed.
    Hang,
    /// Exited, closed its pipes, or failed to start.
    Crash,
    /// Shogammon with the cube: a double was dropped; the doubler wins the
    /// cube's value.
    Drop,
}

impl Termination {
    pub const ALL: [Termination; 17] = [
        Termination::Rules(EndReason::Checkmate),
        Termination::Rules(EndReason::Stalemate),
        Termination::Rules(EndReason::Repetition),
        Termination::Rules(EndReason::PerpetualCheck),
        Termination::Rules(EndReason::Impasse),
        Termination::Rules(EndReason::KingCaptured),
        Termination::Rules(EndReason::GoalReached),
        Termination::Rules(EndReason::MoveLimit),
        Termination::Declaration,
        Termination::InvalidDeclaration,
        Termination::Resignation,
        Termination::IllegalMove,
        Termination::InvalidSetup,
        Termination::TimeForfeit,
        Termination::Hang,
        Termination::Crash,
        Termination::Drop,
    ];

    /// The word in records and summaries.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Rules(r) => match r {
                EndReason::Checkmate => "checkmate",
                EndReason::Stalemate => "stalemate",
                EndReason::Repetition => "repetition",
                EndReason::PerpetualCheck => "perpetual-check",
                EndReason::Impasse => "impasse",
                EndReason::KingCaptured => "king-captured",
                EndReason::GoalReached => "goal",
                EndReason::MoveLimit => "move-limit",
            },
            Termination::Declaration => "declaration",
            Termination::InvalidDeclaration => "invalid-declaration",
            Termination::Resignation => "resignation",
            Termination::IllegalMove => "illegal-move",
            Termination::InvalidSetup => "invalid-setup",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Hang => "hang",
            Termination::Crash => "crash",
            Termination::Drop => "drop",
        }
    }

    pub fn parse(word: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.name() == word)
    }

    /// Whether the rules decide it from the position (`Game::outcome`).
    pub fn is_adjudicated(self) -> bool {
        matches!(self, Termination::Rules(_))
    }

    /// Engine failures counted per engine in the summary.
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Termination::InvalidDeclaration
                | Termination::IllegalMove
                | Termination::InvalidSetup
                | Termination::TimeForfeit
                | Termination::Hang
                | Termination::Crash
        )
    }
}

/// The winner and reason the rules give for an outcome seen with `mover`
/// to move.
pub fn adjudicate(outcome: Outcome, mover: Color) -> (Option<Color>, Termination) {
    match outcome {
        Outcome::Loss(r) => (Some(mover.flip()), Termination::Rules(r)),
        Outcome::Win(r) => (Some(mover), Termination::Rules(r)),
        Outcome::Draw(r) => (None, Termination::Rules(r)),
    }
}

pub fn side_word(c: Color) -> &'static str {
    match c {
        Color::Black => "sente",
        Color::White => "gote",
    }
}

fn parse_side(word: &str) -> Option<Color> {
    match word {
        "sente" | "black" | "b" => Some(Color::Black),
        "gote" | "white" | "w" => Some(Color::White),
        _ => None,
    }
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn result_text(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// What an engine said of the move it chose: the depth and score (from
/// the mover's view) of its last `info` line with a score for the first
/// principal variation, and the most nodes any `info` line gave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub depth: Option<u32>,
    pub score: Option<usi::Score>,
    pub nodes: Option<u64>,
}

impl Report {
    /// Takes in one line of the engine's output; lines other than a
    /// well-formed `info` are ignored.
    pub fn note(&mut self, line: &str) {
        if line.split_whitespace().next() != Some("info") {
            return;
        }
        let Ok(usi::Response::Info(info)) = usi::parse_response(line) else {
            return;
        };
        if info.multipv.is_some_and(|k| k != 1) {
            return;
        }
        if let Some((score, _)) = info.score {
            self.score = Some(score);
            self.depth = info.depth;
        }
        if let Some(n) = info.nodes {
            self.nodes = Some(self.nodes.map_or(n, |m| m.max(n)));
        }
    }
}

/// A score as the record writes it: centipawns, or `#N` for mate in N.
fn score_word(score: usi::Score) -> String {
    match score {
        usi::Score::Cp(v) => v.to_string(),
        usi::Score::Mate(n) => format!("#{n}"),
    }
}

/// One record line's values, one per move: `-` where there is none.
fn per_move<T>(items: &[Option<T>], text: impl Fn(&T) -> Option<String>) -> String {
    let words: Vec<String> = items
        .iter()
        .map(|i| {
            i.as_ref()
                .and_then(&text)
                .unwrap_or_else(|| "-".to_string())
        })
        .collect();
    words.join(" ")
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based number of the game in the match.
    pub number: u32,
    pub variant: Variant,
    /// Names of sente and gote.
    pub players: [String; 2],
    /// Which engine (0: engine 1, 1: engine 2) played sente and gote.
    pub engines: [usize; 2],
    /// Time controls of sente and gote.
    pub tcs: [TimeControl; 2],
    pub rules: Rules,
    pub dice_map: Option<String>,
    /// Dice seed (Shogammon) or setup seed (Sigma 4 random setups).
    pub seed: Option<u64>,
    /// The opening's description (`openings.txt:3`, `startpos`).
    pub opening: String,
    /// Sigma 4 setups of sente and gote, when chosen for this game.
    pub setups: Option<[String; 2]>,
    /// The start position (after any Sigma 4 setup).
    pub start: usi::StartPosition,
    /// All moves (turn tokens in Shogammon), the opening's first.
    pub moves: Vec<String>,
    /// How many of `moves` came from the opening.
    pub opening_plies: usize,
    /// Milliseconds per move (`None` for opening moves).
    pub times: Vec<Option<u64>>,
    /// What the mover's engine reported of each move (`None` for opening
    /// moves).
    pub reports: Vec<Option<Report>>,
    /// Shogammon: the roll the side to move had when the game ended.
    pub pending_roll: Option<[u8; 2]>,
    /// Shogammon with the cube (`--cube`): the cube when the game ended
    /// (before the dropped double, after a drop).
    pub cube: Option<Cube>,
    pub winner: Option<Color>,
    pub termination: Termination,
    /// The side at fault for a fault ending (crash, hang, time, illegal).
    pub offender: Option<Color>,
    /// The offending move or setup as the engine wrote it.
    pub illegal: Option<String>,
    /// Time the final answer took (resignation, illegal move, late move).
    pub end_ms: Option<u64>,
    /// Explanation for people.
    pub detail: String,
    pub started: String,
    pub ended: String,
}

impl GameRecord {
    /// The side to move in the final position.
    pub fn side_to_move(&self) -> Color {
        let first = match &self.start {
            usi::StartPosition::Startpos => Color::Black,
            usi::StartPosition::Sfen(s) => Color::from_usi(s.side),
        };
        if self.moves.len().is_multiple_of(2) {
            first
        } else {
            first.flip()
        }
    }

    /// The `position` command for the final position.
    pub fn position_command(&self) -> String {
        position_command(&self.start, &self.moves, self.pending_roll)
    }

    /// Points the winner wins: the cube's value when the cube was in play,
    /// else 1; none for a draw.
    pub fn points(&self) -> u32 {
        match self.winner {
            None => 0,
            Some(_) => self.cube.map_or(1, Cube::value),
        }
    }

    /// Engine 1's score (1, ½, 0).
    pub fn engine1_score(&self) -> f64 {
        match self.winner {
            None => 0.5,
            Some(c) if self.engines[c.index()] == 0 => 1.0,
            Some(_) => 0.0,
        }
    }

    /// One line for people: `sente wins by checkmate`.
    pub fn describe(&self) -> String {
        match self.winner {
            Some(c) => format!("{} wins by {}", side_word(c), self.termination.name()),
            None => format!("draw by {}", self.termination.name()),
        }
    }

    /// The plain-text record (`docs/records.md`).
    pub fn to_text(&self) -> String {
        let mut t = String::new();
        let mut line = |k: &str, v: &str| {
            t.push_str(k);
            if !v.is_empty() {
                t.push(' ');
                t.push_str(&one_line(v));
            }
            t.push('\n');
        };
        line("#", "henkei-match game record (docs/records.md)");
        line("format", "henkei-match 1");
        line("variant", self.variant.name());
        line("game", &self.number.to_string());
        line("sente", &self.players[0]);
        line("gote", &self.players[1]);
        line("sente-engine", &format!("engine{}", self.engines[0] + 1));
        line("gote-engine", &format!("engine{}", self.engines[1] + 1));
        line("sente-time", &self.tcs[0].to_string());
        line("gote-time", &self.tcs[1].to_string());
        line("rules", &rules_text(&self.rules));
        if let Some(map) = &self.dice_map {
            line("dicemap", map);
        }
        if let Some(seed) = self.seed {
            line("seed", &seed.to_string());
        }
        line("opening", &self.opening);
        if let Some([s, g]) = &self.setups {
            line("sente-setup", s);
            line("gote-setup", g);
        }
        line("start", &self.start.to_string());
        line("started", &self.started);
        line("ended", &self.ended);
        line("opening-plies", &self.opening_plies.to_string());
        line("position", &self.position_command()["position ".len()..]);
        line("times", &per_move(&self.times, |ms| Some(ms.to_string())));
        line(
            "scores",
            &per_move(&self.reports, |r| r.score.map(score_word)),
        );
        line(
            "depths",
            &per_move(&self.reports, |r| r.depth.map(|d| d.to_string())),
        );
        line(
            "nodes",
            &per_move(&self.reports, |r| r.nodes.map(|n| n.to_string())),
        );
        if let Some(ill) = &self.illegal {
            line("illegal", ill);
        }
        line("result", result_text(self.winner));
        line("winner", self.winner.map_or("none", side_word));
        line("termination", self.termination.name());
        if let Some(cube) = self.cube {
            line("cube", &cube_text(cube));
            line("points", &self.points().to_string());
        }
        if let Some(o) = self.offender {
            line("offender", side_word(o));
        }
        if let Some(ms) = self.end_ms {
            line("end-time", &ms.to_string());
        }
        line("detail", &self.detail);
        t
    }
}

/// `2 w`: the cube's value and owner (`-`: centred), as in the USI
/// `cube` clause.
pub fn cube_text(cube: Cube) -> String {
    let owner = match cube.owner() {
        Some(c) => c.to_usi().to_string(),
        None => "-".to_string(),
    };
    format!("{} {owner}", cube.value())
}

/// Reads [`cube_text`].
pub fn parse_cube(text: &str) -> Result<Cube, String> {
    let clause = usi::parse_command(&format!("position startpos cube {text}"))
        .map_err(|e| format!("cube '{text}': {e}"))?;
    let usi::Command::Position(pc) = clause.command else {
        return Err(format!("cube '{text}': not a cube"));
    };
    let state = pc
        .cube
        .ok_or_else(|| format!("cube '{text}': not a cube"))?;
    Cube::from_usi(state).map_err(|e| format!("cube '{text}': {e}"))
}

/// Keeps free text on one line.
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// The option value naming an impasse rule.
pub fn entering_king_name(rule: EnteringKingRule) -> &'static str {
    match rule {
        EnteringKingRule::CsaRule27 => "CSARule27",
        EnteringKingRule::CsaRule24 => "CSARule24",
        EnteringKingRule::CsaRule27H => "CSARule27H",
        EnteringKingRule::CsaRule24H => "CSARule24H",
        EnteringKingRule::TryRule => "TryRule",
        EnteringKingRule::Sloan => "Sloan",
        EnteringKingRule::NoEnteringKing => "NoEnteringKing",
    }
}

/// `EnteringKingRule=CSARule27 MaxMovesToDraw=256`
pub fn rules_text(r: &Rules) -> String {
    format!(
        "EnteringKingRule={} MaxMovesToDraw={}",
        entering_king_name(r.entering_king),
        r.max_moves_to_draw
    )
}

/// Reads [`rules_text`] (unknown or missing parts keep their defaults).
pub fn parse_rules(text: &str) -> Result<Rules, String> {
    let mut rules = Rules::default();
    for part in text.split_whitespace() {
        match part.split_once('=') {
            Some(("EnteringKingRule", v)) => {
                rules.entering_king = EnteringKingRule::parse(v)
                    .ok_or_else(|| format!("unknown EnteringKingRule '{v}'"))?
            }
            Some(("MaxMovesToDraw", v)) => {
                rules.max_moves_to_draw = v
                    .parse()
                    .map_err(|_| format!("MaxMovesToDraw '{v}' is not a number"))?
            }
            _ => {}
        }
    }
    Ok(rules)
}

/// `position <start> [moves ...] [dice D1D2]`.
pub fn position_command(
    start: &usi::StartPosition,
    moves: &[String],
    dice: Option<[u8; 2]>,
) -> String {
    let mut s = format!("position {start}");
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(m);
        }
    }
    if let Some([a, b]) = dice {
        s.push_str(&format!(" dice {a}{b}"));
    }
    s
}

/// The current time in UTC, `YYYY-MM-DD HH:MM:SS`.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d, hh, mm, ss) = civil_from_unix(secs);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02}:{ss:02}")
}

/// Unix seconds to a UTC calendar date and time (H. Hinnant's algorithm).
pub fn civil_from_unix(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        m,
        d,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

// ------------------------------------------------------------------ replay

/// What replay concluded about the recorded ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The rules (or a check of the final position) confirm it.
    Confirmed(String),
    /// Consistent, but only the engines' behaviour decided it (resignation,
    /// time, crash): the rules cannot check it.
    AsRecorded(String),
    /// The record contradicts the rules.
    Mismatch(String),
}

/// The result of replaying a record.
#[derive(Clone, Debug)]
pub struct ReplayReport {
    pub variant: Variant,
    pub moves: usize,
    pub winner: Option<Color>,
    pub termination: Option<Termination>,
    pub verdict: Verdict,
}

impl ReplayReport {
    pub fn is_ok(&self) -> bool {
        !matches!(self.verdict, Verdict::Mismatch(_))
    }
}

impl std::fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, {} moves legal; ", self.variant, self.moves)?;
        match self.termination {
            Some(t) => match self.winner {
                Some(c) => write!(
                    f,
                    "{} ({} wins by {})",
                    result_text(self.winner),
                    side_word(c),
                    t.name()
                )?,
                None => write!(f, "1/2-1/2 (draw by {})", t.name())?,
            },
            None => write!(f, "no result recorded")?,
        }
        match &self.verdict {
            Verdict::Confirmed(why) => write!(f, ": confirmed: {why}"),
            Verdict::AsRecorded(why) => write!(f, ": as recorded: {why}"),
            Verdict::Mismatch(why) => write!(f, ": MISMATCH: {why}"),
        }
    }
}

/// Everything replay needs, from any record format.
#[derive(Clone, Debug)]
pub struct ReplayInput {
    pub variant: Variant,
    pub rules: Rules,
    pub dice_map: Option<String>,
    pub start: usi::StartPosition,
    pub moves: Vec<String>,
    pub pending_roll: Option<[u8; 2]>,
    /// `None`: the record has no result (an interrupted game).
    pub result: Option<(Option<Color>, Termination)>,
    pub offender: Option<Color>,
    pub illegal: Option<String>,
    pub setups: Option<[String; 2]>,
    /// Shogammon with the cube: the cube at the end.
    pub cube: Option<Cube>,
}

/// Plays the moves through the library and checks the ending.
pub fn replay(input: &ReplayInput) -> Result<ReplayReport, String> {
    let mut referee = new_referee(input.variant, &input.start, input.dice_map.as_deref())?;
    let rules = &input.rules;
    for (i, mv) in input.moves.iter().enumerate() {
        if let Some(o) = referee.outcome(rules) {
            let (w, t) = adjudicate(o, referee.side_to_move());
            return Err(format!(
                "the game was already over before move {} '{mv}': {}",
                i + 1,
                match w {
                    Some(c) => format!("{} had won by {}", side_word(c), t.name()),
                    None => format!("drawn by {}", t.name()),
                }
            ));
        }
        referee
            .play(mv)
            .map_err(|e| format!("move {} is illegal: {e}", i + 1))?;
    }
    if let Some(roll) = input.pending_roll {
        referee.set_roll(roll)?;
    }
    let mover = referee.side_to_move();
    let by_rules = referee.outcome(rules).map(|o| adjudicate(o, mover));
    let describe = |w: Option<Color>, t: Termination| match w {
        Some(c) => format!("{} wins by {}", side_word(c), t.name()),
        None => format!("draw by {}", t.name()),
    };
    let report = |verdict| ReplayReport {
        variant: input.variant,
        moves: input.moves.len(),
        winner: input.result.and_then(|r| r.0),
        termination: input.result.map(|r| r.1),
        verdict,
    };
    let Some((winner, termination)) = input.result else {
        return Ok(report(match by_rules {
            Some((w, t)) => Verdict::Mismatch(format!(
                "no result recorded, but the rules end the game: {}",
                describe(w, t)
            )),
            None => Verdict::AsRecorded("an unfinished game".to_string()),
        }));
    };
    if let Some((w, t)) = by_rules {
        let same = w == winner && t == termination;
        return Ok(report(if same {
            Verdict::Confirmed(format!("the rules end the game here: {}", describe(w, t)))
        } else if w == winner && compatible(t, termination) {
            Verdict::Confirmed(format!(
                "the rules end the game here: {} (recorded as {})",
                describe(w, t),
                termination.name()
            ))
        } else {
            Verdict::Mismatch(format!(
                "the rules end the game here with {}, the record says {}",
                describe(w, t),
                describe(winner, termination)
            ))
        }));
    }
    if termination.is_adjudicated() {
        return Ok(report(Verdict::Mismatch(format!(
            "the record says {}, but the rules do not end the game in the final position",
            describe(winner, termination)
        ))));
    }
    let loser = winner.map(Color::flip);
    if input.cube.is_some() && termination.is_fault() && loser == Some(mover.flip()) {
        // The side not to move is asked only `go take`.
        return Ok(report(Verdict::AsRecorded(format!(
            "{} by {} while answering a double",
            termination.name(),
            side_word(mover.flip())
        ))));
    }
    let verdict = match termination {
        Termination::Declaration => {
            if referee.can_declare_win(rules) && winner == Some(mover) {
                Verdict::Confirmed(format!(
                    "{} may declare a win here ({})",
                    side_word(mover),
                    rules_text(rules)
                ))
            } else if winner != Some(mover) {
                Verdict::Mismatch("the declaring side must be the side to move".to_string())
            } else {
                Verdict::Mismatch(format!(
                    "{} may not declare a win here ({})",
                    side_word(mover),
                    rules_text(rules)
                ))
            }
        }
        Termination::InvalidDeclaration => {
            if !referee.can_declare_win(rules) && loser == Some(mover) {
                Verdict::Confirmed(format!("{} may not declare a win here", side_word(mover)))
            } else {
                Verdict::Mismatch(format!(
                    "{}'s declaration was valid, or it was not its turn",
                    side_word(mover)
                ))
            }
        }
        Termination::IllegalMove => match &input.illegal {
            Some(text) if loser == Some(mover) => match referee.play(text) {
                Err(e) => Verdict::Confirmed(format!("the last answer is illegal: {e}")),
                Ok(_) => Verdict::Mismatch(format!("the recorded illegal move '{text}' is legal")),
            },
            Some(_) => Verdict::Mismatch("the illegal move must be the side to move's".to_string()),
            None => Verdict::AsRecorded("illegal move (not recorded)".to_string()),
        },
        Termination::InvalidSetup => {
            let offender = input.offender.or(loser);
            match (offender, &input.illegal) {
                (Some(c), Some(text)) => match input.variant.capabilities().setup.map_or_else(
                    || Err(format!("{} has no setups", input.variant)),
                    |rules| (rules.validate)(c, text),
                ) {
                    Err(e) => {
                        Verdict::Confirmed(format!("{}'s setup is invalid: {e}", side_word(c)))
                    }
                    Ok(()) => {
                        Verdict::Mismatch(format!("{}'s setup '{text}' is valid", side_word(c)))
                    }
                },
                _ => Verdict::AsRecorded("invalid setup (not recorded)".to_string()),
            }
        }
        Termination::Resignation | Termination::TimeForfeit | Termination::Hang => {
            if loser == Some(mover) {
                Verdict::AsRecorded(format!(
                    "{} by {} (the game goes on by the rules)",
                    termination.name(),
                    side_word(mover)
                ))
            } else {
                Verdict::Mismatch(format!("{} by the side not to move", termination.name()))
            }
        }
        Termination::Drop => {
            // The doubler turns the cube before its roll: it is the side
            // to move, the side that dropped is not.
            if input.cube.is_none() {
                Verdict::Mismatch("a drop, but the record has no cube".to_string())
            } else if winner == Some(mover) && input.pending_roll.is_none() {
                Verdict::AsRecorded(format!(
                    "{} dropped {}'s double",
                    side_word(mover.flip()),
                    side_word(mover)
                ))
            } else {
                Verdict::Mismatch(
                    "a drop must be won by the side to move, before its roll".to_string(),
                )
            }
        }
        Termination::Crash => Verdict::AsRecorded(format!(
            "an engine crashed{}",
            input
                .offender
                .or(loser)
                .map_or(String::new(), |c| format!(" ({})", side_word(c)))
        )),
        _ => Verdict::AsRecorded(termination.name().to_string()),
    };
    Ok(report(verdict))
}

/// Whether a record written by another tool may name the rules' ending
/// `by_rules` as `recorded`: a mated side resigns (CSA `%TORYO`), CSA's
/// draw codes do not tell an impasse from the move limit, and perpetual
/// check is an illegal action (`%+ILLEGAL_ACTION`).
fn compatible(by_rules: Termination, recorded: Termination) -> bool {
    use EndReason::*;
    use Termination::{IllegalMove, Resignation, Rules};
    matches!(
        (by_rules, recorded),
        (Rules(Checkmate | Stalemate), Resignation)
            | (Rules(Impasse | MoveLimit), Rules(Impasse | MoveLimit))
            | (Rules(PerpetualCheck), IllegalMove)
    )
}

/// Reads a plain-text record into replay input.
pub fn parse_text_record(text: &str) -> Result<ReplayInput, String> {
    let mut fields: Vec<(&str, &str)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (k, v) = line.split_once(' ').unwrap_or((line, ""));
        fields.push((k, v.trim()));
    }
    let get = |k: &str| {
        fields
            .iter()
            .rev()
            .find(|(key, _)| *key == k)
            .map(|(_, v)| *v)
    };
    let variant_name = get("variant").ok_or("no 'variant' line")?;
    let variant =
        Variant::parse(variant_name).ok_or_else(|| format!("unknown variant '{variant_name}'"))?;
    let rules = match get("rules") {
        Some(r) => parse_rules(r)?,
        None => Rules::default(),
    };
    let dice_map = get("dicemap").map(str::to_string);
    let position = get("position").ok_or("no 'position' line")?;
    let parsed = usi::parse_command(&format!("position {position}"))
        .map_err(|e| format!("position line: {e}"))?;
    let usi::Command::Position(pc) = parsed.command else {
        return Err("position line: not a position command".to_string());
    };
    let moves = pc.moves.iter().map(|m| m.to_string()).collect();
    let winner = match get("winner") {
        Some("none") | None => None,
        Some(w) => Some(parse_side(w).ok_or_else(|| format!("unknown winner '{w}'"))?),
    };
    let result = match get("termination") {
        Some(t) => Some((
            winner,
            Termination::parse(t).ok_or_else(|| format!("unknown termination '{t}'"))?,
        )),
        None => None,
    };
    if let (Some(r), Some((w, _))) = (get("result"), result) {
        if r != result_text(w) {
            return Err(format!(
                "result '{r}' disagrees with the winner line ({})",
                result_text(w)
            ));
        }
    }
    let setups = match (get("sente-setup"), get("gote-setup")) {
        (Some(s), Some(g)) => Some([s.to_string(), g.to_string()]),
        _ => None,
    };
    Ok(ReplayInput {
        variant,
        rules,
        dice_map,
        start: pc.start,
        moves,
        pending_roll: pc.dice,
        result,
        offender: get("offender").and_then(parse_side),
        illegal: get("illegal").map(str::to_string),
        setups,
        cube: get("cube").map(parse_cube).transpose()?,
    })
}

/// Replays a record file: the plain-text format, or CSA (`.csa`) for shogi.
/// `rules` applies to CSA files (plain records carry their own). A CSA
/// file may hold several games separated by lines `/` (the multi-game CSA
/// form cshogi writes); each is replayed, labelled `#1`, `#2`, ... A file
/// that cannot be read is one error.
pub fn replay_file(path: &Path, csa_rules: &Rules) -> Vec<(String, Result<ReplayReport, String>)> {
    let label = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => return vec![(label, Err(e.to_string()))],
    };
    let text = String::from_utf8_lossy(&bytes);
    let is_csa = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csa"))
        || text.lines().any(|l| l.starts_with("V2") || l == "PI");
    if !is_csa {
        return vec![(label, parse_text_record(&text).and_then(|r| replay(&r)))];
    }
    let games = csa_games(&text);
    let several = games.len() > 1;
    games
        .into_iter()
        .enumerate()
        .map(|(i, game)| {
            let name = if several {
                format!("{label}#{}", i + 1)
            } else {
                label.clone()
            };
            let report = parse_csa(&game, csa_rules).and_then(|r| replay(&r));
            (name, report)
        })
        .collect()
}

/// One game of a CSA file, read by the game whose records are CSA.
fn parse_csa(text: &str, rules: &Rules) -> Result<ReplayInput, String> {
    let formats = Variant::ALL
        .into_iter()
        .find_map(|v| v.capabilities().records)
        .ok_or("no game reads CSA records")?;
    (formats.parse_csa)(text, rules)
}

/// The games of a CSA file: the text between separator lines `/`, each
/// with at least one non-blank line.
fn csa_games(text: &str) -> Vec<String> {
    let mut games = vec![String::new()];
    for line in text.lines() {
        if line.trim_end_matches('\r') == "/" {
            games.push(String::new());
        } else if let Some(game) = games.last_mut() {
            game.push_str(line);
            game.push('\n');
        }
    }
    games.retain(|g| g.lines().any(|l| !l.trim().is_empty()));
    games
}

/// Checks a start position text against a variant (for tools and tests).
pub fn check_start(variant: Variant, start: &str) -> Result<usi::StartPosition, String> {
    let s = parse_start(start)?;
    new_referee(variant, &s, None)?;
    Ok(s)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A finished game's record with test values (depth 1, 5 ms a move).
    pub(crate) fn record(
        variant: Variant,
        moves: &[&str],
        winner: Option<Color>,
        t: Termination,
    ) -> GameRecord {
        GameRecord {
            number: 1,
            variant,
            players: ["a".into(), "b".into()],
            engines: [0, 1],
            tcs: [TimeControl::parse("depth=1").unwrap(); 2],
            rules: Rules {
                max_moves_to_draw: 256,
                ..Rules::default()
            },
            dice_map: None,
            seed: None,
            opening: "startpos".into(),
            setups: None,
            start: usi::StartPosition::Startpos,
            moves: moves.iter().map(|s| s.to_string()).collect(),
            opening_plies: 0,
            times: moves.iter().map(|_| Some(5)).collect(),
            reports: vec![None; moves.len()],
            pending_roll: None,
            cube: None,
            winner,
            termination: t,
            offender: None,
            illegal: None,
            end_ms: None,
            detail: "test".into(),
            started: utc_now(),
            ended: utc_now(),
        }
    }

    #[test]
    fn a_report_keeps_the_last_scored_line_of_the_first_variation() {
        let mut r = Report::default();
        for line in [
            "info depth 1 score cp 20 nodes 40 pv 7g7f",
            "info depth 2 multipv 2 score cp -5 nodes 900 pv 2g2f",
            "info depth 3 currmove 7g7f nodes 120",
            "info string depth 7 score cp 1",
            "info depth x score",
            "bestmove 7g7f",
        ] {
            r.note(line);
        }
        let cp20 = Some(usi::Score::Cp(20));
        assert_eq!((r.depth, r.score, r.nodes), (Some(1), cp20, Some(120)));
        r.note("info depth 9 seldepth 12 score mate -3 upperbound nodes 100 pv 7g7f");
        let mated = Some(usi::Score::Mate(-3));
        assert_eq!((r.depth, r.score, r.nodes), (Some(9), mated, Some(120)));
    }

    #[test]
    fn the_text_record_lists_each_moves_report() {
        let mut r = record(
            Variant::Shogi,
            &["7g7f", "3c3d", "2g2f"],
            Some(Color::Black),
            Termination::Resignation,
        );
        let mate = Report {
            depth: Some(12),
            score: Some(usi::Score::Mate(5)),
            nodes: Some(3000),
        };
        let nodes_only = Report {
            nodes: Some(7),
            ..Report::default()
        };
        r.reports = vec![None, Some(mate), Some(nodes_only)];
        let text = r.to_text();
        let value = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))
                .map(str::to_string)
        };
        assert_eq!(value("scores").as_deref(), Some("- #5 -"));
        assert_eq!(value("depths").as_deref(), Some("- 12 -"));
        assert_eq!(value("nodes").as_deref(), Some("- 3000 7"));
        assert_eq!(value("times").as_deref(), Some("5 5 5"));
    }

    #[test]
    fn multi_game_csa_splits_on_slash_lines() {
        let text = "V2\nPI\n+\n+7776FU\n%TORYO\n/\nV2\nPI\n+\n%TORYO\n/\n";
        let games = csa_games(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].contains("+7776FU") && !games[1].contains("+7776FU"));
    }

    #[test]
    fn calendar() {
        assert_eq!(civil_from_unix(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(civil_from_unix(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(civil_from_unix(1_700_000_000), (2023, 11, 14, 22, 13, 20));
    }

    #[test]
    fn terminations_round_trip() {
        for t in Termination::ALL {
            assert_eq!(Termination::parse(t.name()), Some(t));
        }
    }

    #[test]
    fn text_record_round_trips_and_replays() {
        let r = record(
            Variant::Shogi,
            &["7g7f", "3c3d"],
            Some(Color::White),
            Termination::Resignation,
        );
        let text = r.to_text();
        assert!(
            text.contains("\nposition startpos moves 7g7f 3c3d\n"),
            "{text}"
        );
        let input = parse_text_record(&text).unwrap();
        assert_eq!(input.moves, ["7g7f", "3c3d"]);
        let rep = replay(&input).unwrap();
        assert!(matches!(rep.verdict, Verdict::AsRecorded(_)), "{rep}");
        // A wrong claim is caught.
        let wrong = record(
            Variant::Shogi,
            &["7g7f", "3c3d"],
            Some(Color::White),
            Termination::Rules(EndReason::Checkmate),
        );
        let rep = replay(&parse_text_record(&wrong.to_text()).unwrap()).unwrap();
        assert!(matches!(rep.verdict, Verdict::Mismatch(_)), "{rep}");
        // An illegal move in the record is an error.
        let bad = record(
            Variant::Shogi,
            &["7g7f", "7g7f"],
            None,
            Termination::Rules(EndReason::MoveLimit),
        );
        assert!(replay(&parse_text_record(&bad.to_text()).unwrap()).is_err());
    }

    #[test]
    fn replay_confirms_mate_and_illegal_moves() {
        let mut r = record(
            Variant::Shogi,
            &["G*1b"],
            Some(Color::Black),
            Termination::Rules(EndReason::Checkmate),
        );
        r.start = parse_start("sfen 8k/9/8P/9/9/9/9/9/K8 b G 1").unwrap();
        let rep = replay(&parse_text_record(&r.to_text()).unwrap()).unwrap();
        assert!(matches!(rep.verdict, Verdict::Confirmed(_)), "{rep}");
        let mut r = record(
            Variant::Shogi,
            &["7g7f"],
            Some(Color::Black),
            Termination::IllegalMove,
        );
        r.illegal = Some("1a1d".into());
        r.offender = Some(Color::White);
        let rep = replay(&parse_text_record(&r.to_text()).unwrap()).unwrap();
        assert!(matches!(rep.verdict, Verdict::Confirmed(_)), "{rep}");
        r.illegal = Some("3c3d".into());
        let rep = replay(&parse_text_record(&r.to_text()).unwrap()).unwrap();
        assert!(matches!(rep.verdict, Verdict::Mismatch(_)), "{rep}");
    }

    #[test]
    fn a_dropped_cube_is_recorded_and_replays() {
        let mut r = record(
            Variant::Shogammon,
            &["16:7g7f,5i5h"],
            Some(Color::White),
            Termination::Drop,
        );
        r.cube = Some(Cube::centred().taken_by(Color::Black));
        assert_eq!(r.points(), 2);
        let text = r.to_text();
        assert!(text.contains("\ncube 2 b\npoints 2\n"), "{text}");
        let input = parse_text_record(&text).unwrap();
        assert_eq!(input.cube, r.cube);
        let rep = replay(&input).unwrap();
        assert!(matches!(rep.verdict, Verdict::AsRecorded(_)), "{rep}");
        // The side not to move cannot have won by a drop.
        r.winner = Some(Color::Black);
        let rep = replay(&parse_text_record(&r.to_text()).unwrap()).unwrap();
        assert!(matches!(rep.verdict, Verdict::Mismatch(_)), "{rep}");
        assert_eq!(parse_cube("1 -").unwrap(), Cube::centred());
        assert!(parse_cube("3 b").is_err());
        assert!(parse_cube("x").is_err());
    }

    #[test]
    fn shogammon_record_keeps_the_pending_roll() {
        let mut r = record(
            Variant::Shogammon,
            &["16:7g7f,5i5h"],
            Some(Color::Black),
            Termination::TimeForfeit,
        );
        r.pending_roll = Some([3, 4]);
        let text = r.to_text();
        assert!(
            text.contains("position startpos moves 16:7g7f,5i5h dice 34"),
            "{text}"
        );
        let input = parse_text_record(&text).unwrap();
        assert_eq!(input.pending_roll, Some([3, 4]));
        let rep = replay(&input).unwrap();
        assert!(rep.is_ok(), "{rep}");
    }
}
