//! The arbiter's view of a game: one object-safe interface over the four
//! games' [`Game`] implementations, so the match loop, the records and the
//! replay are written once. Every move an engine sends goes through the
//! library's own legality check (`Game::parse_move`); a game with dice
//! adds how the arbiter gives the rolls ([`Dice`]).

use std::marker::PhantomData;

use crate::game::{Color, FamilyRules, Game, Outcome, Rules};
pub use crate::registry::Variant;

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
    /// A game with dice: gives the side to move its roll. Other games refuse.
    fn set_roll(&mut self, roll: [u8; 2]) -> Result<(), String>;
    /// A game with dice: the roll of the side to move, if set.
    fn roll(&self) -> Option<[u8; 2]>;
    /// Number of legal moves (for the current roll in a game with dice).
    fn legal_move_count(&self) -> usize;
    /// The legal moves (turn tokens for the current roll in a game with dice) as
    /// the engines write them.
    fn legal_moves(&self) -> Vec<String>;
    /// Takes back the last move played (with dice: the roll it was played
    /// with is the side to move's roll again). False when there is none.
    fn undo(&mut self) -> bool;
    /// The board for people (`Game::display`).
    fn display(&self) -> String;
}

/// How a referee gives the side to move its roll: not at all in a game
/// without dice ([`NoDice`], the defaults).
pub trait Dice<G: Game> {
    /// Gives the side to move its roll; `None` in a game without dice.
    fn set_roll(_pos: &mut G, _roll: [u8; 2]) -> Option<Result<(), String>> {
        None
    }
    /// The side to move's roll, if the game has dice and it is set.
    fn roll(_pos: &G) -> Option<[u8; 2]> {
        None
    }
}

/// The [`Dice`] of every game without dice.
pub struct NoDice;

impl<G: Game> Dice<G> for NoDice {}

/// Reads `token` as an engine wrote it and checks it against the rules.
fn read_move<G: Game>(pos: &G, token: &str) -> Result<G::Move, String> {
    let token = usi::parse_move_token(token).map_err(|e| e.to_string())?;
    pos.parse_move(&token).map_err(|e| e.to_string())
}

/// A game behind [`Game`], its rolls (if any) given by `D`.
struct GameReferee<G: Game, D> {
    variant: Variant,
    pos: G,
    plies: usize,
    dice: PhantomData<fn() -> D>,
}

impl<G: Game + FamilyRules, D: Dice<G>> Referee for GameReferee<G, D> {
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
        let m = read_move(&self.pos, token).map_err(|e| format!("'{token}': {e}"))?;
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

    fn set_roll(&mut self, roll: [u8; 2]) -> Result<(), String> {
        D::set_roll(&mut self.pos, roll).unwrap_or_else(|| {
            Err(format!(
                "{}: dice are only for {} (roll {}{})",
                self.variant,
                Variant::names_where(|c| c.dice),
                roll[0],
                roll[1]
            ))
        })
    }

    fn roll(&self) -> Option<[u8; 2]> {
        D::roll(&self.pos)
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

/// The arbiter of a game from `pos`, its rolls (if any) given by `D`.
pub fn referee_for<G: Game + FamilyRules, D: Dice<G> + 'static>(
    variant: Variant,
    pos: G,
) -> Box<dyn Referee> {
    Box::new(GameReferee::<G, D> {
        variant,
        pos,
        plies: 0,
        dice: PhantomData,
    })
}

/// The position `start` describes in `variant`.
pub fn start_position<G: Game>(variant: Variant, start: &usi::StartPosition) -> Result<G, String> {
    match start {
        usi::StartPosition::Startpos => Ok(G::startpos()),
        usi::StartPosition::Sfen(sfen) => {
            G::from_sfen(sfen).map_err(|e| format!("{variant} sfen '{sfen}': {e}"))
        }
    }
}

/// The arbiter of a game without dice behind [`Game`] from `start`.
pub fn game_referee<G: Game + FamilyRules>(
    variant: Variant,
    start: &usi::StartPosition,
) -> Result<Box<dyn Referee>, String> {
    let pos = start_position::<G>(variant, start)?;
    Ok(referee_for::<G, NoDice>(variant, pos))
}

/// A referee for `variant` at `start`. `dice_map` (games with dice) changes
/// which pieces answer to which die, as the engines' `DiceMap` option does.
pub fn new_referee(
    variant: Variant,
    start: &usi::StartPosition,
    dice_map: Option<&str>,
) -> Result<Box<dyn Referee>, String> {
    let options: Vec<(String, String)> = dice_map
        .map(|map| ("DiceMap".to_string(), map.to_string()))
        .into_iter()
        .collect();
    variant.referee(start, &options)
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
