//! The one way anything reaches stdout: whole lines, written under a lock and
//! flushed, so the session thread and the search thread never interleave, and
//! every line is plain ASCII with single spaces (docs/rules/notation.md).

use std::io::Write;
use std::sync::{Arc, Mutex};

use usi::Response;

/// Longest line written; longer text (an echo of a huge bad input) is cut.
const MAX_LINE: usize = 4096;

/// A cloneable handle on the protocol writer.
#[derive(Clone)]
pub struct Output {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output {
            writer: Arc::new(Mutex::new(Box::new(writer))),
        }
    }

    pub fn send(&self, response: &Response) {
        self.line(&response.to_string());
    }

    /// `info string <text>`.
    pub fn info_string(&self, text: impl Into<String>) {
        self.send(&Response::info_string(text));
    }

    /// `info string error: <text>`: the answer to bad input.
    pub fn error(&self, text: impl std::fmt::Display) {
        log::info!("{text}");
        self.send(&Response::error(text));
    }

    /// `info string warning: <text>`.
    pub fn warning(&self, text: impl std::fmt::Display) {
        self.info_string(format!("warning: {text}"));
    }

    /// Writes one line, cleaned to plain ASCII. Write errors mean the GUI is
    /// gone; they are logged, and the session ends when stdin closes.
    pub fn line(&self, text: &str) {
        let clean = sanitize(text);
        log::debug!("> {clean}");
        let mut writer = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let written = writeln!(writer, "{clean}").and_then(|()| writer.flush());
        if let Err(e) = written {
            log::error!("cannot write to stdout: {e}");
        }
    }
}

/// Plain ASCII, single spaces, no leading or trailing space, at most
/// `MAX_LINE` bytes. Anything else (a non-ASCII character echoed from input,
/// a control character) becomes `?`.
pub fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_LINE));
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_ascii_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if out.len() + 2 > MAX_LINE {
            out.push_str("...");
            return out;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(if c.is_ascii_graphic() { c } else { '?' });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_makes_plain_single_spaced_ascii() {
        assert_eq!(sanitize("  a  b\tc\r\n"), "a b c");
        assert_eq!(sanitize("g\u{e9}n\u{7}"), "g?n?");
        assert_eq!(sanitize(""), "");
        let long = sanitize(&"x".repeat(100_000));
        assert!(long.len() <= MAX_LINE + 3 && long.ends_with("..."));
    }

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn responses_are_whole_lines() {
        let sink = Sink::default();
        let out = Output::new(sink.clone());
        out.send(&Response::ReadyOk);
        out.error("bad  thing");
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text, "readyok\ninfo string error: bad thing\n");
    }
}
