//! Standard shogi records in the two formats shogi software reads: CSA
//! (version 2.2, ASCII) and KIF (Kakinoki's format; `.kif` is Shift_JIS,
//! `.kifu` the same text in UTF-8). Also a CSA reader, so `replay` can
//! re-check CSA files.
//!
//! The records follow the game on the real shogi position
//! ([`crate::shogi::Position`]), which says which piece moved, what it
//! became and what it took.

use crate::arena::records::{GameRecord, ReplayInput, Termination};
use crate::board::position::{Kind, PackedMove};
use crate::board::Square;
use crate::game::{Color, EndReason, Game, Rules};
use crate::registry::Variant;
use crate::shogi::{Piece, Position, Role};

/// Standard shogi's record formats, for the game registry.
pub const RECORDS: crate::registry::RecordFormats = crate::registry::RecordFormats {
    to_csa,
    to_kif,
    kif_to_shift_jis: to_shift_jis,
    parse_csa,
};

/// A piece as its SFEN letter and whether it is promoted, the form the
/// CSA and KIF names are looked up by.
fn letter_of(p: Piece) -> (char, bool) {
    (p.role.letter(), p.role.is_promoted())
}

/// What one move did.
struct Step {
    color: Color,
    /// The origin square; `None` for a drop.
    from: Option<Square>,
    to: Square,
    /// The piece as it stood before the move (or dropped).
    before: Piece,
    promoted: bool,
}

/// Plays a move on `pos` (a record's moves were checked when they were
/// played) and says what it did.
fn play(pos: &mut Position, mv: &usi::UsiMove) -> Result<Step, String> {
    let m = pos
        .parse_move(&usi::MoveToken::Move(mv.clone()))
        .map_err(|e| e.to_string())?;
    let color = pos.side();
    let (from, before) = if m.is_drop() {
        (None, Piece::new(color, m.dropped()))
    } else {
        let before = pos.piece_at(m.from()).ok_or("no piece to move")?;
        (Some(m.from()), before)
    };
    pos.do_move(m);
    Ok(Step {
        color,
        from,
        to: m.to(),
        before,
        promoted: !m.is_drop() && m.is_promotion(),
    })
}

/// The position an SFEN gives, for a record.
fn position(sfen: &usi::Sfen) -> Result<Position, String> {
    Position::from_sfen(sfen).map_err(|e| e.to_string())
}

fn start_sfen(start: &usi::StartPosition) -> usi::Sfen {
    match start {
        usi::StartPosition::Sfen(s) => s.clone(),
        usi::StartPosition::Startpos => {
            usi::parse_sfen(crate::shogi::STARTPOS_SFEN).expect("the start position parses")
        }
    }
}

fn is_hirate(sfen: &usi::Sfen) -> bool {
    let mut s = sfen.clone();
    s.move_number = 1;
    s.to_string() == crate::shogi::STARTPOS_SFEN
}

// --------------------------------------------------------------------- CSA

fn csa_code(letter: char, promoted: bool) -> &'static str {
    match (letter, promoted) {
        ('P', false) => "FU",
        ('L', false) => "KY",
        ('N', false) => "KE",
        ('S', false) => "GI",
        ('G', _) => "KI",
        ('B', false) => "KA",
        ('R', false) => "HI",
        ('K', _) => "OU",
        ('P', true) => "TO",
        ('L', true) => "NY",
        ('N', true) => "NK",
        ('S', true) => "NG",
        ('B', true) => "UM",
        ('R', true) => "RY",
        _ => "??",
    }
}

fn csa_piece(code: &str) -> Option<(char, bool)> {
    Some(match code {
        "FU" => ('P', false),
        "KY" => ('L', false),
        "KE" => ('N', false),
        "GI" => ('S', false),
        "KI" => ('G', false),
        "KA" => ('B', false),
        "HI" => ('R', false),
        "OU" => ('K', false),
        "TO" => ('P', true),
        "NY" => ('L', true),
        "NK" => ('N', true),
        "NG" => ('S', true),
        "UM" => ('B', true),
        "RY" => ('R', true),
        _ => return None,
    })
}

fn sign(c: Color) -> char {
    match c {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// ASCII only: anything else becomes `?`.
fn ascii(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c
            } else {
                '?'
            }
        })
        .collect()
}

/// `2024-05-01 12:34:56` to `2024/05/01 12:34:56`.
fn slash_date(s: &str) -> String {
    s.replacen('-', "/", 2)
}

/// The CSA V2.2 record of a standard shogi game.
pub fn to_csa(r: &GameRecord) -> Result<String, String> {
    let sfen = start_sfen(&r.start);
    let mut pos = position(&sfen)?;
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push('\n');
    };
    line("V2.2");
    line(&format!("N+{}", ascii(&r.players[0])));
    line(&format!("N-{}", ascii(&r.players[1])));
    line("$EVENT:henkei-match");
    line(&format!("$START_TIME:{}", slash_date(&r.started)));
    line(&format!("$END_TIME:{}", slash_date(&r.ended)));
    if r.tcs[0] == r.tcs[1] {
        if let Some(limit) = r.tcs[0].csa_time_limit() {
            line(&format!("$TIME_LIMIT:{limit}"));
        }
    }
    line(&format!(
        "'henkei-match game {} (UTC times); time: sente {}, gote {}; rules {}",
        r.number,
        r.tcs[0],
        r.tcs[1],
        crate::arena::records::rules_text(&r.rules)
    ));
    line(&format!("'opening {}", ascii(&r.opening)));
    if is_hirate(&sfen) {
        line("PI");
    } else {
        for rank in 0..9u8 {
            let mut s = format!("P{}", rank + 1);
            for file in (1..=9u8).rev() {
                match pos.piece_at(Square::new(file, rank)) {
                    Some(p) => {
                        let (letter, promoted) = letter_of(p);
                        s.push(sign(p.color));
                        s.push_str(csa_code(letter, promoted));
                    }
                    None => s.push_str(" * "),
                }
            }
            line(&s);
        }
        for c in [Color::Black, Color::White] {
            let mut s = format!("P{}", sign(c));
            for role in Role::HAND_ORDER {
                for _ in 0..pos.hand(c).count(role) {
                    s.push_str("00");
                    s.push_str(csa_code(role.letter(), false));
                }
            }
            if s.len() > 2 {
                line(&s);
            }
        }
    }
    line(&sign(pos.side()).to_string());
    for (i, text) in r.moves.iter().enumerate() {
        let mv = usi::parse_move(text).map_err(|e| e.to_string())?;
        let step = play(&mut pos, &mv)?;
        let (letter, promoted) = letter_of(step.before);
        let (from, after) = match step.from {
            Some(sq) => (
                format!("{}{}", sq.file(), sq.rank() + 1),
                csa_code(letter, promoted || step.promoted),
            ),
            None => ("00".to_string(), csa_code(letter, false)),
        };
        line(&format!(
            "{}{from}{}{}{after}",
            sign(step.color),
            step.to.file(),
            step.to.rank() + 1
        ));
        let secs = r.times.get(i).copied().flatten().unwrap_or(0) / 1000;
        line(&format!("T{secs}"));
    }
    let mover = pos.side();
    let at_fault = r.offender.unwrap_or(mover);
    let special = match r.termination {
        // The mated side resigns, as on CSA servers (readers know %TORYO
        // better than %TSUMI); the comment below keeps the exact reason.
        Termination::Rules(EndReason::Checkmate | EndReason::Stalemate) => "%TORYO".to_string(),
        Termination::Rules(EndReason::Repetition) => "%SENNICHITE".to_string(),
        Termination::Rules(EndReason::Impasse | EndReason::MoveLimit) => "%JISHOGI".to_string(),
        Termination::Declaration => "%KACHI".to_string(),
        Termination::Resignation => "%TORYO".to_string(),
        Termination::TimeForfeit | Termination::Hang if at_fault == mover => "%TIME_UP".to_string(),
        Termination::Crash if at_fault == mover => "%TORYO".to_string(),
        // Perpetual check (the checker, who just moved, loses), illegal
        // moves, invalid declarations, anything by the side not to move.
        _ => format!(
            "%{}ILLEGAL_ACTION",
            sign(r.winner.map_or(at_fault, Color::flip))
        ),
    };
    line(&special);
    line(&format!(
        "'henkei-match result {} termination {}",
        crate::arena::records::result_text(r.winner),
        r.termination.name()
    ));
    if let Some(ill) = &r.illegal {
        line(&format!("'henkei-match illegal {}", ascii(ill)));
    }
    line(&format!("'{}", ascii(&r.detail)));
    Ok(out)
}

/// Reads a CSA record (one game) for replay. `rules` is used unless the
/// file carries henkei-match's own `rules` comment.
pub fn parse_csa(text: &str, rules: &Rules) -> Result<ReplayInput, String> {
    let mut rules = rules.clone();
    let mut rows: Vec<Option<String>> = vec![None; 9];
    let mut hirate = false;
    let mut hand_lines: Vec<String> = Vec::new();
    let mut side: Option<Color> = None;
    let mut moves_csa: Vec<String> = Vec::new();
    let mut special: Option<String> = None;
    let mut comment_result: Option<(Option<Color>, Termination)> = None;
    let mut illegal: Option<String> = None;
    for raw in text.lines() {
        let raw = raw.trim_end_matches('\r');
        if let Some(c) = raw.strip_prefix('\'') {
            if let Some(rest) = c.split("; rules ").nth(1) {
                rules = crate::arena::records::parse_rules(rest)?;
            }
            if let Some(rest) = c.strip_prefix("henkei-match result ") {
                let words: Vec<&str> = rest.split_whitespace().collect();
                if let [res, "termination", t] = words.as_slice() {
                    let winner = match *res {
                        "1-0" => Some(Color::Black),
                        "0-1" => Some(Color::White),
                        _ => None,
                    };
                    if let Some(t) = Termination::parse(t) {
                        comment_result = Some((winner, t));
                    }
                }
            }
            if let Some(rest) = c.strip_prefix("henkei-match illegal ") {
                illegal = Some(rest.trim().to_string());
            }
            continue;
        }
        if raw.starts_with('P') && raw.len() >= 2 && raw.as_bytes()[1].is_ascii_digit() {
            let n = (raw.as_bytes()[1] - b'1') as usize;
            if n < 9 {
                rows[n] = Some(raw[2..].to_string());
            }
            continue;
        }
        for stmt in raw.split(',') {
            let stmt = stmt.trim();
            if stmt.is_empty()
                || stmt.starts_with('V')
                || stmt.starts_with('N')
                || stmt.starts_with('$')
                || stmt.starts_with('T')
            {
                continue;
            }
            if stmt.starts_with("PI") {
                if stmt.len() > 2 {
                    return Err("CSA: handicap 'PI' with removed pieces is not supported".into());
                }
                hirate = true;
            } else if stmt.starts_with("P+") || stmt.starts_with("P-") {
                hand_lines.push(stmt.to_string());
            } else if stmt == "+" || stmt == "-" {
                if side.is_none() && moves_csa.is_empty() {
                    side = Some(if stmt == "+" {
                        Color::Black
                    } else {
                        Color::White
                    });
                }
            } else if stmt.starts_with('%') {
                special = Some(stmt.to_string());
            } else if stmt.starts_with('+') || stmt.starts_with('-') {
                moves_csa.push(stmt.to_string());
            }
        }
    }
    // The start position, as an SFEN the position then checks.
    let mut start = if hirate {
        start_sfen(&usi::StartPosition::Startpos)
    } else {
        usi::Sfen {
            board: vec![vec![usi::Cell::Empty; 9]; 9],
            side: usi::Side::Black,
            hand: Vec::new(),
            move_number: 1,
        }
    };
    let mut place = |file: u8, rank: u8, color: Color, (letter, promoted): (char, bool)| {
        start.board[rank as usize][9 - file as usize] = usi::Cell::Piece(usi::PieceToken {
            side: color.to_usi(),
            promoted,
            letter,
        });
    };
    if !hirate {
        for (rank, row) in rows.iter().enumerate() {
            let Some(row) = row else { continue };
            let bytes = row.as_bytes();
            for k in 0..9 {
                let cell = row.get(3 * k..3 * k + 3).unwrap_or(" * ");
                let file = 9 - k as u8;
                if cell.trim() == "*" || cell.trim().is_empty() || bytes.len() < 3 * k + 3 {
                    continue;
                }
                let color = match &cell[..1] {
                    "+" => Color::Black,
                    "-" => Color::White,
                    _ => return Err(format!("CSA: bad square '{cell}' in P{}", rank + 1)),
                };
                let piece =
                    csa_piece(&cell[1..]).ok_or_else(|| format!("CSA: bad piece '{cell}'"))?;
                place(file, rank as u8, color, piece);
            }
        }
    }
    let mut held = Vec::new();
    for hl in &hand_lines {
        let color = if hl.starts_with("P+") {
            Color::Black
        } else {
            Color::White
        };
        let body = &hl[2..];
        for k in 0..body.len() / 4 {
            let item = &body[4 * k..4 * k + 4];
            if &item[2..] == "AL" {
                return Err("CSA: '00AL' is not supported".into());
            }
            let (letter, promoted) =
                csa_piece(&item[2..]).ok_or_else(|| format!("CSA: bad piece in '{hl}'"))?;
            if &item[..2] == "00" {
                if letter == 'K' {
                    return Err("CSA: a king in hand".into());
                }
                held.push(usi::HandEntry {
                    count: 1,
                    piece: usi::PieceToken {
                        side: color.to_usi(),
                        promoted: false,
                        letter,
                    },
                });
            } else {
                let b = item.as_bytes();
                place(b[0] - b'0', b[1] - b'1', color, (letter, promoted));
            }
        }
    }
    start.hand.extend(held);
    start.side = side
        .ok_or("CSA: no side to move ('+' or '-') after the position")?
        .to_usi();
    let mut pos = position(&start)?;
    let start = pos.to_sfen();
    let start_pos = if is_hirate(&start) {
        usi::StartPosition::Startpos
    } else {
        usi::StartPosition::Sfen(start)
    };
    // Moves.
    let mut moves = Vec::new();
    for (i, m) in moves_csa.iter().enumerate() {
        let b = m.as_bytes();
        if b.len() != 7 {
            return Err(format!("CSA: move {} '{m}' is not +FFTTPP", i + 1));
        }
        let color = if b[0] == b'+' {
            Color::Black
        } else {
            Color::White
        };
        if color != pos.side() {
            return Err(format!("CSA: move {} '{m}' is out of turn", i + 1));
        }
        let digit = |c: u8| -> Result<u8, String> {
            if c.is_ascii_digit() {
                Ok(c - b'0')
            } else {
                Err(format!("CSA: bad square in '{m}'"))
            }
        };
        let (ff, fr, tf, tr) = (digit(b[1])?, digit(b[2])?, digit(b[3])?, digit(b[4])?);
        let (letter, promoted) =
            csa_piece(&m[5..]).ok_or_else(|| format!("CSA: bad piece in '{m}'"))?;
        if !(1..=9).contains(&tf) || !(1..=9).contains(&tr) {
            return Err(format!("CSA: bad square in '{m}'"));
        }
        let to = usi::Square {
            file: tf,
            rank: tr - 1,
        };
        let usi_move = if ff == 0 && fr == 0 {
            usi::UsiMove::Drop {
                promoted: false,
                letters: vec![letter],
                to,
            }
        } else {
            let from_rank = fr
                .checked_sub(1)
                .ok_or_else(|| format!("CSA: bad square in '{m}'"))?;
            if !(1..=9).contains(&ff) || from_rank > 8 {
                return Err(format!("CSA: bad square in '{m}'"));
            }
            let before = pos
                .piece_at(Square::new(ff, from_rank))
                .ok_or_else(|| format!("CSA: move {} '{m}': no piece on {ff}{fr}", i + 1))?;
            let promotes = promoted && !before.role.is_promoted();
            usi::UsiMove::Board {
                from: usi::Square {
                    file: ff,
                    rank: from_rank,
                },
                to,
                suffix: if promotes {
                    usi::Suffix::Promote
                } else {
                    usi::Suffix::None
                },
            }
        };
        play(&mut pos, &usi_move).map_err(|e| format!("CSA: move {} '{m}': {e}", i + 1))?;
        moves.push(usi_move.to_string());
    }
    let mover = pos.side();
    let result = comment_result.or_else(|| {
        let s = special.as_deref()?;
        Some(match s {
            "%TORYO" => (Some(mover.flip()), Termination::Resignation),
            "%TSUMI" => (Some(mover.flip()), Termination::Rules(EndReason::Checkmate)),
            "%SENNICHITE" => (None, Termination::Rules(EndReason::Repetition)),
            "%TIME_UP" => (Some(mover.flip()), Termination::TimeForfeit),
            "%ILLEGAL_MOVE" => (Some(mover.flip()), Termination::IllegalMove),
            "%+ILLEGAL_ACTION" => (Some(Color::White), Termination::IllegalMove),
            "%-ILLEGAL_ACTION" => (Some(Color::Black), Termination::IllegalMove),
            "%KACHI" => (Some(mover), Termination::Declaration),
            "%JISHOGI" => (None, Termination::Rules(EndReason::Impasse)),
            "%HIKIWAKE" | "%MAX_MOVES" => (None, Termination::Rules(EndReason::MoveLimit)),
            _ => return None,
        })
    });
    Ok(ReplayInput {
        variant: Variant::Shogi,
        rules,
        dice_map: None,
        start: start_pos,
        moves,
        pending_roll: None,
        result,
        offender: None,
        illegal,
        setups: None,
        cube: None,
    })
}

// --------------------------------------------------------------------- KIF

const FULL_DIGITS: [&str; 10] = ["０", "１", "２", "３", "４", "５", "６", "７", "８", "９"];
const KANJI_DIGITS: [&str; 11] = [
    "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
];

/// A piece's name, one character as readers expect (a promoted lance,
/// knight and silver are 杏, 圭, 全, the spec's short forms of 成香, 成桂,
/// 成銀).
fn kif_name(letter: char, promoted: bool) -> &'static str {
    match (letter, promoted) {
        ('P', false) => "歩",
        ('L', false) => "香",
        ('N', false) => "桂",
        ('S', false) => "銀",
        ('G', _) => "金",
        ('B', false) => "角",
        ('R', false) => "飛",
        ('K', _) => "玉",
        ('P', true) => "と",
        ('L', true) => "杏",
        ('N', true) => "圭",
        ('S', true) => "全",
        ('B', true) => "馬",
        ('R', true) => "龍",
        _ => "？",
    }
}

/// 1..=18 as a kanji number (`十八`).
fn kanji_number(n: u8) -> String {
    match n {
        0..=10 => KANJI_DIGITS[n as usize].to_string(),
        _ => format!("十{}", KANJI_DIGITS[(n % 10) as usize]),
    }
}

fn kif_hand(pos: &Position, c: Color) -> String {
    let mut parts = Vec::new();
    for role in Role::HAND_ORDER {
        let name = kif_name(role.letter(), false);
        match pos.hand(c).count(role) {
            0 => {}
            1 => parts.push(name.to_string()),
            n => parts.push(format!("{name}{}", kanji_number(n))),
        }
    }
    if parts.is_empty() {
        "なし".to_string()
    } else {
        parts.join("　") + "　"
    }
}

fn player_word(c: Color) -> &'static str {
    match c {
        Color::Black => "先手",
        Color::White => "後手",
    }
}

/// Display width (full-width characters count 2) for aligning moves.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

fn kif_time(ms: u64, total_ms: u64) -> String {
    let s = ms / 1000;
    let t = total_ms / 1000;
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        s / 60,
        s % 60,
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// The KIF record of a standard shogi game, as text (encode with
/// [`to_shift_jis`] for a `.kif` file; UTF-8 as is is a `.kifu` file).
pub fn to_kif(r: &GameRecord) -> Result<String, String> {
    let sfen = start_sfen(&r.start);
    let mut pos = position(&sfen)?;
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push_str("\r\n");
    };
    line("# ---- henkei-match 棋譜ファイル ----");
    line(&format!("開始日時：{}", slash_date(&r.started)));
    line(&format!("終了日時：{}", slash_date(&r.ended)));
    line("棋戦：henkei-match");
    line(&format!(
        "# game {}, UTC; time: sente {}, gote {}; {}",
        r.number,
        r.tcs[0],
        r.tcs[1],
        crate::arena::records::rules_text(&r.rules)
    ));
    if is_hirate(&sfen) {
        line("手合割：平手");
    } else {
        line(&format!("後手の持駒：{}", kif_hand(&pos, Color::White)));
        line("  ９ ８ ７ ６ ５ ４ ３ ２ １");
        line("+---------------------------+");
        for rank in 0..9u8 {
            let mut s = String::from("|");
            for file in (1..=9u8).rev() {
                match pos.piece_at(Square::new(file, rank)) {
                    None => s.push_str(" ・"),
                    Some(p) => {
                        let (letter, promoted) = letter_of(p);
                        s.push(if p.color == Color::White { 'v' } else { ' ' });
                        s.push_str(kif_name(letter, promoted));
                    }
                }
            }
            s.push('|');
            s.push_str(KANJI_DIGITS[rank as usize + 1]);
            line(&s);
        }
        line("+---------------------------+");
        line(&format!("先手の持駒：{}", kif_hand(&pos, Color::Black)));
        if pos.side() == Color::White {
            line("後手番");
        }
    }
    line(&format!("先手：{}", r.players[0]));
    line(&format!("後手：{}", r.players[1]));
    line("手数----指手---------消費時間--");
    let mut totals = [0u64; 2];
    let mut last_to: Option<Square> = None;
    for (i, text) in r.moves.iter().enumerate() {
        let mv = usi::parse_move(text).map_err(|e| e.to_string())?;
        let step = play(&mut pos, &mv)?;
        let mut s = if last_to == Some(step.to) {
            "同　".to_string()
        } else {
            format!(
                "{}{}",
                FULL_DIGITS[step.to.file() as usize],
                KANJI_DIGITS[step.to.rank() as usize + 1]
            )
        };
        let (letter, promoted) = letter_of(step.before);
        s.push_str(kif_name(letter, promoted));
        match step.from {
            Some(from) => {
                // A move that could promote but does not is written
                // without 不成, as the format's readers expect.
                if step.promoted {
                    s.push('成');
                }
                s.push_str(&format!("({}{})", from.file(), from.rank() + 1));
            }
            None => s.push('打'),
        }
        last_to = Some(step.to);
        let ms = r.times.get(i).copied().flatten().unwrap_or(0);
        totals[step.color.index()] += ms;
        let pad = 14usize.saturating_sub(width(&s));
        line(&format!(
            "{:>4} {s}{} {}",
            i + 1,
            " ".repeat(pad),
            kif_time(ms, totals[step.color.index()])
        ));
    }
    let n = r.moves.len();
    let mover = pos.side();
    let at_fault = r.offender.unwrap_or(mover);
    let terminal = match r.termination {
        Termination::Rules(EndReason::Checkmate | EndReason::Stalemate) => "詰み",
        Termination::Rules(EndReason::Repetition) => "千日手",
        Termination::Rules(EndReason::Impasse | EndReason::MoveLimit) => "持将棋",
        Termination::Declaration => "入玉勝ち",
        Termination::Resignation => "投了",
        Termination::TimeForfeit | Termination::Hang if at_fault == mover => "切れ負け",
        Termination::Crash if at_fault == mover => "投了",
        Termination::IllegalMove | Termination::InvalidDeclaration if at_fault == mover => {
            "反則負け"
        }
        _ => "反則勝ち",
    };
    let ms = r.end_ms.unwrap_or(0);
    totals[mover.index()] += ms;
    let pad = 14usize.saturating_sub(width(terminal));
    line(&format!(
        "{:>4} {terminal}{} {}",
        n + 1,
        " ".repeat(pad),
        kif_time(ms, totals[mover.index()])
    ));
    let summary = match (r.winner, r.termination) {
        (None, Termination::Rules(EndReason::Repetition)) => format!("まで{n}手で千日手"),
        (None, _) => format!("まで{n}手で持将棋"),
        (Some(w), Termination::TimeForfeit | Termination::Hang) => {
            format!("まで{n}手で{}の勝ち", player_word(w))
        }
        (Some(w), Termination::IllegalMove | Termination::InvalidDeclaration) => {
            format!("まで{n}手で{}の反則負け", player_word(w.flip()))
        }
        (Some(w), Termination::Declaration) => format!("まで{n}手で{}の入玉勝ち", player_word(w)),
        (Some(w), Termination::Rules(EndReason::PerpetualCheck)) => {
            format!("まで{n}手で{}の反則勝ち", player_word(w))
        }
        (Some(w), _) => format!("まで{n}手で{}の勝ち", player_word(w)),
    };
    line(&summary);
    line(&format!("*henkei-match: {} ({})", r.describe(), r.detail));
    Ok(out)
}

/// Shift_JIS codes of the non-ASCII characters this module writes.
const SJIS: &[(char, u16)] = &[
    ('　', 0x8140),
    ('〇', 0x815A),
    ('け', 0x82AF),
    ('し', 0x82B5),
    ('ち', 0x82BF),
    ('で', 0x82C5),
    ('と', 0x82C6),
    ('な', 0x82C8),
    ('の', 0x82CC),
    ('ま', 0x82DC),
    ('み', 0x82DD),
    ('れ', 0x82EA),
    ('ァ', 0x8340),
    ('イ', 0x8343),
    ('フ', 0x8374),
    ('ル', 0x838B),
    ('・', 0x8145),
    ('一', 0x88EA),
    ('七', 0x8EB5),
    ('三', 0x8E4F),
    ('不', 0x9573),
    ('九', 0x8BE3),
    ('了', 0x97B9),
    ('二', 0x93F1),
    ('五', 0x8CDC),
    ('先', 0x90E6),
    ('入', 0x93FC),
    ('全', 0x9153),
    ('八', 0x94AA),
    ('六', 0x985A),
    ('切', 0x90D8),
    ('則', 0x91A5),
    ('割', 0x8A84),
    ('勝', 0x8F9F),
    ('十', 0x8F5C),
    ('千', 0x90E7),
    ('反', 0x94BD),
    ('合', 0x8D87),
    ('同', 0x93AF),
    ('四', 0x8E6C),
    ('圭', 0x8C5C),
    ('始', 0x8E6E),
    ('将', 0x8FAB),
    ('平', 0x95BD),
    ('後', 0x8CE3),
    ('成', 0x90AC),
    ('戦', 0x90ED),
    ('手', 0x8EE8),
    ('打', 0x91C5),
    ('投', 0x938A),
    ('持', 0x8E9D),
    ('指', 0x8E77),
    ('数', 0x9094),
    ('日', 0x93FA),
    ('時', 0x8E9E),
    ('杏', 0x88C7),
    ('桂', 0x8C6A),
    ('棋', 0x8AFB),
    ('歩', 0x95E0),
    ('消', 0x8FC1),
    ('玉', 0x8BCA),
    ('番', 0x94D4),
    ('終', 0x8F49),
    ('角', 0x8A70),
    ('詰', 0x8B6C),
    ('譜', 0x9588),
    ('負', 0x9589),
    ('費', 0x94EF),
    ('金', 0x8BE0),
    ('銀', 0x8BE2),
    ('開', 0x8A4A),
    ('間', 0x8AD4),
    ('飛', 0x94F2),
    ('香', 0x8D81),
    ('馬', 0x946E),
    ('駒', 0x8BEE),
    ('龍', 0x97B4),
    ('０', 0x824F),
    ('１', 0x8250),
    ('２', 0x8251),
    ('３', 0x8252),
    ('４', 0x8253),
    ('５', 0x8254),
    ('６', 0x8255),
    ('７', 0x8256),
    ('８', 0x8257),
    ('９', 0x8258),
    ('：', 0x8146),
    ('？', 0x8148),
];

/// Encodes KIF text as Shift_JIS: ASCII as is, the characters of the KIF
/// vocabulary by table, anything else (in player names) as `?`.
pub fn to_shift_jis(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * 2);
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else {
            match SJIS.binary_search_by_key(&c, |&(k, _)| k) {
                Ok(i) => out.extend_from_slice(&SJIS[i].1.to_be_bytes()),
                Err(_) => out.push(b'?'),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::clock::TimeControl;
    use crate::registry::Variant;

    /// A standard shogi record from `start`, as the CSA and KIF tests
    /// expect it (game 7, alpha against beta, 1.5 s a move).
    fn record(
        start: usi::StartPosition,
        moves: &[&str],
        winner: Option<Color>,
        t: Termination,
    ) -> GameRecord {
        GameRecord {
            number: 7,
            players: ["alpha".into(), "beta".into()],
            tcs: [TimeControl::parse("10+1b").unwrap(); 2],
            rules: Rules::default(),
            start,
            times: moves.iter().map(|_| Some(1500)).collect(),
            end_ms: Some(100),
            ..crate::arena::records::tests::record(Variant::Shogi, moves, winner, t)
        }
    }

    #[test]
    fn csa_of_a_short_game() {
        let r = record(
            usi::StartPosition::Startpos,
            &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"],
            Some(Color::Black),
            Termination::Resignation,
        );
        let csa = to_csa(&r).unwrap();
        let lines: Vec<&str> = csa.lines().collect();
        assert_eq!(lines[0], "V2.2");
        assert!(lines.contains(&"N+alpha") && lines.contains(&"N-beta"));
        assert!(!lines.iter().any(|l| l.starts_with("$TIME_LIMIT")));
        let body: Vec<&str> = lines
            .iter()
            .copied()
            .skip_while(|l| *l != "PI")
            .filter(|l| !l.starts_with('\''))
            .collect();
        assert_eq!(
            body,
            [
                "PI", "+", "+7776FU", "T1", "-3334FU", "T1", "+8822UM", "T1", "-3122GI", "T1",
                "+0045KA", "T1", "%TORYO"
            ]
        );
        // And back.
        let input = parse_csa(&csa, &Rules::default()).unwrap();
        assert_eq!(input.moves, r.moves);
        assert_eq!(
            input.result,
            Some((Some(Color::Black), Termination::Resignation))
        );
        assert!(matches!(input.start, usi::StartPosition::Startpos));
    }

    #[test]
    fn csa_of_a_position() {
        let start =
            crate::arena::referee::parse_start("sfen 8k/9/8P/9/9/9/9/9/K8 b G2Pr 1").unwrap();
        let r = record(
            start.clone(),
            &["G*1b"],
            Some(Color::Black),
            Termination::Rules(EndReason::Checkmate),
        );
        let csa = to_csa(&r).unwrap();
        assert!(csa.contains("\nP1 *  *  *  *  *  *  *  * -OU\n"), "{csa}");
        assert!(csa.contains("\nP3 *  *  *  *  *  *  *  * +FU\n"), "{csa}");
        assert!(
            csa.contains("\nP+00KI00FU00FU\nP-00HI\n+\n+0012KI\nT1\n%TORYO\n"),
            "{csa}"
        );
        let input = parse_csa(&csa, &Rules::default()).unwrap();
        assert_eq!(input.start, start);
        let rep = crate::arena::records::replay(&input).unwrap();
        assert!(
            rep.is_ok() && matches!(rep.verdict, crate::arena::records::Verdict::Confirmed(_)),
            "{rep}"
        );
    }

    #[test]
    fn kif_of_a_short_game() {
        let r = record(
            usi::StartPosition::Startpos,
            &[
                "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3c", "4e3d", "3c3d",
            ],
            Some(Color::White),
            Termination::Resignation,
        );
        let kif = to_kif(&r).unwrap();
        let moves: Vec<&str> = kif
            .lines()
            .filter(|l| l.starts_with("   "))
            .map(|l| l.split_whitespace().nth(1).unwrap_or(""))
            .collect();
        assert_eq!(
            moves,
            [
                "７六歩(77)",
                "３四歩(33)",
                "２二角成(88)",
                "同",
                "４五角打",
                "３三銀(22)",
                "３四角(45)",
                "同",
                "投了"
            ]
        );
        assert!(kif.contains("   4 同　銀(31)"), "{kif}");
        assert!(kif.contains("   8 同　銀(33)"), "{kif}");
        assert!(kif.contains("手合割：平手\r\n"));
        assert!(kif.contains("( 0:01/00:00:01)"), "{kif}");
        assert!(kif.contains("まで8手で後手の勝ち"), "{kif}");
        assert!(kif.lines().all(|l| !l.contains('?')), "{kif}");
        let sjis = to_shift_jis(&kif);
        assert!(!sjis.contains(&b'?'), "every KIF character is in the table");
    }

    #[test]
    fn kif_board_diagram_and_no_promotion() {
        let start =
            crate::arena::referee::parse_start("sfen 4k4/9/4P4/9/9/9/9/9/4K4 w S2P 1").unwrap();
        let r = record(
            start,
            &["5a4b", "5c5b"],
            None,
            Termination::Rules(EndReason::MoveLimit),
        );
        let kif = to_kif(&r).unwrap();
        assert!(kif.contains("後手の持駒：なし\r\n"), "{kif}");
        assert!(kif.contains("先手の持駒：銀　歩二　\r\n"), "{kif}");
        assert!(kif.contains("| ・ ・ ・ ・v玉 ・ ・ ・ ・|一"), "{kif}");
        assert!(kif.contains("後手番\r\n"), "{kif}");
        assert!(kif.contains("   2 ５二歩(53)"), "{kif}");
        assert!(kif.contains("まで2手で持将棋"), "{kif}");
        assert!(!to_shift_jis(&kif).contains(&b'?'));
    }

    #[test]
    fn shift_jis_codes() {
        assert_eq!(to_shift_jis("歩"), vec![0x95, 0xE0]);
        assert_eq!(
            to_shift_jis("先手：A"),
            vec![0x90, 0xE6, 0x8E, 0xE8, 0x81, 0x46, b'A']
        );
        assert_eq!(to_shift_jis("　"), vec![0x81, 0x40]);
        assert_eq!(to_shift_jis("é"), vec![b'?']);
        assert!(
            SJIS.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted for binary search"
        );
    }
}
