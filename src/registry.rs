//! The games henkei plays, listed once. Every consumer (the USI session,
//! the match tool, `henkei play`, the tuner) finds a game here by name and
//! asks it what it supports; none of them tests which game it is.
//!
//! Adding a game: its module, one arm in [`Variant`] and one line in each
//! `match` below (the compiler lists them), and its [`Capabilities`].

use rand::rngs::StdRng;

use crate::arena::records::{GameRecord, ReplayInput};
use crate::arena::referee::{game_referee, Referee};
use crate::game::{Color, Game, Rules};
use crate::session::VariantOps;
use crate::tune::WithTunable;
use crate::{mortal, shogammon, shogi, sigma4};

/// The games, in the order `USI_Variant` lists them (the default first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Shogi,
    Mortal,
    Shogammon,
    Sigma4,
}

/// What a game has beyond moves on a board: shared code asks these.
#[derive(Clone, Copy, Debug)]
pub struct Capabilities {
    /// Other names hosts use for the game (Lishogi's `standard` for shogi).
    pub aliases: &'static [&'static str],
    /// Turns are played with a roll of two dice; a move token is a whole
    /// turn (`<dice>:<steps>`), the dice clause and the `DiceMap` option apply.
    pub dice: bool,
    /// Money play with a doubling cube (`go cube`, `go take`, `--cube`).
    pub cube: bool,
    /// Each side chooses its opening setup before the first move (`go setup`).
    pub setup: Option<SetupRules>,
    /// Entering-king declarations and impasse points: the
    /// `EnteringKingRule` option applies.
    pub entering_king: bool,
    /// Record formats of shogi software the match tool writes (and, for
    /// CSA, replays) besides its own.
    pub records: Option<RecordFormats>,
    /// What `bench` searches in this game.
    pub bench: Bench,
    /// The evaluation is a linear model the tuner fits (`henkei-tune`).
    pub tuned_evaluation: bool,
    /// Engine options of this game's own (`usi` declares every game's; the
    /// session keeps their values whatever the current game).
    pub options: &'static [GameOption],
}

/// A game's records in formats other software reads (standard shogi's CSA
/// and KIF), written from the match tool's records.
#[derive(Clone, Copy, Debug)]
pub struct RecordFormats {
    pub to_csa: fn(&GameRecord) -> Result<String, String>,
    /// KIF text; the match tool writes it as Shift_JIS `.kif` or UTF-8 `.kifu`.
    pub to_kif: fn(&GameRecord) -> Result<String, String>,
    /// KIF text as the bytes of a Shift_JIS `.kif` file.
    pub kif_to_shift_jis: fn(&str) -> Vec<u8>,
    /// Reads one game of a CSA file for `replay`.
    pub parse_csa: fn(&str, &Rules) -> Result<ReplayInput, String>,
}

impl Capabilities {
    /// A game with moves on a board and nothing more (its `bench` aside):
    /// the base each game's entry updates.
    pub const PLAIN: Capabilities = Capabilities {
        aliases: &[],
        dice: false,
        cube: false,
        setup: None,
        entering_king: false,
        records: None,
        bench: Bench {
            positions: &[],
            depth: 1,
        },
        tuned_evaluation: false,
        options: &[],
    };
}

/// An engine option a game brings.
#[derive(Clone, Copy, Debug)]
pub struct GameOption {
    pub name: &'static str,
    pub kind: GameOptionKind,
}

#[derive(Clone, Copy, Debug)]
pub enum GameOptionKind {
    /// An integer from `min` to `max`.
    Spin { default: i64, min: i64, max: i64 },
    /// Text the game checks (the error says why a value is refused).
    Text {
        default: &'static str,
        check: fn(&str) -> Result<(), String>,
    },
    /// One of `vars` (any case; stored as listed).
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
}

/// A game's benchmark: positions searched to a fixed depth with a fresh
/// table. The total node count is the signature of the game's search.
#[derive(Clone, Copy, Debug)]
pub struct Bench {
    /// SFENs (a game with dice rolls a fixed roll per position).
    pub positions: &'static [&'static str],
    /// Depth when `bench` gives none (plies; turns in a game with dice).
    pub depth: u32,
}

/// How a game with chosen setups asks for, checks and places them.
#[derive(Clone, Copy, Debug)]
pub struct SetupRules {
    /// The `position` command an engine is sent before `go setup` for `side`.
    pub request_position: fn(Color) -> String,
    /// A random legal setup for `side`, as a `bestmove setup` carries it.
    pub random: fn(Color, &mut StdRng) -> String,
    /// Why a setup text is not legal for `side`.
    pub validate: fn(Color, &str) -> Result<(), String>,
    /// The start position's SFEN from both setups (indexed by colour).
    pub start_sfen: fn(&[String; 2]) -> String,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Shogi,
        Variant::Mortal,
        Variant::Shogammon,
        Variant::Sigma4,
    ];

    /// The `USI_Variant` value.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Shogi => shogi::Position::VARIANT,
            Variant::Mortal => mortal::Position::VARIANT,
            Variant::Shogammon => shogammon::Position::VARIANT,
            Variant::Sigma4 => sigma4::Position::VARIANT,
        }
    }

    pub fn capabilities(self) -> &'static Capabilities {
        match self {
            Variant::Shogi => &shogi::CAPABILITIES,
            Variant::Mortal => &mortal::CAPABILITIES,
            Variant::Shogammon => &shogammon::CAPABILITIES,
            Variant::Sigma4 => &sigma4::CAPABILITIES,
        }
    }

    /// The `USI_Variant` names, the default first.
    pub fn names() -> [&'static str; 4] {
        Variant::ALL.map(Variant::name)
    }

    /// Every game's own options, each name once, in the registry's order.
    pub fn game_options() -> Vec<&'static GameOption> {
        let mut all: Vec<&'static GameOption> = Vec::new();
        for v in Variant::ALL {
            for option in v.capabilities().options {
                if !all.iter().any(|o| o.name.eq_ignore_ascii_case(option.name)) {
                    all.push(option);
                }
            }
        }
        all
    }

    /// The game a name (or one of its aliases) stands for, ignoring case.
    pub fn parse(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| {
            v.name().eq_ignore_ascii_case(name)
                || v.capabilities()
                    .aliases
                    .iter()
                    .any(|a| a.eq_ignore_ascii_case(name))
        })
    }

    /// The names of the games `has` is true of, for messages: `a or b`.
    pub fn names_where(has: fn(&Capabilities) -> bool) -> String {
        let names: Vec<&str> = Variant::ALL
            .into_iter()
            .filter(|v| has(v.capabilities()))
            .map(Variant::name)
            .collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => "no game".to_string(),
        }
    }

    /// A game by name for a command-line flag, or an error naming the games.
    pub fn from_flag(flag: &str, name: &str) -> Result<Variant, String> {
        Variant::parse(name)
            .ok_or_else(|| format!("{flag}: '{name}' is not {}", Variant::names_where(|_| true)))
    }

    /// Whether this is the game an engine plays without a `USI_Variant`.
    pub fn is_default(self) -> bool {
        self == Variant::ALL[0]
    }

    /// The start position's SFEN.
    pub fn start_sfen(self) -> String {
        match self {
            Variant::Shogi => shogi::Position::startpos().to_sfen().to_string(),
            Variant::Mortal => mortal::Position::startpos().to_sfen().to_string(),
            Variant::Shogammon => shogammon::Position::startpos().to_sfen().to_string(),
            Variant::Sigma4 => sigma4::Position::startpos().to_sfen().to_string(),
        }
    }

    /// The USI session's state for a fresh game (start position, no table).
    pub fn session_state(self) -> Box<dyn VariantOps + Send> {
        use crate::session::GameState;
        match self {
            Variant::Shogi => Box::<GameState<shogi::Position>>::default(),
            Variant::Mortal => Box::<GameState<mortal::Position>>::default(),
            Variant::Shogammon => Box::<crate::shogammon::session::ShogammonState>::default(),
            Variant::Sigma4 => Box::<GameState<sigma4::Position>>::default(),
        }
    }

    /// Runs `job` with the game's type if its evaluation is the tuner's
    /// model ([`Capabilities::tuned_evaluation`]).
    pub fn tune<W: WithTunable>(self, job: W) -> Option<W::Output> {
        match self {
            Variant::Shogi => Some(job.run::<shogi::Position>()),
            Variant::Mortal => Some(job.run::<mortal::Position>()),
            Variant::Sigma4 => Some(job.run::<sigma4::Position>()),
            Variant::Shogammon => None,
        }
    }

    /// The match tool's arbiter for a game from `start`. `options` are the
    /// game's own engine options as the engines were given them (`DiceMap`).
    pub fn referee(
        self,
        start: &usi::StartPosition,
        options: &[(String, String)],
    ) -> Result<Box<dyn Referee>, String> {
        match self {
            Variant::Shogi => game_referee::<shogi::Position>(self, start),
            Variant::Mortal => game_referee::<mortal::Position>(self, start),
            Variant::Shogammon => shogammon::referee(start, options),
            Variant::Sigma4 => game_referee::<sigma4::Position>(self, start),
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_find_their_game() {
        for v in Variant::ALL {
            assert_eq!(Variant::parse(v.name()), Some(v));
            assert_eq!(Variant::parse(&v.name().to_uppercase()), Some(v));
        }
        assert_eq!(Variant::parse("standard"), Some(Variant::Shogi));
        assert_eq!(Variant::parse("chess"), None);
        assert!(Variant::Shogi.is_default());
    }

    #[test]
    fn every_game_starts_a_session_and_a_referee() {
        for v in Variant::ALL {
            assert_eq!(v.session_state().name(), v.name());
            let referee = v.referee(&usi::StartPosition::Startpos, &[]).unwrap();
            assert_eq!(referee.variant(), v);
            assert_eq!(referee.sfen(), v.start_sfen());
        }
    }

    /// The setup hooks agree with each other: the position sent before
    /// `go setup` and random setups are legal, and both placed make a game.
    #[test]
    fn setup_rules_make_legal_games() {
        use rand::SeedableRng;
        for v in Variant::ALL {
            let Some(rules) = v.capabilities().setup else {
                continue;
            };
            let mut rng = StdRng::seed_from_u64(7);
            let mut setups = [String::new(), String::new()];
            for c in [Color::Black, Color::White] {
                let cmd = (rules.request_position)(c);
                let Ok(usi::Command::Position(pc)) = usi::parse_command(&cmd).map(|p| p.command)
                else {
                    panic!("{cmd}")
                };
                assert!(v.referee(&pc.start, &[]).is_ok(), "{cmd}");
                setups[c.index()] = (rules.random)(c, &mut rng);
                assert_eq!((rules.validate)(c, &setups[c.index()]), Ok(()));
                assert!((rules.validate)(c.flip(), &setups[c.index()]).is_err());
            }
            let sfen = usi::parse_sfen(&(rules.start_sfen)(&setups)).unwrap();
            let referee = v.referee(&usi::StartPosition::Sfen(sfen), &[]).unwrap();
            assert!(referee.legal_move_count() > 0);
        }
    }
}
