//! The arbiter's view of a game: one object-safe interface over the four
//! games' [`Game`] implementations, so the match loop, the records and the
//! replay are written once. Every move an engine sends goes through the
//! library's own legality check (`Game::parse_move`, or
//! `shogammon::Position::parse_turn` for a Shogammon turn token).

use crate::game::{Color, Game, Outcome, Rules};
use crate::shogammon::DiceMap;
use crate::{mortal, shogammon, shogi, sigma4};

/// The four games (`USI_Variant` values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Shogi,
    Mortal,
    Shogammon,
    Sigma4,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Shogi,
        Variant::Mortal,
        Variant::Shogammon,
        Variant::Sigma4,
    ];

    /// Reads a variant name; `standard` is accepted for shogi (Lishogi's name).
    pub fn parse(name: &str) -> Option<Variant> {
        Some(match name.to_ascii_lowercase().as_str() {
            "shogi" | "standard" => Variant::Shogi,
            "mortal" => Variant::Mortal,
            "shogammon" => Variant::Shogammon,
            "sigma4" => Variant::Sigma4,
            _ => return None,
        })
    }

    /// The `USI_Variant` value.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Shogi => shogi::Position::VARIANT,
            Variant::Mortal => mortal::Position::VARIANT,
            Variant::Shogammon => shogammon::Position::VARIANT,
            Variant::Sigma4 => sigma4::Position::VARIANT,
        }
    }

    /// The start position of `position startpos`, as an SFEN.
    pub fn startpos_sfen(self) -> String {
        match self {
            Variant::Shogi => shogi::Position::startpos().to_sfen().to_string(),
            Variant::Mortal => mortal::Position::startpos().to_sfen().to_string(),
            Variant::Shogammon => shogammon::Position::startpos().to_sfen().to_string(),
            Variant::Sigma4 => sigma4::Position::startpos().to_sfen().to_string(),
        }
    }

    /// Whether moves are Shogammon turn tokens played with dice.
    pub fn has_dice(self) -> bool {
        self == Variant::Shogammon
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A game in progress as the arbiter sees it.
pub trait Referee: Send {
    fn variant(&self) -> Variant;
    fn side_to_move(&self) -> Color;
    /// Moves (turns) played through [`Referee::play`].
    fn plies(&self) -> usize;
    /// The current position's SFEN.
    fn sfen(&self) -> String;
    /// Checks `token` (as an engine wrote it) against the rules and plays
    /// it. Returns the move's canonical text, or why it is not legal.
    fn play(&mut self, token: &str) -> Result<String, String>;
    /// The rules' verdict on the current position (`Game::outcome`).
    fn outcome(&self, rules: &Rules) -> Option<Outcome>;
    /// Whether the side to move may declare a win (`bestmove win`).
    fn can_declare_win(&self, rules: &Rules) -> bool;
    /// Shogammon: gives the side to move its roll. Other games refuse.
    fn set_roll(&mut self, roll: [u8; 2]) -> Result<(), String> {
        Err(format!(
            "{}: dice are only for shogammon (roll {}{})",
            self.variant(),
            roll[0],
            roll[1]
        ))
    }
    /// Shogammon: the roll of the side to move, if set.
    fn roll(&self) -> Option<[u8; 2]> {
        None
    }
    /// Number of legal moves (for the current roll in Shogammon).
    fn legal_move_count(&self) -> usize;
    /// The legal moves (turn tokens for the current roll in Shogammon) as
    /// the engines write them.
    fn legal_moves(&self) -> Vec<String>;
    /// Takes back the last move played (Shogammon: the roll it was played
    /// with is the side to move's roll again). False when there is none.
    fn undo(&mut self) -> bool;
    /// The board for people (`Game::display`).
    fn display(&self) -> String;
}

/// A deterministic game behind [`Game`] (shogi, Mortal Shogi, Sigma 4).
struct GameReferee<G: Game> {
    variant: Variant,
    pos: G,
    plies: usize,
}

impl<G: Game> Referee for GameReferee<G> {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    fn plies(&self) -> usize {
        self.plies
    }

    fn sfen(&self) -> String {
        self.pos.to_sfen().to_string()
    }

    fn play(&mut self, token: &str) -> Result<String, String> {
        let mv = usi::parse_move(token).map_err(|e| format!("'{token}': {e}"))?;
        let m = self
            .pos
            .parse_move(&mv)
            .map_err(|e| format!("'{token}': {e}"))?;
        let text = self.pos.format_move(m).to_string();
        self.pos.do_move(m);
        self.plies += 1;
        Ok(text)
    }

    fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        self.pos.outcome(rules)
    }

    fn can_declare_win(&self, rules: &Rules) -> bool {
        self.pos.can_declare_win(rules)
    }

    fn legal_move_count(&self) -> usize {
        let mut moves = G::Moves::default();
        self.pos.generate_legal(&mut moves);
        moves.len()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = G::Moves::default();
        self.pos.generate_legal(&mut moves);
        moves
            .iter()
            .map(|&m| self.pos.format_move(m).to_string())
            .collect()
    }

    fn undo(&mut self) -> bool {
        if self.plies == 0 {
            return false;
        }
        self.pos.undo_move();
        self.plies -= 1;
        true
    }

    fn display(&self) -> String {
        self.pos.display()
    }
}

/// Shogammon: moves are turn tokens, played for the roll the arbiter gave.
struct ShogammonReferee {
    pos: shogammon::Position,
    plies: usize,
}

impl Referee for ShogammonReferee {
    fn variant(&self) -> Variant {
        Variant::Shogammon
    }

    fn side_to_move(&self) -> Color {
        self.pos.side()
    }

    fn plies(&self) -> usize {
        self.plies
    }

    fn sfen(&self) -> String {
        self.pos.to_sfen().to_string()
    }

    fn play(&mut self, token: &str) -> Result<String, String> {
        let turn = usi::parse_turn(token).map_err(|e| format!("'{token}': {e}"))?;
        if let Some(roll) = self.pos.roll() {
            let mut given = turn.dice;
            let mut want = roll;
            given.sort_unstable();
            want.sort_unstable();
            if given != want {
                return Err(format!(
                    "'{token}': the turn is for dice {}{}, but the roll is {}{}",
                    turn.dice[0], turn.dice[1], roll[0], roll[1]
                ));
            }
        }
        let t = self
            .pos
            .parse_turn(&turn)
            .map_err(|e| format!("'{token}': {e}"))?;
        let text = self.pos.format_turn(t).to_string();
        self.pos.do_move(t);
        self.plies += 1;
        Ok(text)
    }

    fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        self.pos.outcome(rules)
    }

    fn can_declare_win(&self, rules: &Rules) -> bool {
        Game::can_declare_win(&self.pos, rules)
    }

    fn set_roll(&mut self, roll: [u8; 2]) -> Result<(), String> {
        self.pos.set_dice(roll).map_err(|e| e.0)
    }

    fn roll(&self) -> Option<[u8; 2]> {
        self.pos.roll()
    }

    fn legal_move_count(&self) -> usize {
        let mut moves = shogammon::Turns::default();
        self.pos.generate_legal(&mut moves);
        moves.len()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = shogammon::Turns::default();
        self.pos.generate_legal(&mut moves);
        moves
            .iter()
            .map(|&t| self.pos.format_turn(t).to_string())
            .collect()
    }

    fn undo(&mut self) -> bool {
        if self.plies == 0 {
            return false;
        }
        self.pos.undo_move();
        self.plies -= 1;
        true
    }

    fn display(&self) -> String {
        self.pos.display()
    }
}

fn build<G: Game>(variant: Variant, start: &usi::StartPosition) -> Result<GameReferee<G>, String> {
    let pos = match start {
        usi::StartPosition::Startpos => G::startpos(),
        usi::StartPosition::Sfen(sfen) => {
            G::from_sfen(sfen).map_err(|e| format!("{variant} sfen '{sfen}': {e}"))?
        }
    };
    Ok(GameReferee {
        variant,
        pos,
        plies: 0,
    })
}

/// A referee for `variant` at `start`. `dice_map` (Shogammon only) changes
/// which pieces answer to which die, as the engines' `DiceMap` option does.
pub fn new_referee(
    variant: Variant,
    start: &usi::StartPosition,
    dice_map: Option<&DiceMap>,
) -> Result<Box<dyn Referee>, String> {
    Ok(match variant {
        Variant::Shogi => Box::new(build::<shogi::Position>(variant, start)?),
        Variant::Mortal => Box::new(build::<mortal::Position>(variant, start)?),
        Variant::Sigma4 => Box::new(build::<sigma4::Position>(variant, start)?),
        Variant::Shogammon => {
            let mut pos = match start {
                usi::StartPosition::Startpos => shogammon::Position::startpos(),
                usi::StartPosition::Sfen(sfen) => shogammon::Position::from_sfen(sfen)
                    .map_err(|e| format!("shogammon sfen '{sfen}': {e}"))?,
            };
            if let Some(map) = dice_map {
                pos.set_dice_map(*map);
            }
            Box::new(ShogammonReferee { pos, plies: 0 })
        }
    })
}

/// Reads a start position as a `position` command writes it: `startpos` or
/// `sfen <4 fields>` (a bare SFEN is accepted too).
pub fn parse_start(text: &str) -> Result<usi::StartPosition, String> {
    let text = text.trim();
    if text == "startpos" {
        return Ok(usi::StartPosition::Startpos);
    }
    let sfen = text.strip_prefix("sfen ").unwrap_or(text);
    usi::parse_sfen(sfen.trim())
        .map(usi::StartPosition::Sfen)
        .map_err(|e| format!("start position '{text}': {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_parse_and_name() {
        for v in Variant::ALL {
            assert_eq!(Variant::parse(v.name()), Some(v));
        }
        assert_eq!(Variant::parse("standard"), Some(Variant::Shogi));
        assert_eq!(Variant::parse("chess"), None);
    }

    #[test]
    fn shogi_referee_checks_moves_and_mate() {
        let mut r = new_referee(Variant::Shogi, &usi::StartPosition::Startpos, None).unwrap();
        assert_eq!(r.legal_moves().len(), 30);
        assert_eq!(r.play("7g7f").unwrap(), "7g7f");
        assert!(r.play("7g7f").is_err(), "no piece on 7g any more");
        assert!(r.display().contains("sente hand"));
        assert!(r.play("zz").is_err());
        assert_eq!(r.side_to_move(), Color::White);
        // Fool's mate is not possible in shogi; use a mate position.
        let start = parse_start("sfen 8k/9/8P/9/9/9/9/9/K8 b G 1").unwrap();
        let mut r = new_referee(Variant::Shogi, &start, None).unwrap();
        assert!(r.outcome(&Rules::default()).is_none());
        r.play("G*1b").unwrap();
        assert!(matches!(
            r.outcome(&Rules::default()),
            Some(Outcome::Loss(crate::game::EndReason::Checkmate))
        ));
    }

    #[test]
    fn shogammon_referee_checks_the_roll() {
        let mut r = new_referee(Variant::Shogammon, &usi::StartPosition::Startpos, None).unwrap();
        r.set_roll([6, 1]).unwrap();
        assert!(r.play("34:7a6b,6a5b").is_err(), "wrong roll");
        let text = r.play("16:7g7f,5i5h").unwrap();
        assert!(text.contains("7g7f"), "{text}");
        assert_eq!(r.side_to_move(), Color::White);
        assert!(r.roll().is_none());
        assert!(r.legal_moves().is_empty(), "no roll, no turns");
        assert!(r.undo());
        assert_eq!(r.roll(), Some([6, 1]), "the roll comes back with the turn");
        assert!(r
            .legal_moves()
            .iter()
            .all(|t| t.starts_with("61:") || t.starts_with("16:")));
        assert!(!r.undo());
        assert!(
            new_referee(Variant::Shogi, &usi::StartPosition::Startpos, None)
                .unwrap()
                .set_roll([1, 1])
                .is_err()
        );
    }
}
