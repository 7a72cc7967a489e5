//! The engine's USI options: their declarations for `usi`, their current
//! values, and `setoption`. Names are matched without regard to case, as GUIs
//! differ; a bad name or value changes nothing and says why.

use super::nnue::{LoadedNet, DEFAULT_EVAL_DIR};
use super::option_error::OptionError;
use crate::game::{EnteringKingRule, Rules};
use crate::nnue::{DEFAULT_FV_SCALE, MAX_FV_SCALE};
use crate::registry::{GameOption, GameOptionKind, Variant};
use crate::timeman::TimeOptions;
use usi::{OptionDecl, OptionKind};

pub const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: i64 = 4096;
const MAX_MOVES_TO_DRAW: i64 = 100_000;
const MAX_DELAY_MS: i64 = 10_000;
const MAX_MINIMUM_THINKING_MS: i64 = 600_000;
const MAX_MULTIPV: i64 = 500;
const MAX_THREADS: i64 = 256;
/// `ResignValue` at its minimum: resign only when lost by force.
pub const RESIGN_NEVER: i64 = -32000;
/// Kept to 31 bits: some GUIs hold spin values in 32-bit integers.
const MAX_SEED: i64 = 2_147_483_647;

#[derive(Clone, Debug)]
pub struct Options {
    pub hash_mb: usize,
    pub ponder: bool,
    /// One of the names the session offers (a game's `VARIANT`).
    pub variant: &'static str,
    pub rules: Rules,
    pub time: TimeOptions,
    /// Principal variations reported (`MultiPV`).
    pub multipv: usize,
    /// Search threads (`Threads`).
    pub threads: usize,
    /// Resign once the score stays below this (cp); `RESIGN_NEVER` = only
    /// when lost by force.
    pub resign_value: i32,
    /// The games' own options ([`crate::registry::Capabilities::options`]),
    /// by name, as set or their defaults.
    pub game: Vec<(&'static GameOption, String)>,
    /// Shogi: the folder of the NNUE net `nn.bin` (`EvalDir`), read at `isready`.
    pub eval_dir: String,
    /// Shogi: the NNUE output divisor (`FV_SCALE`).
    pub fv_scale: i32,
    /// Shogi: the net `isready` loaded; `None` = built-in evaluation.
    pub net: Option<LoadedNet>,
    /// Sigma 4: seed of `go setup`'s choice (0 = from the clock).
    pub setup_seed: u64,
}

/// What a successful `setoption` changed that the session must act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A value the next search or `isready` picks up by itself.
    Stored,
    /// One of the games' own options: the current game may need it now.
    Game,
    /// `USI_Variant`: the session switches games.
    Variant(&'static str),
}

fn spin(name: &str, default: i64, min: i64, max: i64) -> OptionDecl {
    OptionDecl {
        name: name.to_string(),
        kind: OptionKind::Spin { default, min, max },
    }
}

fn default_text(kind: GameOptionKind) -> String {
    match kind {
        GameOptionKind::Spin { default, .. } => default.to_string(),
        GameOptionKind::Text { default, .. } => default.to_string(),
        GameOptionKind::Combo { default, .. } => default.to_string(),
    }
}

fn combo(name: &str, default: &str, vars: &[&str]) -> OptionDecl {
    OptionDecl {
        name: name.to_string(),
        kind: OptionKind::Combo {
            default: default.to_string(),
            vars: vars.iter().map(|v| v.to_string()).collect(),
        },
    }
}

/// Parses a spin value within its range.
fn parse_spin(name: &str, value: &str, min: i64, max: i64) -> Result<i64, OptionError> {
    match value.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(OptionError::OutOfRange {
            name: name.to_string(),
            value: value.to_string(),
            min,
            max,
        }),
    }
}

fn parse_check(name: &str, value: &str) -> Result<bool, OptionError> {
    if value.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if value.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(OptionError::NotBoolean {
            name: name.to_string(),
            value: value.to_string(),
        })
    }
}

fn not_a_choice(name: &str, value: &str, choices: &[&'static str]) -> OptionError {
    OptionError::NotAChoice {
        name: name.to_string(),
        value: value.to_string(),
        choices: choices.to_vec(),
    }
}

fn missing_value(name: &str) -> OptionError {
    OptionError::MissingValue {
        name: name.to_string(),
    }
}

impl Options {
    /// Defaults; `variant` is the default game.
    pub fn new(variant: &'static str) -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            ponder: false,
            variant,
            rules: Rules::default(),
            time: TimeOptions::default(),
            multipv: 1,
            threads: 1,
            resign_value: RESIGN_NEVER as i32,
            game: Variant::game_options()
                .into_iter()
                .map(|o| (o, default_text(o.kind)))
                .collect(),
            eval_dir: DEFAULT_EVAL_DIR.to_string(),
            fv_scale: DEFAULT_FV_SCALE,
            net: None,
            setup_seed: 0,
        }
    }

    /// The `option` lines of the `usi` answer, given the variants offered.
    pub fn declarations(variants: &[&'static str]) -> Vec<OptionDecl> {
        let time = TimeOptions::default();
        let mut decls = vec![
            spin("USI_Hash", DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB),
            OptionDecl {
                name: "USI_Ponder".to_string(),
                kind: OptionKind::Check { default: false },
            },
            combo("USI_Variant", variants[0], variants),
            combo(
                "EnteringKingRule",
                EnteringKingRule::NAMES[0],
                &EnteringKingRule::NAMES,
            ),
            spin("Threads", 1, 1, MAX_THREADS),
            spin("MultiPV", 1, 1, MAX_MULTIPV),
            spin("ResignValue", RESIGN_NEVER, RESIGN_NEVER, 0),
            spin("MaxMovesToDraw", 0, 0, MAX_MOVES_TO_DRAW),
            spin("NetworkDelay", time.network_delay as i64, 0, MAX_DELAY_MS),
            spin(
                "MinimumThinkingTime",
                time.minimum_thinking_time as i64,
                0,
                MAX_MINIMUM_THINKING_MS,
            ),
        ];
        decls.extend(Variant::game_options().into_iter().map(|o| match o.kind {
            GameOptionKind::Spin { default, min, max } => spin(o.name, default, min, max),
            GameOptionKind::Text { default, .. } => OptionDecl {
                name: o.name.to_string(),
                kind: OptionKind::String {
                    default: default.to_string(),
                },
            },
            GameOptionKind::Combo { default, vars } => combo(o.name, default, vars),
        }));
        decls.extend([
            OptionDecl {
                name: "EvalDir".to_string(),
                kind: OptionKind::String {
                    default: DEFAULT_EVAL_DIR.to_string(),
                },
            },
            spin("FV_SCALE", DEFAULT_FV_SCALE as i64, 1, MAX_FV_SCALE as i64),
            spin("SetupSeed", 0, 0, MAX_SEED),
        ]);
        decls
    }

    /// A game option's value (as set, or its default).
    pub fn game_option(&self, name: &str) -> Option<String> {
        self.game
            .iter()
            .find(|(o, _)| o.name.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    }

    /// Applies `setoption name <name> value <value>`; on error nothing changes.
    pub fn set(
        &mut self,
        name: &str,
        value: Option<&str>,
        variants: &[&'static str],
    ) -> Result<Change, OptionError> {
        let is = |option: &str| name.eq_ignore_ascii_case(option);
        // What `usi` declares is what `setoption` knows (and `UCI_Variant`,
        // the name some hosts send).
        let declared = Self::declarations(variants);
        let known = declared
            .iter()
            .map(|d| d.name.as_str())
            .chain(["UCI_Variant"]);
        if let Some(slot) = self.game.iter().position(|(o, _)| is(o.name)) {
            let Some(value) = value else {
                return Err(missing_value(name));
            };
            let option = self.game[slot].0;
            let stored = match option.kind {
                GameOptionKind::Spin { min, max, .. } => {
                    parse_spin(name, value, min, max)?.to_string()
                }
                GameOptionKind::Text { check, .. } => {
                    check(value).map_err(|reason| OptionError::Invalid {
                        name: name.to_string(),
                        value: value.to_string(),
                        reason,
                    })?;
                    value.to_string()
                }
                GameOptionKind::Combo { vars, .. } => vars
                    .iter()
                    .find(|v| v.eq_ignore_ascii_case(value))
                    .ok_or_else(|| not_a_choice(name, value, vars))?
                    .to_string(),
            };
            self.game[slot].1 = stored;
            return Ok(Change::Game);
        }
        if !known.into_iter().any(is) {
            return Err(OptionError::Unknown {
                name: name.to_string(),
            });
        }
        let Some(value) = value else {
            return Err(missing_value(name));
        };
        if is("USI_Hash") {
            self.hash_mb = parse_spin(name, value, 1, MAX_HASH_MB)? as usize;
        } else if is("USI_Ponder") {
            self.ponder = parse_check(name, value)?;
        } else if is("USI_Variant") || is("UCI_Variant") {
            let variant = Self::variant_named(value, variants)
                .ok_or_else(|| not_a_choice(name, value, variants))?;
            self.variant = variant;
            return Ok(Change::Variant(variant));
        } else if is("EnteringKingRule") {
            self.rules.entering_king = Self::entering_king_named(value)
                .ok_or_else(|| not_a_choice(name, value, &EnteringKingRule::NAMES))?;
        } else if is("Threads") {
            self.threads = parse_spin(name, value, 1, MAX_THREADS)? as usize;
        } else if is("MultiPV") {
            self.multipv = parse_spin(name, value, 1, MAX_MULTIPV)? as usize;
        } else if is("ResignValue") {
            self.resign_value = parse_spin(name, value, RESIGN_NEVER, 0)? as i32;
        } else if is("MaxMovesToDraw") {
            self.rules.max_moves_to_draw = parse_spin(name, value, 0, MAX_MOVES_TO_DRAW)? as u32;
        } else if is("NetworkDelay") {
            self.time.network_delay = parse_spin(name, value, 0, MAX_DELAY_MS)? as u64;
        } else if is("MinimumThinkingTime") {
            self.time.minimum_thinking_time =
                parse_spin(name, value, 0, MAX_MINIMUM_THINKING_MS)? as u64;
        } else if is("EvalDir") {
            self.eval_dir = value.to_string();
        } else if is("FV_SCALE") {
            self.fv_scale = parse_spin(name, value, 1, MAX_FV_SCALE as i64)? as i32;
        } else if is("SetupSeed") {
            self.setup_seed = parse_spin(name, value, 0, MAX_SEED)? as u64;
        }
        Ok(Change::Stored)
    }

    fn variant_named(value: &str, variants: &[&'static str]) -> Option<&'static str> {
        let canonical = crate::registry::Variant::parse(value)?.name();
        variants.iter().copied().find(|&v| v == canonical)
    }

    fn entering_king_named(value: &str) -> Option<EnteringKingRule> {
        if value.eq_ignore_ascii_case("None") {
            return Some(EnteringKingRule::NoEnteringKing);
        }
        let name = EnteringKingRule::NAMES
            .iter()
            .find(|n| n.eq_ignore_ascii_case(value))?;
        EnteringKingRule::parse(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VARIANTS: [&str; 2] = ["shogi", "mortal"];

    #[test]
    fn declarations_list_every_option() {
        let decls = Options::declarations(&VARIANTS);
        let names: Vec<_> = decls.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "USI_Hash",
                "USI_Ponder",
                "USI_Variant",
                "EnteringKingRule",
                "Threads",
                "MultiPV",
                "ResignValue",
                "MaxMovesToDraw",
                "NetworkDelay",
                "MinimumThinkingTime",
                "DiceMap",
                "DiceSeed",
                "SetupChoice",
                "EvalDir",
                "FV_SCALE",
                "SetupSeed"
            ]
        );
        assert_eq!(
            decls[0].to_string(),
            "option name USI_Hash type spin default 64 min 1 max 4096"
        );
    }

    #[test]
    fn names_are_case_insensitive_and_values_checked() {
        let mut o = Options::new("shogi");
        assert_eq!(
            o.set("usi_hash", Some("128"), &VARIANTS),
            Ok(Change::Stored)
        );
        assert_eq!(o.hash_mb, 128);
        let range = |value: &str| {
            Err(OptionError::OutOfRange {
                name: "USI_Hash".to_string(),
                value: value.to_string(),
                min: 1,
                max: 4096,
            })
        };
        assert_eq!(o.set("USI_Hash", Some("0"), &VARIANTS), range("0"));
        assert_eq!(o.set("USI_Hash", Some("lots"), &VARIANTS), range("lots"));
        assert_eq!(
            o.set("USI_Hash", None, &VARIANTS),
            Err(OptionError::MissingValue {
                name: "USI_Hash".to_string()
            })
        );
        assert_eq!(o.hash_mb, 128, "unchanged after errors");
        assert_eq!(
            o.set("Threadz", Some("4"), &VARIANTS),
            Err(OptionError::Unknown {
                name: "Threadz".to_string()
            })
        );
        assert!(matches!(
            o.set("Threads", Some("0"), &VARIANTS),
            Err(OptionError::OutOfRange { min: 1, .. })
        ));
        assert_eq!(o.set("threads", Some("2"), &VARIANTS), Ok(Change::Stored));
        assert_eq!(o.threads, 2);
        assert_eq!(
            o.set("USI_Ponder", Some("TRUE"), &VARIANTS),
            Ok(Change::Stored)
        );
        assert!(o.ponder);
        let maybe = o.set("USI_Ponder", Some("maybe"), &VARIANTS).unwrap_err();
        assert!(matches!(maybe, OptionError::NotBoolean { .. }));
        assert_eq!(
            maybe.to_string(),
            "setoption: USI_Ponder value 'maybe' is not 'true' or 'false'"
        );
        assert!(o.ponder, "unchanged after an error");
    }

    #[test]
    fn game_options_are_checked_by_their_game() {
        let mut o = Options::new("shogi");
        assert_eq!(
            o.set("DiceMap", Some("P,LN,S,G,BR,K"), &VARIANTS),
            Ok(Change::Game)
        );
        let bad = o.set("DiceMap", Some("P,LN"), &VARIANTS).unwrap_err();
        assert!(
            matches!(&bad, OptionError::Invalid { name, reason, .. }
                if name == "DiceMap" && reason.contains("2 group(s)")),
            "{bad:?}"
        );
        assert!(bad.to_string().starts_with(
            "setoption: DiceMap value 'P,LN' is not valid: DiceMap 'P,LN' has 2 group(s)"
        ));
        assert!(matches!(
            o.set("DiceSeed", Some("-1"), &VARIANTS),
            Err(OptionError::OutOfRange { .. })
        ));
        assert_eq!(
            o.set("DiceMap", None, &VARIANTS),
            Err(OptionError::MissingValue {
                name: "DiceMap".to_string()
            })
        );
    }

    #[test]
    fn eval_options() {
        let mut o = Options::new("shogi");
        assert_eq!((o.eval_dir.as_str(), o.fv_scale), ("eval", 16));
        assert_eq!(
            o.set("evaldir", Some("/nets/suisho5"), &VARIANTS),
            Ok(Change::Stored)
        );
        assert_eq!(o.eval_dir, "/nets/suisho5");
        assert_eq!(o.set("FV_SCALE", Some("24"), &VARIANTS), Ok(Change::Stored));
        assert_eq!(o.fv_scale, 24);
        assert!(matches!(
            o.set("FV_SCALE", Some("0"), &VARIANTS),
            Err(OptionError::OutOfRange { .. })
        ));
        assert!(matches!(
            o.set("FV_SCALE", Some("129"), &VARIANTS),
            Err(OptionError::OutOfRange { max: 128, .. })
        ));
        assert_eq!(o.fv_scale, 24);
    }

    #[test]
    fn variants_accept_aliases() {
        let mut o = Options::new("shogi");
        assert_eq!(
            o.set("UCI_Variant", Some("mortal"), &VARIANTS),
            Ok(Change::Variant("mortal"))
        );
        assert_eq!(
            o.set("USI_Variant", Some("standard"), &VARIANTS),
            Ok(Change::Variant("shogi"))
        );
        let err = o.set("USI_Variant", Some("chess"), &VARIANTS).unwrap_err();
        assert_eq!(
            err,
            OptionError::NotAChoice {
                name: "USI_Variant".to_string(),
                value: "chess".to_string(),
                choices: VARIANTS.to_vec(),
            }
        );
        assert_eq!(
            err.to_string(),
            "setoption: USI_Variant value 'chess' is not one of shogi, mortal"
        );
        assert_eq!(o.variant, "shogi");
    }

    #[test]
    fn entering_king_rule_names() {
        let mut o = Options::new("shogi");
        o.set("EnteringKingRule", Some("TryRule"), &VARIANTS)
            .unwrap();
        assert_eq!(o.rules.entering_king, EnteringKingRule::TryRule);
        o.set("EnteringKingRule", Some("None"), &VARIANTS).unwrap();
        assert_eq!(o.rules.entering_king, EnteringKingRule::NoEnteringKing);
        assert!(matches!(
            o.set("EnteringKingRule", Some("Nope"), &VARIANTS),
            Err(OptionError::NotAChoice { choices, .. }) if choices == EnteringKingRule::NAMES
        ));
        o.set("MaxMovesToDraw", Some("256"), &VARIANTS).unwrap();
        assert_eq!(o.rules.max_moves_to_draw, 256);
        o.set("NetworkDelay", Some("500"), &VARIANTS).unwrap();
        o.set("MinimumThinkingTime", Some("1000"), &VARIANTS)
            .unwrap();
        assert_eq!(o.time.network_delay, 500);
        assert_eq!(o.time.minimum_thinking_time, 1000);
    }
}
