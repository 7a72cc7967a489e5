//! Reading GUI lines as bytes: a line that is not UTF-8 or absurdly long is
//! reported and skipped instead of ending the session.

use std::io::{self, BufRead};

/// Longest line accepted (a `position` with thousands of moves fits easily).
pub const MAX_LINE: usize = 1 << 20;

/// One line from the GUI.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// Not valid UTF-8; the byte offset of the first bad byte.
    NotUtf8 {
        at: usize,
    },
    /// Longer than `MAX_LINE`; its full length in bytes.
    TooLong {
        len: usize,
    },
}

/// Splits a byte stream into lines without ever buffering more than
/// `max` bytes of one line.
pub struct LineReader<R> {
    inner: R,
    max: usize,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        Self::with_limit(inner, MAX_LINE)
    }

    pub fn with_limit(inner: R, max: usize) -> Self {
        LineReader { inner, max }
    }

    /// The next line without its `\n` or `\r\n`; `None` at end of input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut bytes = Vec::new();
        let mut len = 0usize;
        let mut saw_any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                if !saw_any {
                    return Ok(None);
                }
                break;
            }
            saw_any = true;
            let (chunk, found_newline) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], true),
                None => (buf, false),
            };
            let room = self.max.saturating_sub(bytes.len());
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            len += chunk.len();
            let used = chunk.len() + usize::from(found_newline);
            self.inner.consume(used);
            if found_newline {
                break;
            }
        }
        Ok(Some(Self::decode(bytes, len, self.max)))
    }

    fn decode(mut bytes: Vec<u8>, len: usize, max: usize) -> Line {
        if len > max {
            return Line::TooLong { len };
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(e) => Line::NotUtf8 {
                at: e.utf8_error().valid_up_to(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = LineReader::with_limit(input, max);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().unwrap() {
            out.push(line);
        }
        out
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn splits_lines_and_strips_line_ends() {
        assert_eq!(
            lines(b"usi\r\nisready\n\nquit", 100),
            [text("usi"), text("isready"), text(""), text("quit")]
        );
    }

    #[test]
    fn bad_bytes_and_long_lines_are_reported_and_skipped() {
        let mut input = b"go\xff\xfe\n".to_vec();
        input.extend_from_slice(&[b'x'; 50]);
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(
            lines(&input, 20),
            [
                Line::NotUtf8 { at: 2 },
                Line::TooLong { len: 50 },
                text("isready")
            ]
        );
    }
}
