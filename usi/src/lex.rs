//! What every parser in this crate shares: splitting a line into tokens that
//! remember where they stand, a cursor over them for the command and
//! response parsers, a nom error type that names what was expected, and the
//! conversion of a nom failure into a [`ParseError`] that points at the bad
//! character.

use crate::types::ParseError;
use nom::error::ErrorKind;

/// A whitespace-separated word of a line: its text, its index among the
/// line's tokens and its byte column in the line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tok<'a> {
    pub text: &'a str,
    pub index: usize,
    pub col: usize,
}

impl Tok<'_> {
    /// A single token standing for a whole string (the standalone parsers).
    pub fn whole(text: &str) -> Tok<'_> {
        Tok {
            text,
            index: 0,
            col: 0,
        }
    }

    /// An error about this whole token.
    pub fn error(&self, message: String) -> ParseError {
        ParseError {
            message,
            token: self.index,
            column: self.col,
        }
    }
}

/// A line cut into tokens. Runs of spaces and tabs separate tokens; trailing
/// `\r`/`\n` are dropped so lines read with `read_line` parse unchanged.
/// A `\r` or `\n` inside the line separates tokens too: were it part of a
/// token, a value ending in one would lose it when printed at the end of a
/// line and read back (found by fuzzing, `fuzz/fuzz_targets/usi_command.rs`).
#[derive(Debug)]
pub(crate) struct Words<'a> {
    pub line: &'a str,
    pub toks: Vec<Tok<'a>>,
    /// Byte length of the line without its trailing whitespace: where "the
    /// end of the line" is reported.
    pub end: usize,
}

fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

impl<'a> Words<'a> {
    pub fn new(line: &'a str) -> Self {
        let content = line.trim_end_matches([' ', '\t', '\r', '\n']);
        let mut toks = Vec::new();
        let mut start: Option<usize> = None;
        for (i, c) in content.char_indices() {
            match (is_separator(c), start) {
                (true, Some(s)) => {
                    toks.push(tok(content, s, i, toks.len()));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            toks.push(tok(content, s, content.len(), toks.len()));
        }
        Words {
            line: content,
            toks,
            end: content.len(),
        }
    }

    /// An error placed just after the last token.
    pub fn end_error(&self, message: String) -> ParseError {
        ParseError {
            message,
            token: self.toks.len(),
            column: self.end,
        }
    }

    /// The raw text from token `index` to the end of the line (inner spacing
    /// kept), or `""` when there is no such token.
    pub fn rest_from(&self, index: usize) -> &'a str {
        match self.toks.get(index) {
            Some(t) => self.line.get(t.col..).unwrap_or(""),
            None => "",
        }
    }
}

/// A cursor over a line's tokens after its first word (the command or
/// response name, which every error message starts with).
pub(crate) struct Cursor<'a> {
    pub words: &'a Words<'a>,
    pub name: &'a str,
    pub pos: usize,
}

impl<'a> Cursor<'a> {
    /// The cursor after the first word; an empty line is an error.
    pub fn after_name(words: &'a Words<'a>) -> Result<Self, ParseError> {
        let Some(first) = words.toks.first() else {
            return Err(ParseError {
                message: "empty line".to_string(),
                token: 0,
                column: 0,
            });
        };
        Ok(Cursor {
            words,
            name: first.text,
            pos: 1,
        })
    }

    pub fn peek(&self) -> Option<Tok<'a>> {
        self.words.toks.get(self.pos).copied()
    }

    pub fn next(&mut self) -> Option<Tok<'a>> {
        let tok = self.peek();
        if tok.is_some() {
            self.pos += 1;
        }
        tok
    }

    /// An error at `tok` (or at the end of the line), prefixed with the name.
    pub fn error_at(&self, tok: Option<Tok>, message: String) -> ParseError {
        let message = format!("{}: {message}", self.name);
        match tok {
            Some(t) => t.error(message),
            None => self.words.end_error(message),
        }
    }

    /// `"expected <what>, found <the token at tok>"`.
    pub fn expected(&self, tok: Option<Tok>, what: &str) -> ParseError {
        let msg = format!("expected {what}, found {}", found(tok.as_ref()));
        self.error_at(tok, msg)
    }

    /// The number after keyword `key`.
    pub fn number_after<T: std::str::FromStr>(&mut self, key: &str) -> Result<T, ParseError> {
        let tok = self.next();
        match tok.and_then(|t| number(t.text)) {
            Some(n) => Ok(n),
            None => Err(self.expected(tok, &format!("a number after '{key}'"))),
        }
    }

    /// The tokens up to one of `stops` (not consumed) or the end.
    pub fn take_until(&mut self, stops: &[&str]) -> Vec<&'a str> {
        let mut parts = Vec::new();
        while let Some(tok) = self.peek().filter(|t| !stops.contains(&t.text)) {
            parts.push(tok.text);
            self.pos += 1;
        }
        parts
    }

    /// The tokens up to one of `stops`, joined by single spaces.
    pub fn join_until(&mut self, stops: &[&str]) -> String {
        self.take_until(stops).join(" ")
    }
}

fn tok(content: &str, start: usize, end: usize, index: usize) -> Tok<'_> {
    Tok {
        text: content.get(start..end).unwrap_or(""),
        index,
        col: start,
    }
}

/// Describes a token for an error message: `'foo'` or "the end of the line".
pub(crate) fn found(tok: Option<&Tok>) -> String {
    match tok {
        Some(t) => quote(t.text),
        None => "the end of the line".to_string(),
    }
}

/// Quotes user text for a message: plain ASCII (others escaped, since the
/// engine's stdout must stay ASCII) and cut short so a huge token cannot
/// flood the GUI.
pub(crate) fn quote(s: &str) -> String {
    const MAX: usize = 80;
    let mut out = String::from("'");
    for (n, c) in s.chars().enumerate() {
        if n == MAX {
            out.push_str("...");
            break;
        }
        push_ascii(&mut out, c);
    }
    out.push('\'');
    out
}

fn push_ascii(out: &mut String, c: char) {
    if c.is_ascii_graphic() || c == ' ' {
        out.push(c);
    } else {
        out.extend(c.escape_default());
    }
}

/// Why a nom parser stopped.
#[derive(Debug)]
pub(crate) enum Why {
    /// A nom primitive failed and nobody named it (should not reach a user).
    Generic,
    /// `"expected <this>"`.
    Expected(&'static str),
    /// A complete sentence (a rule broken after the syntax matched).
    Custom(String),
}

/// The crate's nom error: where parsing stopped and why.
#[derive(Debug)]
pub(crate) struct PErr<'a> {
    pub at: &'a str,
    pub why: Why,
}

impl<'a> nom::error::ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(at: &'a str, _kind: ErrorKind) -> Self {
        PErr {
            at,
            why: Why::Generic,
        }
    }

    fn append(_at: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, the one that got further explains best
    /// what went wrong (`P*5z` is a drop with a bad rank, not a bad board move).
    fn or(self, other: Self) -> Self {
        if other.at.len() < self.at.len() {
            other
        } else {
            self
        }
    }
}

pub(crate) type PResult<'a, T> = nom::IResult<&'a str, T, PErr<'a>>;

/// Names what a leaf parser wanted, so its failure reads `"expected <what>"`.
/// Errors already named deeper down are kept.
pub(crate) fn expect<'a, O>(
    what: &'static str,
    mut p: impl FnMut(&'a str) -> PResult<'a, O>,
) -> impl FnMut(&'a str) -> PResult<'a, O> {
    move |i| {
        p(i).map_err(|e| {
            e.map(|mut err| {
                if let Why::Generic = err.why {
                    err.why = Why::Expected(what);
                }
                err
            })
        })
    }
}

/// Names a choice of alternatives: when none of them got past the first
/// character, the error says what could have stood there.
pub(crate) fn expect_here<'a, O>(
    what: &'static str,
    mut p: impl FnMut(&'a str) -> PResult<'a, O>,
) -> impl FnMut(&'a str) -> PResult<'a, O> {
    move |i| match p(i) {
        Err(nom::Err::Error(err)) if err.at.len() == i.len() => Err(nom::Err::Error(PErr {
            at: i,
            why: Why::Expected(what),
        })),
        other => other,
    }
}

/// A rule broken at `at`: stops the whole parse with that sentence.
pub(crate) fn fail_at<T>(at: &str, message: String) -> PResult<'_, T> {
    Err(nom::Err::Failure(PErr {
        at,
        why: Why::Custom(message),
    }))
}

/// Turns a nom failure inside `tok` into a [`ParseError`] naming the token,
/// the character (1-based, in the message) and the byte column (in the line).
pub(crate) fn token_error(tok: &Tok, what: &str, err: nom::Err<PErr>) -> ParseError {
    let (at, why) = match err {
        nom::Err::Error(e) | nom::Err::Failure(e) => (e.at, e.why),
        nom::Err::Incomplete(_) => ("", Why::Generic),
    };
    // Every remainder is a suffix of the token, so this is a char boundary.
    let offset = tok.text.len().saturating_sub(at.len());
    let nth = tok.text.get(..offset).map_or(0, |s| s.chars().count()) + 1;
    let here = format!("{what} {} at character {nth}", quote(tok.text));
    let found = match at.chars().next() {
        Some(c) => quote(&c.to_string()),
        None => format!("the end of the {what}"),
    };
    let message = match why {
        Why::Expected(x) => format!("expected {x} in {here}, found {found}"),
        Why::Generic => format!("unexpected {found} in {here}"),
        Why::Custom(m) => format!("{m} in {here}"),
    };
    ParseError {
        message,
        token: tok.index,
        column: tok.col + offset,
    }
}

/// Parses a whole token as a non-negative decimal number. Unlike
/// `str::parse` it refuses a sign, and it refuses overflow.
pub(crate) fn number<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_on_runs_of_spaces_and_tabs() {
        let w = Words::new("  go \t btime  100\r\n");
        let texts: Vec<_> = w.toks.iter().map(|t| (t.text, t.index, t.col)).collect();
        assert_eq!(texts, vec![("go", 0, 2), ("btime", 1, 7), ("100", 2, 14)]);
        assert_eq!(w.end, 17);
        assert_eq!(w.rest_from(1), "btime  100");
    }

    #[test]
    fn empty_and_blank_lines_have_no_tokens() {
        assert!(Words::new("").toks.is_empty());
        assert!(Words::new(" \t\r\n").toks.is_empty());
    }

    #[test]
    fn quote_escapes_non_ascii_and_truncates() {
        assert_eq!(quote("abc"), "'abc'");
        assert_eq!(quote("é"), "'\\u{e9}'");
        let long = "x".repeat(100);
        assert_eq!(quote(&long), format!("'{}...'", "x".repeat(80)));
    }

    #[test]
    fn number_refuses_signs_and_overflow() {
        assert_eq!(number::<u32>("42"), Some(42));
        assert_eq!(number::<u32>("+42"), None);
        assert_eq!(number::<u32>("-1"), None);
        assert_eq!(number::<u32>("99999999999"), None);
        assert_eq!(number::<u32>(""), None);
    }
}
