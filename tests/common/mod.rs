//! The engine driven over pipes as a GUI drives it, shared by the
//! integration tests. Every line the engine writes is checked to be plain
//! ASCII with single spaces (docs/rules/notation.md).

#![allow(dead_code)] // each test file uses its own part

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
pub const LONG: Duration = Duration::from_secs(20);

/// A running engine and a transcript of what it wrote.
pub struct Engine {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<String>,
}

/// Panics unless `line` is a well-formed protocol line.
pub fn check_line(line: &str) {
    assert!(
        line.bytes().all(|b| b.is_ascii_graphic() || b == b' '),
        "not plain printable ASCII: {line:?}"
    );
    assert!(
        !line.starts_with(' ') && !line.ends_with(' ') && !line.contains("  "),
        "not single-spaced: {line:?}"
    );
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_henkei"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the engine");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut bytes = Vec::new();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                assert_eq!(bytes.pop(), Some(b'\n'), "unterminated line");
                let line = String::from_utf8(bytes).expect("engine output is UTF-8");
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.write_all(b"\n").expect("write to engine");
        stdin.flush().expect("flush to engine");
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// The next line, or `None` after `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                check_line(&line);
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that satisfies `done`.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(line) => {
                    let last = done(&line);
                    seen.push(line);
                    if last {
                        return seen;
                    }
                }
                None => panic!("timed out after {timeout:?}; saw {seen:#?}"),
            }
        }
    }

    /// Everything written within `window`.
    pub fn collect(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut seen = Vec::new();
        while let Some(line) = self.recv(deadline.saturating_duration_since(Instant::now())) {
            seen.push(line);
        }
        seen
    }

    /// `isready` and the lines written before `readyok` (excluding it).
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(LONG, |l| l == "readyok");
        lines.pop();
        lines
    }

    pub fn handshake(&mut self) {
        self.send("usi");
        self.until(LONG, |l| l == "usiok");
        self.sync();
    }

    pub fn bestmove(&mut self, timeout: Duration) -> String {
        let lines = self.until(timeout, |l| l.starts_with("bestmove"));
        lines.last().cloned().unwrap_or_default()
    }

    /// Sends `quit` and waits for the exit status.
    pub fn quit(mut self, timeout: Duration) -> ExitStatus {
        self.send("quit");
        self.wait(timeout)
    }

    pub fn wait(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait on engine") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "engine did not exit in {timeout:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn is_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'1'..=b'9').contains(&f) && (b'a'..=b'i').contains(&r);
    match b {
        [p, b'*', f, r] => b"PLNSGBR".contains(p) && square(*f, *r),
        [f1, r1, f2, r2] | [f1, r1, f2, r2, b'+'] => square(*f1, *r1) && square(*f2, *r2),
        _ => false,
    }
}

/// The move of a `bestmove` line.
pub fn best_of(line: &str) -> &str {
    line.split(' ').nth(1).unwrap_or("")
}

pub fn errors(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .count()
}

/// The SFEN `d` reports.
pub fn displayed_sfen(engine: &mut Engine) -> String {
    engine.send("d");
    let lines = engine.sync();
    lines
        .iter()
        .find_map(|l| l.strip_prefix("info string sfen "))
        .unwrap_or_else(|| panic!("no sfen in {lines:#?}"))
        .to_string()
}

/// What a script piping `input` into the engine (and closing the pipe)
/// gets: the engine's lines and its exit status. Fails after `timeout`.
pub fn run_script(args: &[&str], input: &str, timeout: Duration) -> (Vec<String>, ExitStatus) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_henkei"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the engine");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // An engine that refuses its arguments exits without reading: the
    // write may then find the pipe closed, which is not the test's failure.
    if let Err(e) = stdin.write_all(input.as_bytes()) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "write to engine: {e}"
        );
    }
    drop(stdin);
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let lines: Vec<String> = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect();
        let _ = tx.send(lines);
    });
    let lines = match rx.recv_timeout(timeout) {
        Ok(lines) => lines,
        Err(_) => {
            let _ = child.kill();
            panic!("the engine did not finish {input:?} within {timeout:?}");
        }
    };
    let status = child.wait().expect("wait on engine");
    (lines, status)
}
