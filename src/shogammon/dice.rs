//! The dice: which pieces answer to which face (`DiceMap`), the 21 distinct
//! rolls with their weights, the game's dice options (`DiceMap`,
//! `DiceSeed`) and the check of a roll. The engine's reproducible roller is
//! [`crate::chance::DiceRoller`].

use crate::board::position::Kind;
use crate::game::{DiceError, GameError};
use crate::registry::{GameOption, GameOptionKind};
use crate::shogi::types::Role;

/// The 21 distinct rolls, higher die first, with their weight out of 36:
/// doubles come one way (1), other rolls two ways (2).
pub const ROLLS: [([u8; 2], u32); 21] = {
    let mut rolls = [([0u8; 2], 0u32); 21];
    let mut i = 0;
    let mut hi = 6u8;
    while hi >= 1 {
        let mut lo = hi;
        while lo >= 1 {
            rolls[i] = ([hi, lo], if hi == lo { 1 } else { 2 });
            i += 1;
            lo -= 1;
        }
        hi -= 1;
    }
    rolls
};

/// Shogammon's engine options: `DiceMap` (which pieces answer to each
/// face) and `DiceSeed` (the engine's roller; 0 seeds from the clock). Kept
/// to 31 bits: some GUIs hold spin values in 32-bit integers.
pub const OPTIONS: [GameOption; 2] = [
    GameOption {
        name: "DiceMap",
        kind: GameOptionKind::Text {
            default: DiceMap::DEFAULT_TEXT,
            check: |text| DiceMap::parse(text).map(|_| ()).map_err(|e| e.to_string()),
        },
    },
    GameOption {
        name: "DiceSeed",
        kind: GameOptionKind::Spin {
            default: 0,
            min: 0,
            max: 2_147_483_647,
        },
    },
];

/// The `DiceMap` and `DiceSeed` of the session's game options (each
/// checked when it was set; the defaults where not set).
pub fn from_options(value: impl Fn(&str) -> Option<String>) -> (DiceMap, u64) {
    let map = value("DiceMap")
        .and_then(|text| DiceMap::parse(&text).ok())
        .unwrap_or_default();
    let seed = value("DiceSeed").and_then(|n| n.parse().ok()).unwrap_or(0);
    (map, seed)
}

/// Sum of the weights in [`ROLLS`].
pub const ROLL_WEIGHT_TOTAL: u32 = 36;

/// Which unpromoted kinds answer to each die face. A promoted piece answers
/// to its unpromoted kind's face(s) (docs/rules/shogammon.md).
///
/// Stored as one bit mask per face over `Role` indices 0..=7 (the unpromoted
/// kinds and the king).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiceMap {
    masks: [u8; 6],
    /// The faces (bit d-1 for face d) of each unpromoted kind: `masks`
    /// transposed, kept for the evaluation's hot loop.
    faces: [u8; 8],
}

/// Letters in the order a group is written canonically.
const LETTER_ORDER: [char; 8] = ['P', 'L', 'N', 'S', 'G', 'B', 'R', 'K'];

fn role_of_letter(c: char) -> Option<Role> {
    Role::from_letter(c, false)
}

impl Default for DiceMap {
    /// `P,LN,S,G,BR,K`: 1 pawn, 2 lance or knight, 3 silver, 4 gold,
    /// 5 bishop or rook, 6 king.
    fn default() -> Self {
        let bit = |r: Role| 1u8 << r.index();
        DiceMap::from_masks([
            bit(Role::Pawn),
            bit(Role::Lance) | bit(Role::Knight),
            bit(Role::Silver),
            bit(Role::Gold),
            bit(Role::Bishop) | bit(Role::Rook),
            bit(Role::King),
        ])
    }
}

impl DiceMap {
    /// The USI option's default value.
    pub const DEFAULT_TEXT: &'static str = "P,LN,S,G,BR,K";

    /// Reads the `DiceMap` option: six groups of piece letters separated by
    /// commas, one group per face 1..6 (`P,LN,S,G,BR,K`). Letters are the
    /// unpromoted kinds `P L N S G B R K`, either case; spaces around a group
    /// are ignored. A kind may answer to several faces, but every kind must
    /// answer to at least one (a piece that answers to no die could never
    /// move) and no group may be empty.
    pub fn parse(text: &str) -> Result<DiceMap, GameError> {
        let groups: Vec<&str> = text.split(',').map(str::trim).collect();
        if groups.len() != 6 {
            return Err(DiceError::MapGroups {
                text: text.to_string(),
                found: groups.len(),
                example: Self::DEFAULT_TEXT,
            }
            .into());
        }
        let mut masks = [0u8; 6];
        for (face, group) in groups.iter().enumerate() {
            if group.is_empty() {
                return Err(DiceError::MapEmptyGroup {
                    text: text.to_string(),
                    face: face + 1,
                }
                .into());
            }
            for c in group.chars() {
                if c == '+' {
                    return Err(DiceError::MapPromoted {
                        text: text.to_string(),
                    }
                    .into());
                }
                let Some(role) = role_of_letter(c) else {
                    return Err(DiceError::MapLetter {
                        text: text.to_string(),
                        letter: c,
                        face: face + 1,
                    }
                    .into());
                };
                let bit = 1u8 << role.index();
                if masks[face] & bit != 0 {
                    return Err(DiceError::MapDuplicate {
                        text: text.to_string(),
                        letter: role.letter(),
                        face: face + 1,
                    }
                    .into());
                }
                masks[face] |= bit;
            }
        }
        let all = masks.iter().fold(0u8, |acc, m| acc | m);
        for letter in LETTER_ORDER {
            let role = role_of_letter(letter).unwrap_or(Role::Pawn);
            if all & (1 << role.index()) == 0 {
                return Err(DiceError::MapUnmoved {
                    text: text.to_string(),
                    letter,
                }
                .into());
            }
        }
        Ok(DiceMap::from_masks(masks))
    }

    fn from_masks(masks: [u8; 6]) -> DiceMap {
        let mut faces = [0u8; 8];
        for (kind, f) in faces.iter_mut().enumerate() {
            for (face, mask) in masks.iter().enumerate() {
                if mask & (1 << kind) != 0 {
                    *f |= 1 << face;
                }
            }
        }
        DiceMap { masks, faces }
    }

    /// The faces `role` (promoted or not) answers to, as a mask: bit `d-1`
    /// for face `d`.
    #[inline]
    pub fn face_mask(&self, role: Role) -> u8 {
        self.faces[role.unpromoted().index()]
    }

    /// A number that tells maps apart, to mix into a position key where
    /// a cached value depends on the map (the key itself does not).
    #[inline]
    pub fn fingerprint(&self) -> u64 {
        u64::from_le_bytes(self.faces).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// Whether a piece of `role` (promoted or not) answers to `die` (1..=6).
    #[inline]
    pub fn answers(&self, die: u8, role: Role) -> bool {
        self.mask(die) & (1 << role.unpromoted().index()) != 0
    }

    /// The kinds answering to `die`, as a mask over unpromoted role indices.
    #[inline]
    pub fn mask(&self, die: u8) -> u8 {
        match die {
            1..=6 => self.masks[die as usize - 1],
            _ => 0,
        }
    }

    /// The faces `role` answers to, lowest first (for messages).
    pub fn faces_of(&self, role: Role) -> Vec<u8> {
        (1..=6u8).filter(|&d| self.answers(d, role)).collect()
    }
}

impl std::fmt::Display for DiceMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (face, mask) in self.masks.iter().enumerate() {
            if face > 0 {
                f.write_str(",")?;
            }
            for letter in LETTER_ORDER {
                let role = role_of_letter(letter).unwrap_or(Role::Pawn);
                if mask & (1 << role.index()) != 0 {
                    write!(f, "{letter}")?;
                }
            }
        }
        Ok(())
    }
}

/// Checks a roll given from outside (`dice` clause, turn token).
pub fn check_roll(roll: [u8; 2]) -> Result<(), DiceError> {
    if roll.iter().all(|d| (1..=6).contains(d)) {
        Ok(())
    } else {
        Err(DiceError::OutOfRange { roll })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_are_the_21_pairs_weighing_36() {
        assert_eq!(ROLLS.iter().map(|r| r.1).sum::<u32>(), ROLL_WEIGHT_TOTAL);
        assert_eq!(ROLLS[0], ([6, 6], 1));
        assert_eq!(ROLLS[1], ([6, 5], 2));
        assert_eq!(ROLLS[20], ([1, 1], 1));
    }

    #[test]
    fn default_map_is_the_rulings_table() {
        let m = DiceMap::default();
        assert_eq!(m.to_string(), DiceMap::DEFAULT_TEXT);
        assert_eq!(DiceMap::parse("P,LN,S,G,BR,K"), Ok(m));
        assert!(
            m.answers(1, Role::ProPawn),
            "a tokin answers to the pawn's die"
        );
        assert!(m.answers(5, Role::Dragon) && m.answers(5, Role::Horse));
        assert!(m.answers(2, Role::ProKnight) && !m.answers(4, Role::ProKnight));
        assert!(m.answers(6, Role::King) && !m.answers(6, Role::Gold));
    }

    #[test]
    fn dice_map_accepts_lower_case_spaces_and_shared_kinds() {
        let m = DiceMap::parse(" p , nl,s,g,rb, KG").expect("valid");
        assert_eq!(m.to_string(), "P,LN,S,G,BR,GK");
        assert!(m.answers(6, Role::Gold) && m.answers(4, Role::Gold));
    }

    #[test]
    fn bad_dice_maps_say_what_is_wrong() {
        let err = |s: &str| match DiceMap::parse(s) {
            Err(GameError::Dice(e)) => e,
            other => panic!("'{s}': {other:?}"),
        };
        let five = err("P,LN,S,G,BR");
        assert!(matches!(five, DiceError::MapGroups { found: 5, .. }));
        assert!(five.to_string().contains("5 group(s)"));
        assert!(matches!(
            err("P,LN,S,G,BR,K,P"),
            DiceError::MapGroups { found: 7, .. }
        ));
        assert!(matches!(
            err("P,,S,G,BR,K"),
            DiceError::MapEmptyGroup { face: 2, .. }
        ));
        assert!(matches!(
            err("P,LN,S,G,BX,K"),
            DiceError::MapLetter {
                letter: 'X',
                face: 5,
                ..
            }
        ));
        assert!(matches!(
            err("P,LN,S,G,BR,+K"),
            DiceError::MapPromoted { .. }
        ));
        assert!(matches!(
            err("P,LN,S,G,BB,K"),
            DiceError::MapDuplicate { letter: 'B', .. }
        ));
        assert!(matches!(
            err("P,LN,S,G,B,K"),
            DiceError::MapUnmoved { letter: 'R', .. }
        ));
        assert!(matches!(err(""), DiceError::MapGroups { found: 1, .. }));
        assert_eq!(
            check_roll([0, 3]),
            Err(DiceError::OutOfRange { roll: [0, 3] })
        );
    }
}
