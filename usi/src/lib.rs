//! The USI protocol as henkei speaks it: typed commands and responses, nom
//! parsers and formatters, including henkei's variant extensions (see
//! `PROTOCOL.md`). No game rules live here: a parsed SFEN or move is syntax
//! that a game then checks.

mod types;

pub use types::*;
