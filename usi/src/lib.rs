//! The USI protocol as henkei speaks it: typed commands and responses, nom
//! parsers and formatters, including henkei's variant extensions (see
//! `PROTOCOL.md`). No game rules live here: a parsed SFEN or move is syntax
//! that a game then checks.
//!
//! - Read a GUI line with [`parse_command`]; an engine line with
//!   [`parse_response`].
//! - Parse notation alone with [`parse_sfen`], [`parse_move`], [`parse_turn`],
//!   [`parse_move_token`].
//! - Write anything with `Display` (`to_string()`): every type prints the
//!   canonical text that its parser reads back unchanged.
//!
//! ```
//! use usi::{parse_command, parse_move, Command, Response};
//!
//! let parsed = parse_command("position startpos moves 7g7f 61:5i5h,7g7f dice 34").unwrap();
//! assert!(matches!(parsed.command, Command::Position(_)));
//! assert_eq!(
//!     parsed.command.to_string(),
//!     "position startpos moves 7g7f 61:5i5h,7g7f dice 34"
//! );
//!
//! let err = parse_move("7g7z").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "expected a rank letter a-i in move '7g7z' at character 4, found 'z' (token 1, column 4)"
//! );
//! // How the engine reports it:
//! assert!(Response::error(&err).to_string().starts_with("info string error: expected"));
//! ```

mod format;
mod lex;
mod notation;
mod parse;
mod response;
mod types;

pub use format::*;
pub use parse::*;
pub use response::parse_response;
pub use types::*;

#[cfg(test)]
mod robustness_tests;

/// Keeps `PROTOCOL.md` honest: its transcripts are parsed as they stand.
#[cfg(test)]
mod protocol_doc_tests {
    use super::*;

    const DOC: &str = include_str!("../PROTOCOL.md");
    const RESPONSE_WORDS: [&str; 7] = [
        "id",
        "option",
        "usiok",
        "readyok",
        "bestmove",
        "info",
        "checkmate",
    ];

    /// Transcript lines after `prefix`, without elided ones (`...`).
    fn lines(prefix: &str) -> impl Iterator<Item = &'static str> + '_ {
        DOC.lines()
            .filter_map(move |l| l.strip_prefix(prefix))
            .filter(|l| !l.contains("..."))
    }

    /// A GUI line that parses must print as text that reads back the same,
    /// with any warning on the next line; one that fails must be followed by
    /// its error line.
    #[test]
    fn gui_lines_parse_and_print_back() {
        let all: Vec<&str> = DOC.lines().collect();
        let mut n = 0;
        for (i, line) in all.iter().enumerate() {
            let Some(line) = line.strip_prefix("> ").filter(|l| !l.contains("...")) else {
                continue;
            };
            let next = all.get(i + 1).copied().unwrap_or("");
            match parse_command(line) {
                Ok(p) if p.warnings.is_empty() => {
                    // Same value, not same text: the doc also shows short forms.
                    let again = parse_command(&p.command.to_string()).map(|q| q.command);
                    assert_eq!(again, Ok(p.command), "{line}");
                }
                Ok(p) => {
                    for w in p.warnings {
                        assert_eq!(next, format!("< info string warning: {w}"));
                    }
                }
                Err(e) => assert_eq!(next, format!("< info string error: {e}"), "{line}"),
            }
            n += 1;
        }
        assert!(n > 30, "only {n} lines");
    }

    #[test]
    fn engine_lines_parse_and_print_back() {
        let mut n = 0;
        for line in lines("< ") {
            let word = line.split(' ').next().unwrap_or("");
            if !RESPONSE_WORDS.contains(&word) {
                continue; // perft, d and other free-form output
            }
            let parsed = parse_response(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(parsed.to_string(), line);
            n += 1;
        }
        assert!(n > 20, "only {n} lines");
    }
}
