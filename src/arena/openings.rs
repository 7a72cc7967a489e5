//! Opening books: one start per line, checked through the library.
//!
//! A line is `startpos [moves ...]`, `sfen <SFEN> [moves ...]`, a bare
//! `<SFEN> [moves ...]`, or any of these after `position `. `#` starts a
//! comment (to the end of the line); blank lines are skipped. Shogammon
//! openings take turn tokens (`61:5i5h,7g7f`).

use super::referee::{new_referee, Variant};

/// One opening: a start position and moves already played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub start: usi::StartPosition,
    /// Canonical moves (turn tokens in Shogammon).
    pub moves: Vec<String>,
    /// Where it came from (`book.txt:12`, `startpos`).
    pub label: String,
}

impl Opening {
    /// The variant's start position.
    pub fn startpos() -> Opening {
        Opening {
            start: usi::StartPosition::Startpos,
            moves: Vec::new(),
            label: "startpos".to_string(),
        }
    }
}

/// Reads one opening line and checks its moves.
pub fn parse_opening(
    variant: Variant,
    line: &str,
    label: String,
    dice_map: Option<&str>,
) -> Result<Opening, String> {
    let text = line.trim();
    let text = text.strip_prefix("position ").unwrap_or(text).trim();
    let first = text.split_whitespace().next().unwrap_or("");
    let command = if first == "startpos" || first == "sfen" {
        format!("position {text}")
    } else {
        format!("position sfen {text}")
    };
    let parsed = usi::parse_command(&command).map_err(|e| format!("{label}: {e}"))?;
    let usi::Command::Position(pc) = parsed.command else {
        return Err(format!("{label}: not a position"));
    };
    if pc.dice.is_some() {
        return Err(format!(
            "{label}: an opening cannot fix the next roll (drop the dice clause)"
        ));
    }
    let mut referee =
        new_referee(variant, &pc.start, dice_map).map_err(|e| format!("{label}: {e}"))?;
    let mut moves = Vec::with_capacity(pc.moves.len());
    for (i, m) in pc.moves.iter().enumerate() {
        let canonical = referee
            .play(&m.to_string())
            .map_err(|e| format!("{label}: move {}: {e}", i + 1))?;
        moves.push(canonical);
    }
    Ok(Opening {
        start: pc.start,
        moves,
        label,
    })
}

/// Reads an openings file: every entry must be valid for `variant`.
pub fn parse_openings(
    variant: Variant,
    text: &str,
    name: &str,
    dice_map: Option<&str>,
) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        out.push(parse_opening(
            variant,
            line,
            format!("{name}:{}", n + 1),
            dice_map,
        )?);
    }
    if out.is_empty() {
        return Err(format!("{name}: no openings in the file"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_all_forms_and_comments() {
        let text = "# book\n\
                    startpos moves 7g7f 3c3d   # the usual\n\
                    \n\
                    position startpos moves 2g2f\n\
                    sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 8c8d\n\
                    lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n";
        let book = parse_openings(Variant::Shogi, text, "book", None).unwrap();
        assert_eq!(book.len(), 4);
        assert_eq!(book[0].moves, ["7g7f", "3c3d"]);
        assert_eq!(book[0].label, "book:2");
        assert_eq!(book[1].moves, ["2g2f"]);
        assert_eq!(book[2].moves, ["8c8d"]);
        assert!(matches!(book[3].start, usi::StartPosition::Sfen(_)));
    }

    #[test]
    fn illegal_openings_are_refused() {
        let err =
            parse_openings(Variant::Shogi, "startpos moves 7g7f 7g7f\n", "b", None).unwrap_err();
        assert!(err.contains("b:1: move 2"), "{err}");
        assert!(parse_openings(Variant::Shogi, "# nothing\n", "b", None).is_err());
        assert!(parse_openings(
            Variant::Mortal,
            "startpos moves 7g7f 3c3d 8h2b+ 3a2b\n",
            "b",
            None
        )
        .is_ok());
        assert!(parse_openings(
            Variant::Shogammon,
            "startpos moves 61:5i5h,7g7f\n",
            "b",
            None
        )
        .is_ok());
        assert!(parse_openings(Variant::Shogammon, "startpos moves 7g7f\n", "b", None).is_err());
        assert!(parse_openings(Variant::Sigma4, "startpos moves 4e3d\n", "b", None).is_ok());
    }
}
