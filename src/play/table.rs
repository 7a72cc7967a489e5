//! The game on the table: the position as the rules keep it (the match
//! tool's [`Referee`]), the moves so far, the dice, the cube and the
//! engine's clock, and how they are shown.

use crate::arena::clock::{go_command, Clock};
use crate::arena::records::{adjudicate, position_command};
use crate::arena::referee::{new_referee, Referee};
use crate::chance::{Cube, DiceRoller};
use crate::game::{Color, Rules};

use super::cli::PlayConfig;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Decided: the winner (`None`: a draw), how, and the points won.
    Result {
        winner: Option<Color>,
        how: String,
        points: u32,
    },
    /// The human left (`quit`, end of input).
    Abandoned(&'static str),
}

/// What a turn led to.
pub enum Step {
    Next,
    End(Ending),
}

pub struct Table {
    pub cfg: PlayConfig,
    pub referee: Box<dyn Referee>,
    pub rules: Rules,
    /// Every move so far, as the rules wrote it.
    pub moves: Vec<String>,
    /// Shogammon: the program rolls for both sides.
    pub dice: Option<DiceRoller>,
    /// Shogammon with `--cube`.
    pub cube: Option<Cube>,
    /// Clocks of sente and gote; only the engine's is charged.
    pub clocks: [Clock; 2],
    /// The engine's name.
    pub engine_name: String,
    /// "You (sente) played 7g7f", for the board display.
    pub last: Option<String>,
}

impl Table {
    pub fn new(cfg: &PlayConfig, engine_name: String) -> Result<Table, String> {
        let start = usi::StartPosition::Startpos;
        let referee = new_referee(cfg.variant, &start, None)?;
        let caps = cfg.variant.capabilities();
        Ok(Table {
            cfg: cfg.clone(),
            referee,
            rules: Rules {
                max_moves_to_draw: cfg.max_moves,
                ..Rules::default()
            },
            moves: Vec::new(),
            dice: caps.dice.then(|| DiceRoller::new(cfg.seed)),
            cube: (caps.cube && cfg.cube).then(Cube::centred),
            clocks: [Clock::new(cfg.tc); 2],
            engine_name,
            last: None,
        })
    }

    pub fn human(&self) -> Color {
        self.cfg.human
    }

    pub fn engine(&self) -> Color {
        self.cfg.human.flip()
    }

    /// "you (sente)" or "henkei (gote)".
    pub fn who(&self, c: Color) -> String {
        let side = side_word(c);
        if c == self.human() {
            format!("you ({side})")
        } else {
            format!("{} ({side})", self.engine_name)
        }
    }

    /// The rules' verdict on the current position.
    pub fn rules_ending(&self) -> Option<Ending> {
        let outcome = self.referee.outcome(&self.rules)?;
        let (winner, termination) = adjudicate(outcome, self.referee.side_to_move());
        Some(self.result(winner, termination.name()))
    }

    /// A decided game, worth the cube's value to a winner.
    pub fn result(&self, winner: Option<Color>, how: &str) -> Ending {
        Ending::Result {
            winner,
            how: how.to_string(),
            points: match winner {
                Some(_) => self.cube.map_or(1, Cube::value),
                None => 0,
            },
        }
    }

    /// Whether the side to move still has to roll (Shogammon).
    pub fn needs_roll(&self) -> bool {
        self.dice.is_some() && self.referee.roll().is_none()
    }

    /// Whether `side` may offer the cube now.
    pub fn may_double(&self, side: Color) -> bool {
        self.needs_roll() && self.cube.is_some_and(|c| c.may_double(side).is_ok())
    }

    /// Rolls for the side to move and returns the roll.
    pub fn roll(&mut self) -> Result<[u8; 2], String> {
        let dice = self.dice.as_mut().ok_or("this game has no dice")?;
        let roll = dice.roll();
        self.referee.set_roll(roll)?;
        // As the position keeps it (high die first), so that the roll
        // reads the same everywhere.
        Ok(self.referee.roll().unwrap_or(roll))
    }

    /// Plays `token` (a move as the engines write it) for the side to move.
    pub fn play(&mut self, token: &str) -> Result<String, String> {
        let mover = self.referee.side_to_move();
        let text = self.referee.play(token)?;
        self.last = Some(format!("{} played {text}", capitalised(&self.who(mover))));
        self.moves.push(text.clone());
        Ok(text)
    }

    /// Takes back the human's last move and the engine's reply.
    pub fn undo_pair(&mut self) -> Result<(), String> {
        if self.moves.len() < 2 {
            return Err("nothing to take back: you have not moved yet".to_string());
        }
        for _ in 0..2 {
            self.referee.undo();
            self.moves.pop();
        }
        self.last = self.moves.last().map(|m| format!("last move: {m}"));
        Ok(())
    }

    /// The `position` command for the engine (no dice before its roll).
    pub fn position_command(&self) -> String {
        position_command(
            &usi::StartPosition::Startpos,
            &self.moves,
            self.referee.roll(),
        )
    }

    /// The position with the cube clause, for `go cube`/`go take`.
    pub fn cube_position_command(&self, cube: Cube) -> String {
        format!("{} {}", self.position_command(), cube.to_usi())
    }

    /// The `go` command for the engine's move.
    pub fn go_command(&self) -> String {
        go_command(&self.clocks, self.engine(), false)
    }

    /// The board with what happened last and the cube.
    pub fn board_text(&self) -> String {
        let mut text = String::new();
        if let Some(last) = &self.last {
            text.push_str(&format!("{last}\n"));
        }
        text.push_str(&self.referee.display());
        if let Some(cube) = self.cube {
            text.push_str(&format!("cube: {}\n", self.cube_text(cube)));
        }
        text.trim_end().to_string()
    }

    /// `2, owned by you`.
    pub fn cube_text(&self, cube: Cube) -> String {
        match cube.owner() {
            None => format!("{} (centred)", cube.value()),
            Some(c) if c == self.human() => format!("{} (owned by you)", cube.value()),
            Some(_) => format!("{} (owned by {})", cube.value(), self.engine_name),
        }
    }
}

pub fn side_word(c: Color) -> &'static str {
    match c {
        Color::Black => "sente",
        Color::White => "gote",
    }
}

/// `you (sente)` → `You (sente)`, at the start of a sentence (engine
/// names are left as they are).
pub fn capitalised(text: &str) -> String {
    match text.strip_prefix("you") {
        Some(rest) => format!("You{rest}"),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::Variant;

    fn table(variant: Variant, cube: bool) -> Table {
        let cfg = PlayConfig {
            variant,
            cube,
            seed: 3,
            ..PlayConfig::default()
        };
        Table::new(&cfg, "henkei".to_string()).unwrap()
    }

    #[test]
    fn moves_undo_in_pairs() {
        let mut t = table(Variant::Shogi, false);
        assert!(t.undo_pair().is_err());
        t.play("7g7f").unwrap();
        assert!(t.undo_pair().is_err(), "the engine has not replied");
        t.play("3c3d").unwrap();
        assert!(t.board_text().starts_with("henkei (gote) played 3c3d"));
        t.undo_pair().unwrap();
        assert!(t.moves.is_empty());
        assert_eq!(t.referee.side_to_move(), Color::Black);
        assert!(t.play("zz").is_err());
        assert_eq!(t.position_command(), "position startpos");
        assert!(t.rules_ending().is_none());
    }

    #[test]
    fn shogammon_rolls_and_the_cube_clause() {
        let mut t = table(Variant::Shogammon, true);
        assert!(t.needs_roll() && t.may_double(Color::Black));
        let roll = t.roll().unwrap();
        assert!(!t.needs_roll() && !t.may_double(Color::Black));
        assert!(t
            .position_command()
            .ends_with(&format!("dice {}{}", roll[0], roll[1])));
        let cube = Cube::centred().taken_by(Color::White);
        assert!(t.cube_position_command(cube).ends_with("cube 2 w"));
        assert_eq!(t.cube_text(cube), "2 (owned by henkei)");
        assert!(t.board_text().contains("cube: 1 (centred)"));
        assert_eq!(
            t.result(Some(Color::Black), "drop"),
            Ending::Result {
                winner: Some(Color::Black),
                how: "drop".into(),
                points: 1
            }
        );
    }
}
