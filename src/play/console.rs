//! The terminal: lines in, lines out. Input is read line by line with no
//! raw mode, so a script can drive a game through a pipe; a prompt is
//! written only when a person is typing.

use std::io::{BufRead, Write};

pub struct Console<R: BufRead, W: Write> {
    input: R,
    out: W,
    /// Whether to show a `> ` prompt (stdin is a terminal).
    interactive: bool,
}

impl<R: BufRead, W: Write> Console<R, W> {
    pub fn new(input: R, out: W, interactive: bool) -> Self {
        Console {
            input,
            out,
            interactive,
        }
    }

    /// Writes `text` and a newline. A closed output is not an error here:
    /// the game ends at the next read.
    pub fn say(&mut self, text: impl AsRef<str>) {
        let _ = writeln!(self.out, "{}", text.as_ref());
        let _ = self.out.flush();
    }

    /// Writes a one-line error.
    pub fn error(&mut self, text: impl AsRef<str>) {
        self.say(format!("error: {}", text.as_ref()));
    }

    /// The next line, trimmed; `None` at the end of input. Bytes that are
    /// not UTF-8 are replaced (the move parser then refuses them).
    pub fn read(&mut self) -> Option<String> {
        if self.interactive {
            let _ = write!(self.out, "> ");
            let _ = self.out.flush();
        }
        let mut buf = Vec::new();
        match self.input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(String::from_utf8_lossy(&buf).trim().to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_and_out() {
        let input: &[u8] = b"7g7f\r\n  help \n\xff\xfe\nlast";
        let mut out = Vec::new();
        let mut c = Console::new(input, &mut out, false);
        assert_eq!(c.read().as_deref(), Some("7g7f"));
        assert_eq!(c.read().as_deref(), Some("help"));
        assert!(c.read().is_some(), "bad bytes are a line, not an end");
        assert_eq!(c.read().as_deref(), Some("last"));
        assert_eq!(c.read(), None);
        c.error("nope");
        assert_eq!(String::from_utf8(out).unwrap(), "error: nope\n");
    }
}
