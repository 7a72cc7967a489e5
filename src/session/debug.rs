//! The debugging queries users of other shogi engines expect (`eval`,
//! `moves`, `sfen`, `key`, `compiler`). Each answers `info string` lines; the
//! game-independent parts are here; a game whose move list depends on more
//! than the position (Shogammon's turns, which need a roll) supplies its own.

use crate::game::Evaluate;
use usi::DebugQuery;

/// `eval`: the main terms of the static evaluation, then `eval = N`, the
/// evaluation the search uses, from the side to move's view (what
/// YaneuraOu's `e` prints).
pub fn eval_lines<G: Evaluate>(pos: &G) -> Vec<String> {
    let mut lines: Vec<String> = pos
        .evaluation_terms()
        .into_iter()
        .map(|(name, cp)| format!("eval term {name} {cp}"))
        .collect();
    lines.push(format!("eval = {}", pos.evaluate()));
    lines
}

/// The answer to `query`; `moves` gives the `moves` answer (games list
/// their moves their own way).
pub fn answer<G: Evaluate>(
    pos: &G,
    query: DebugQuery,
    moves: impl FnOnce() -> String,
) -> Vec<String> {
    match query {
        DebugQuery::Eval => eval_lines(pos),
        DebugQuery::Moves => vec![moves()],
        DebugQuery::Sfen => vec![format!("sfen {}", pos.to_sfen())],
        DebugQuery::Key => vec![key_line(pos.key())],
        DebugQuery::Compiler => compiler_lines(),
    }
}

/// `moves`: every legal move of the position, in the generator's order.
pub fn legal_moves<G: Evaluate>(pos: &G) -> Vec<String> {
    let mut moves = G::Moves::default();
    pos.generate_legal(&mut moves);
    moves
        .iter()
        .map(|&m| pos.format_move(m).to_string())
        .collect()
}

/// The one line `moves` answers: the count, then the moves.
pub fn moves_line(moves: &[String]) -> String {
    if moves.is_empty() {
        return "legal moves 0".to_string();
    }
    format!("legal moves {}: {}", moves.len(), moves.join(" "))
}

/// `key`: the position's 64-bit hash key, as 16 hex digits.
pub fn key_line(key: u64) -> String {
    format!("key {key:016x}")
}

/// `compiler`: the version, how and for what the binary was built.
pub fn compiler_lines() -> Vec<String> {
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    vec![
        format!("henkei {}", env!("CARGO_PKG_VERSION")),
        format!("compiler {}", env!("HENKEI_RUSTC_VERSION")),
        format!(
            "target {}-{} ({} profile)",
            std::env::consts::ARCH,
            std::env::consts::OS,
            profile
        ),
        format!("cpu features {}", cpu_features()),
    ]
}

/// The instruction-set extensions the running CPU offers that henkei uses.
fn cpu_features() -> String {
    #[cfg(target_arch = "x86_64")]
    {
        let mut found = Vec::new();
        if std::arch::is_x86_feature_detected!("popcnt") {
            found.push("popcnt");
        }
        if std::arch::is_x86_feature_detected!("bmi1") {
            found.push("bmi1");
        }
        if std::arch::is_x86_feature_detected!("lzcnt") {
            found.push("lzcnt");
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            found.push("avx2");
        }
        if !found.is_empty() {
            return found.join(" ");
        }
    }
    "none".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::Position;

    #[test]
    fn eval_ends_with_the_evaluation_and_its_terms_add_up() {
        let pos = Position::startpos();
        let lines = eval_lines(&pos);
        assert_eq!(lines.last(), Some(&format!("eval = {}", pos.evaluate())));
        let sum: i32 = pos.evaluation_terms().iter().map(|&(_, cp)| cp).sum();
        assert_eq!(lines.len(), 7, "{lines:?}");
        assert!(
            (sum - pos.evaluate()).abs() <= 1,
            "{sum} vs {}",
            pos.evaluate()
        );
    }

    #[test]
    fn moves_lists_the_legal_moves() {
        let moves = legal_moves(&Position::startpos());
        assert_eq!(moves.len(), 30);
        assert!(moves_line(&moves).starts_with("legal moves 30: "));
        assert_eq!(moves_line(&[]), "legal moves 0");
    }

    #[test]
    fn key_is_sixteen_hex_digits() {
        assert_eq!(key_line(0xab), "key 00000000000000ab");
    }
}
