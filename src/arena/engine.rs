//! A USI engine in a child process, driven over its pipes.
//!
//! A reader thread turns the engine's stdout into timestamped lines on a
//! channel, so every wait has a deadline: an engine that stops answering
//! is noticed (and killed), never waited on forever. An engine that exits
//! (or closes stdout) is seen as [`Event::Eof`].

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How one engine is started and set up.
#[derive(Clone, Debug, Default)]
pub struct EngineConfig {
    /// Display name; `None`: the engine's `id name`.
    pub name: Option<String>,
    /// Program and arguments.
    pub command: Vec<String>,
    /// Working directory.
    pub dir: Option<PathBuf>,
    /// `setoption` pairs, in order (`None` value: a button).
    pub options: Vec<(String, Option<String>)>,
    /// Let the engine's stderr through (otherwise it is discarded).
    pub show_stderr: bool,
    /// Tell this engine its increment as `byoyomi` instead of `binc`/`winc`
    /// (for engines that refuse them, such as GPSShogi's `gpsusi`).
    pub inc_as_byoyomi: bool,
}

/// Splits a command line like a shell does for words: blanks separate,
/// single quotes keep everything, double quotes keep everything but `\"`
/// and `\\`, a backslash outside quotes escapes the next character. No
/// variables, globs or redirections.
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed ' in command '{line}'")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unclosed \" in command '{line}'")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed \" in command '{line}'")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("command '{line}' ends with a backslash")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("empty engine command".to_string());
    }
    Ok(words)
}

/// A shared transcript of all engine traffic (`--log FILE`).
#[derive(Clone)]
pub struct Log {
    file: Arc<Mutex<std::fs::File>>,
    start: Instant,
}

impl Log {
    pub fn create(path: &std::path::Path) -> std::io::Result<Log> {
        Ok(Log {
            file: Arc::new(Mutex::new(std::fs::File::create(path)?)),
            start: Instant::now(),
        })
    }

    /// One line: milliseconds since the match started, who, direction, text.
    pub fn write(&self, who: &str, dir: &str, text: &str) {
        let ms = self.start.elapsed().as_millis();
        if let Ok(mut f) = self.file.lock() {
            let _ = writeln!(f, "{ms:>9} {who} {dir} {text}");
        }
    }
}

/// What the reader thread reports.
#[derive(Debug)]
pub enum Event {
    Line(String, Instant),
    Eof(Instant),
}

/// Why a wait ended without the line looked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitError {
    /// The deadline passed.
    Timeout,
    /// The engine closed its output or its input (it exited or crashed).
    Exited,
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    /// The `id name` line's text, once the handshake ran.
    pub id_name: Option<String>,
    /// The options the engine declared.
    pub options: Vec<usi::OptionDecl>,
    /// Who this is in logs (`g12 e1`).
    label: String,
    log: Option<Log>,
    exited: bool,
}

impl Engine {
    /// Starts the program; no USI is exchanged yet.
    pub fn spawn(config: &EngineConfig, label: String, log: Option<Log>) -> Result<Engine, String> {
        let (program, args) = config
            .command
            .split_first()
            .ok_or_else(|| "empty engine command".to_string())?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if config.show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        if let Some(dir) = &config.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", config.command.join(" ")))?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        let reader_log = log.clone();
        let reader_label = label.clone();
        thread::Builder::new()
            .name(format!("{label} reader"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => {
                            if let Some(log) = &reader_log {
                                log.write(&reader_label, "<", "(end of output)");
                            }
                            let _ = tx.send(Event::Eof(Instant::now()));
                            break;
                        }
                        Ok(_) => {
                            let now = Instant::now();
                            let line = String::from_utf8_lossy(&buf)
                                .trim_end_matches(['\n', '\r'])
                                .to_string();
                            if let Some(log) = &reader_log {
                                log.write(&reader_label, "<", &line);
                            }
                            if tx.send(Event::Line(line, now)).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        Ok(Engine {
            child,
            stdin,
            rx,
            id_name: None,
            options: Vec::new(),
            label,
            log,
            exited: false,
        })
    }

    /// Writes one line. A broken pipe means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), WaitError> {
        if let Some(log) = &self.log {
            log.write(&self.label, ">", line);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(WaitError::Exited);
        };
        let ok = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        ok.map_err(|_| {
            self.exited = true;
            WaitError::Exited
        })
    }

    /// The next line before `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), WaitError> {
        if self.exited {
            return Err(WaitError::Exited);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(wait) {
            Ok(Event::Line(line, at)) => Ok((line, at)),
            Ok(Event::Eof(_)) | Err(RecvTimeoutError::Disconnected) => {
                self.exited = true;
                Err(WaitError::Exited)
            }
            Err(RecvTimeoutError::Timeout) => Err(WaitError::Timeout),
        }
    }

    /// Reads lines until `pick` accepts one, before `deadline`.
    pub fn wait_for<T>(
        &mut self,
        deadline: Instant,
        mut pick: impl FnMut(&str) -> Option<T>,
    ) -> Result<(T, Instant), WaitError> {
        loop {
            let (line, at) = self.recv(deadline)?;
            if let Some(v) = pick(&line) {
                return Ok((v, at));
            }
        }
    }

    /// `usi` … `usiok`: reads the engine's name and options.
    pub fn handshake(&mut self, timeout: Duration) -> Result<(), String> {
        self.send("usi")
            .map_err(|_| "exited before 'usi'".to_string())?;
        let deadline = Instant::now() + timeout;
        loop {
            let (line, _) = self.recv(deadline).map_err(|e| match e {
                WaitError::Timeout => format!("no 'usiok' within {} ms", timeout.as_millis()),
                WaitError::Exited => "exited during the 'usi' handshake".to_string(),
            })?;
            match usi::parse_response(&line) {
                Ok(usi::Response::UsiOk) => return Ok(()),
                Ok(usi::Response::IdName(name)) => self.id_name = Some(name),
                Ok(usi::Response::Option(decl)) => self.options.push(decl),
                _ => {}
            }
        }
    }

    /// The declared option called `name` (USI option names ignore case).
    pub fn option(&self, name: &str) -> Option<&usi::OptionDecl> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// `setoption name N [value V]`.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), WaitError> {
        match value {
            Some(v) => self.send(&format!("setoption name {name} value {v}")),
            None => self.send(&format!("setoption name {name}")),
        }
    }

    /// `isready` … `readyok` (other lines, such as a late `bestmove`, are
    /// read and dropped).
    pub fn sync(&mut self, timeout: Duration) -> Result<(), WaitError> {
        self.send("isready")?;
        self.wait_for(Instant::now() + timeout, |l| {
            (l.split_whitespace().next() == Some("readyok")).then_some(())
        })
        .map(|_| ())
    }

    /// Whether the process is still running.
    pub fn is_alive(&mut self) -> bool {
        !self.exited && matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.exited = true;
    }

    /// `quit`, then up to `grace` for the process to end before it is killed.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                self.exited = true;
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command("target/release/henkei").unwrap(),
            vec!["target/release/henkei"]
        );
        assert_eq!(
            split_command("  sh  'my engine.sh' \"a \\\"b\\\"\" c\\ d ").unwrap(),
            vec!["sh", "my engine.sh", "a \"b\"", "c d"]
        );
        assert_eq!(split_command("x ''").unwrap(), vec!["x", ""]);
        assert!(split_command("  ").is_err());
        assert!(split_command("a 'b").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_silent_engine_times_out_and_a_dead_one_exits() {
        let cfg = EngineConfig {
            command: vec!["sh".into(), "-c".into(), "read x; echo got $x".into()],
            ..EngineConfig::default()
        };
        let mut e = Engine::spawn(&cfg, "t".into(), None).unwrap();
        let soon = Instant::now() + Duration::from_millis(50);
        assert_eq!(e.recv(soon).unwrap_err(), WaitError::Timeout);
        e.send("hello").unwrap();
        let later = Instant::now() + Duration::from_secs(10);
        assert_eq!(e.recv(later).unwrap().0, "got hello");
        assert_eq!(e.recv(later).unwrap_err(), WaitError::Exited);
        assert!(!e.is_alive());
    }
}
