//! Reading what an engine writes ([`parse_response`]), for match tools and
//! tests, and shorthands for building the responses an engine sends.

use crate::lex::{number, quote, Cursor, Words};
use crate::types::*;

impl Response {
    /// `info string <text>`.
    pub fn info_string(text: impl Into<String>) -> Response {
        Response::Info(Info {
            string: Some(text.into()),
            ..Info::default()
        })
    }

    /// `info string error: <what went wrong>`: how the engine answers bad
    /// input without dying.
    pub fn error(what: impl std::fmt::Display) -> Response {
        Response::info_string(format!("error: {what}"))
    }
}

/// Parses one engine line: `id`, `option`, `usiok`, `readyok`,
/// `bestmove X [ponder Y]`, `info ...` or `checkmate ...`.
///
/// Moves stay strings (they may be turn tokens, `resign`, `win` or
/// `setup R1/R2/R3`). Unknown `info` fields and their values are skipped, so
/// other engines' lines (`currmovenumber`, `cpuload`, ...) still parse;
/// `score mate +`/`-` without a distance is skipped too.
pub fn parse_response(line: &str) -> Result<Response, ParseError> {
    let words = Words::new(line);
    let mut rx = Cursor::after_name(&words)?;
    match rx.name {
        "id" => rx.id(),
        "option" => rx.option().map(Response::Option),
        "usiok" => Ok(Response::UsiOk),
        "readyok" => Ok(Response::ReadyOk),
        "bestmove" => rx.bestmove(),
        "info" => rx.info().map(Response::Info),
        "checkmate" => rx.checkmate().map(Response::Checkmate),
        other => Err(words.toks[0].error(format!("unknown response {}", quote(other)))),
    }
}

const INFO_KEYS: [&str; 11] = [
    "depth", "seldepth", "multipv", "score", "nodes", "nps", "time", "hashfull", "currmove", "pv",
    "string",
];

/// The response parsers: methods of the shared cursor, over an engine line.
impl Cursor<'_> {
    /// The raw rest of the line from the current token (spacing kept).
    fn rest(&mut self) -> String {
        let rest = self.words.rest_from(self.pos);
        self.pos = self.words.toks.len();
        rest.to_string()
    }

    fn id(&mut self) -> Result<Response, ParseError> {
        let tok = self.next();
        match tok.map(|t| t.text) {
            Some("name") => Ok(Response::IdName(self.rest())),
            Some("author") => Ok(Response::IdAuthor(self.rest())),
            _ => Err(self.expected(tok, "'name' or 'author'")),
        }
    }

    fn bestmove(&mut self) -> Result<Response, ParseError> {
        let mv = self.join_until(&["ponder"]);
        if mv.is_empty() {
            return Err(self.expected(self.peek(), "a move"));
        }
        let ponder = match self.next() {
            Some(_) => match self.next() {
                Some(t) => Some(t.text.to_string()),
                None => return Err(self.expected(None, "a move after 'ponder'")),
            },
            None => None,
        };
        Ok(Response::BestMove { mv, ponder })
    }

    fn checkmate(&mut self) -> Result<Checkmate, ParseError> {
        match self.peek().map(|t| t.text) {
            Some("nomate") => Ok(Checkmate::NoMate),
            Some("timeout") => Ok(Checkmate::Timeout),
            Some("notimplemented") => Ok(Checkmate::NotImplemented),
            Some(_) => Ok(Checkmate::Moves(
                self.words.toks[self.pos..]
                    .iter()
                    .map(|t| t.text.to_string())
                    .collect(),
            )),
            None => Err(self.expected(None, "mate moves, 'nomate', 'timeout' or 'notimplemented'")),
        }
    }

    // ------------------------------------------------------------- info

    fn info(&mut self) -> Result<Info, ParseError> {
        let mut info = Info::default();
        while let Some(tok) = self.next() {
            self.info_field(&mut info, tok.text)?;
        }
        Ok(info)
    }

    /// Reads the field named `key`; any other token is skipped, which also
    /// skips the values of fields this crate does not know.
    fn info_field(&mut self, info: &mut Info, key: &str) -> Result<(), ParseError> {
        match key {
            "depth" => info.depth = Some(self.number_after(key)?),
            "seldepth" => info.seldepth = Some(self.number_after(key)?),
            "multipv" => info.multipv = Some(self.number_after(key)?),
            "nodes" => info.nodes = Some(self.number_after(key)?),
            "nps" => info.nps = Some(self.number_after(key)?),
            "time" => info.time = Some(self.number_after(key)?),
            "hashfull" => info.hashfull = Some(self.number_after(key)?),
            "score" => info.score = self.score()?,
            "currmove" => match self.next() {
                Some(t) => info.currmove = Some(t.text.to_string()),
                None => return Err(self.expected(None, "a move after 'currmove'")),
            },
            "pv" => {
                let pv = self.take_until(&INFO_KEYS);
                info.pv = pv.into_iter().map(String::from).collect();
            }
            "string" => info.string = Some(self.rest()),
            _ => {}
        }
        Ok(())
    }

    /// `cp N` or `mate N`, then an optional bound.
    fn score(&mut self) -> Result<Option<(Score, Bound)>, ParseError> {
        let kind = self.next();
        let value = self.next();
        let text = value.map_or("", |t| t.text);
        let score = match (kind.map(|t| t.text), signed(text)) {
            (Some("cp"), Some(n)) => Score::Cp(n),
            (Some("mate"), Some(n)) => Score::Mate(n),
            // A mate of unknown distance: nothing this type can hold.
            (Some("mate"), None) if text == "+" || text == "-" => return Ok(None),
            (Some("cp" | "mate"), None) => {
                return Err(self.expected(value, "a score value"));
            }
            _ => return Err(self.expected(kind, "'cp' or 'mate' after 'score'")),
        };
        let bound = match self.peek().map(|t| t.text) {
            Some("lowerbound") => Bound::Lower,
            Some("upperbound") => Bound::Upper,
            _ => return Ok(Some((score, Bound::Exact))),
        };
        self.pos += 1;
        Ok(Some((score, bound)))
    }

    // ------------------------------------------------------------- option

    fn option(&mut self) -> Result<OptionDecl, ParseError> {
        let tok = self.next();
        if tok.map(|t| t.text) != Some("name") {
            return Err(self.expected(tok, "'name'"));
        }
        let name = self.join_until(&["type"]);
        if name.is_empty() {
            return Err(self.expected(self.peek(), "an option name"));
        }
        let tok = self.next();
        if tok.is_none() {
            return Err(self.expected(None, "'type'"));
        }
        let kind = self.option_kind()?;
        Ok(OptionDecl { name, kind })
    }

    fn option_kind(&mut self) -> Result<OptionKind, ParseError> {
        let tok = self.next();
        match tok.map(|t| t.text) {
            Some("check") => self.check(),
            Some("spin") => self.spin(),
            Some("combo") => self.combo(),
            Some("string") => Ok(OptionKind::String {
                default: self.text_default(),
            }),
            Some("button") => Ok(OptionKind::Button),
            Some("filename") => Ok(OptionKind::Filename {
                default: self.text_default(),
            }),
            _ => Err(self.expected(
                tok,
                "an option type (check, spin, combo, string, button, filename)",
            )),
        }
    }

    /// Consumes keyword `key` or fails.
    fn keyword(&mut self, key: &str) -> Result<(), ParseError> {
        let tok = self.next();
        match tok {
            Some(t) if t.text == key => Ok(()),
            _ => Err(self.expected(tok, &format!("'{key}'"))),
        }
    }

    fn check(&mut self) -> Result<OptionKind, ParseError> {
        self.keyword("default")?;
        let tok = self.next();
        match tok.map(|t| t.text) {
            Some("true") => Ok(OptionKind::Check { default: true }),
            Some("false") => Ok(OptionKind::Check { default: false }),
            _ => Err(self.expected(tok, "'true' or 'false'")),
        }
    }

    /// `default D min A max B`, the three in any order.
    fn spin(&mut self) -> Result<OptionKind, ParseError> {
        let mut values: [Option<i64>; 3] = [None; 3];
        let keys = ["default", "min", "max"];
        while let Some(tok) = self.next() {
            let Some(slot) = keys.iter().position(|k| *k == tok.text) else {
                return Err(self.expected(Some(tok), "'default', 'min' or 'max'"));
            };
            let value = self.next();
            match value.and_then(|t| signed(t.text)) {
                Some(n) => values[slot] = Some(n),
                None => return Err(self.expected(value, &format!("a number after '{}'", tok.text))),
            }
        }
        match values {
            [Some(default), Some(min), Some(max)] => Ok(OptionKind::Spin { default, min, max }),
            _ => Err(self.expected(None, "'default', 'min' and 'max' for a spin option")),
        }
    }

    fn combo(&mut self) -> Result<OptionKind, ParseError> {
        self.keyword("default")?;
        let default = self.join_until(&["var"]);
        let mut vars = Vec::new();
        while self.next().is_some() {
            vars.push(self.join_until(&["var"]));
        }
        Ok(OptionKind::Combo { default, vars })
    }

    /// A string or filename default: the raw rest of the line, `<empty>` or
    /// nothing meaning "".
    fn text_default(&mut self) -> String {
        if self.next().is_none() {
            return String::new();
        }
        match self.rest() {
            s if s == "<empty>" => String::new(),
            s => s,
        }
    }
}

/// An integer with an optional sign (`-3`, `+5`, `12`).
fn signed<T: std::str::FromStr>(s: &str) -> Option<T> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    number::<u64>(digits)?;
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resp(line: &str) -> Response {
        parse_response(line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    #[test]
    fn simple_responses() {
        assert_eq!(resp("usiok"), Response::UsiOk);
        assert_eq!(resp("readyok\r"), Response::ReadyOk);
        assert_eq!(
            resp("id name henkei 0.1"),
            Response::IdName("henkei 0.1".into())
        );
        assert_eq!(resp("id author A  B"), Response::IdAuthor("A  B".into()));
        assert_eq!(
            resp("bestmove setup [NW][DW]7/1/1 ponder x"),
            Response::BestMove {
                mv: "setup [NW][DW]7/1/1".into(),
                ponder: Some("x".into())
            }
        );
    }

    #[test]
    fn info_fields() {
        let Response::Info(i) = resp(
            "info depth 5 seldepth 7 multipv 1 score cp -34 lowerbound nodes 100 nps 2000 \
             time 50 hashfull 3 currmove 7g7f pv 7g7f 3c3d string hello  world",
        ) else {
            panic!()
        };
        assert_eq!(i.depth, Some(5));
        assert_eq!(i.score, Some((Score::Cp(-34), Bound::Lower)));
        assert_eq!(i.pv, vec!["7g7f".to_string(), "3c3d".to_string()]);
        assert_eq!(i.string.as_deref(), Some("hello  world"));
    }

    #[test]
    fn info_tolerates_unknown_fields() {
        let Response::Info(i) =
            resp("info currmovenumber 3 cpuload 500 depth 4 score mate + nodes 9")
        else {
            panic!()
        };
        assert_eq!((i.depth, i.score, i.nodes), (Some(4), None, Some(9)));
        let Response::Info(i) = resp("info score mate -3 upperbound") else {
            panic!()
        };
        assert_eq!(i.score, Some((Score::Mate(-3), Bound::Upper)));
    }

    #[test]
    fn options() {
        assert_eq!(
            resp("option name USI_Hash type spin min 1 max 4096 default 256"),
            Response::Option(OptionDecl {
                name: "USI_Hash".into(),
                kind: OptionKind::Spin {
                    default: 256,
                    min: 1,
                    max: 4096
                }
            })
        );
        let Response::Option(o) = resp("option name V type combo default a b var a b var c") else {
            panic!()
        };
        assert_eq!(
            o.kind,
            OptionKind::Combo {
                default: "a b".into(),
                vars: vec!["a b".into(), "c".into()]
            }
        );
        let Response::Option(o) = resp("option name S type string default <empty>") else {
            panic!()
        };
        assert_eq!(
            o.kind,
            OptionKind::String {
                default: String::new()
            }
        );
    }

    #[test]
    fn checkmate_forms() {
        assert_eq!(
            resp("checkmate nomate"),
            Response::Checkmate(Checkmate::NoMate)
        );
        assert_eq!(
            resp("checkmate 1a1b 2c2b"),
            Response::Checkmate(Checkmate::Moves(vec!["1a1b".into(), "2c2b".into()]))
        );
    }

    #[test]
    fn response_errors() {
        let e = parse_response("bogus").unwrap_err();
        assert_eq!(e.message, "unknown response 'bogus'");
        let e = parse_response("info depth x").unwrap_err();
        assert_eq!(
            e.message,
            "info: expected a number after 'depth', found 'x'"
        );
        assert_eq!((e.token, e.column), (2, 11));
        let e = parse_response("bestmove").unwrap_err();
        assert_eq!(e.token, 1);
        let e = parse_response("option name X type spin default 1").unwrap_err();
        assert!(e.message.contains("'min'"), "{}", e.message);
        let e = parse_response("option name X type check default maybe").unwrap_err();
        assert!(e.message.contains("'maybe'"), "{}", e.message);
        assert!(parse_response("").is_err());
        assert!(parse_response("checkmate").is_err());
    }

    #[test]
    fn error_response_shorthand() {
        assert_eq!(
            Response::error("bad move").to_string(),
            "info string error: bad move"
        );
    }
}
