//! `henkei play` driven by a script over pipes, as a person would type:
//! commands, errors, the engine's replies, undo, and each game's board.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(60);

struct Play {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far.
    seen: Vec<String>,
}

impl Play {
    fn start(args: &[&str]) -> Play {
        let mut child = Command::new(env!("CARGO_BIN_EXE_henkei"))
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start henkei play");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Play {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write");
        stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that satisfies `done`.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + WAIT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no expected line; saw {:#?}", self.seen));
            self.seen.push(line.clone());
            got.push(line.clone());
            if done(&line) {
                return got;
            }
        }
    }

    fn until_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.until(|l| l.starts_with(prefix))
    }

    /// Closes stdin (if open) and returns the exit code; the lines not
    /// read yet are added to `seen`.
    fn wait(&mut self) -> i32 {
        self.stdin = None;
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                // The reader thread ends at the end of output.
                while let Ok(line) = self.lines.recv_timeout(WAIT) {
                    self.seen.push(line);
                }
                return status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "henkei play did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Play {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The legal moves `help` lists after its `Legal ...:` line.
fn legal_moves(p: &mut Play) -> Vec<String> {
    p.send("help");
    p.until_prefix("Legal");
    let mut moves = Vec::new();
    // The list ends where the next status or answer begins; `board` marks it.
    p.send("board");
    for line in p.until_prefix("Your turn") {
        if !line.starts_with("  ") {
            break;
        }
        moves.extend(line.split_whitespace().map(str::to_string));
    }
    moves
}

#[test]
fn shogi_help_errors_moves_undo_and_quit() {
    let mut p = Play::start(&["--time", "depth=1"]);
    p.until_prefix("Your turn (sente)");
    let moves = legal_moves(&mut p);
    assert_eq!(moves.len(), 30, "{moves:?}");
    assert!(moves.contains(&"7g7f".to_string()));
    p.send("7g7z");
    let err = p.until_prefix("error:");
    assert!(err.last().unwrap().contains("7g7z"), "{err:?}");
    p.send("7g7g");
    p.until_prefix("error:");
    p.send("quit now");
    p.until_prefix("error:");
    p.send("take");
    p.until_prefix("error:");
    p.send("win");
    assert!(p
        .until_prefix("error:")
        .last()
        .unwrap()
        .contains("may not declare"));
    p.send("undo");
    assert!(p
        .until_prefix("error:")
        .last()
        .unwrap()
        .contains("nothing to take back"));
    p.send("7g7f");
    p.until_prefix("You (sente) played 7g7f");
    let reply = p.until(|l| l.contains("(gote) played"));
    assert!(!reply.last().unwrap().is_empty());
    p.until_prefix("Your turn (sente)");
    p.send("undo");
    p.until_prefix("Took back");
    p.send("board");
    let board = p.until_prefix("Your turn (sente)");
    assert!(
        board.iter().any(|l| l == "  P  P  P  P  P  P  P  P  P g"),
        "the start position again: {board:#?}"
    );
    p.send("quit");
    p.until_prefix("Game abandoned (quit)");
    assert_eq!(p.wait(), 0);
}

#[test]
fn playing_gote_the_engine_moves_first_and_end_of_input_ends_cleanly() {
    let mut p = Play::start(&["--variant", "mortal", "--side", "w", "--time", "depth=1"]);
    p.until(|l| l.contains("(sente) played"));
    p.until_prefix("Your turn (gote)");
    p.send("undo");
    assert!(p
        .until_prefix("error:")
        .last()
        .unwrap()
        .contains("not moved"));
    assert_eq!(p.wait(), 0);
    assert!(p.seen.iter().any(|l| l == "Game abandoned (end of input)."));
}

#[test]
fn shogammon_shows_the_dice_and_takes_a_turn_token() {
    let mut p = Play::start(&["--variant", "shogammon", "--seed", "7", "--time", "depth=1"]);
    let rolled = p.until_prefix("You rolled ");
    let roll = rolled.last().unwrap()["You rolled ".len()..]
        .trim_end_matches('.')
        .to_string();
    let status = p.until_prefix("Your turn (sente)");
    assert!(status.last().unwrap().contains(&format!("roll {roll}")));
    let turns = legal_moves(&mut p);
    assert!(!turns.is_empty());
    assert!(turns.iter().all(|t| t.contains(':')), "{turns:?}");
    p.send("61:9a9b");
    p.until_prefix("error:");
    p.send(&turns[0]);
    p.until_prefix("You (sente) played");
    p.until(|l| l.contains("(gote) rolled"));
    p.until(|l| l.contains("(gote) played"));
    p.until_prefix("You rolled ");
    p.send("resign");
    let end = p.until_prefix("Game over:");
    assert!(
        end.last().unwrap().contains("wins by resignation"),
        "{end:?}"
    );
    assert_eq!(p.wait(), 0);
}

#[test]
fn shogammon_cube_double_before_the_roll() {
    let mut p = Play::start(&[
        "--variant",
        "shogammon",
        "--cube",
        "--seed",
        "3",
        "--time",
        "depth=1",
    ]);
    let status = p.until_prefix("Your turn (sente)");
    assert!(status.last().unwrap().contains("'double'"), "{status:?}");
    assert!(
        status.iter().any(|l| l == "cube: 1 (centred)"),
        "{status:?}"
    );
    p.send("7g7f");
    assert!(p
        .until_prefix("error:")
        .last()
        .unwrap()
        .contains("roll first"));
    p.send("double");
    // An even game: the engine takes and owns the cube at 2.
    let taken = p.until_prefix("You rolled ");
    assert!(
        taken.iter().any(|l| l.contains("takes: cube 2 (owned by")),
        "{taken:?}"
    );
    p.send("double");
    p.until_prefix("error:");
    p.send("quit");
    assert_eq!(p.wait(), 0);
}

#[test]
fn sigma4_shows_bases_and_both_storages() {
    let mut p = Play::start(&["--variant", "sigma4", "--time", "depth=1"]);
    let board = p.until_prefix("Your turn (sente)");
    assert!(
        board
            .iter()
            .any(|l| l.contains("[RFW]") && l.contains("[NW]")),
        "{board:#?}"
    );
    assert!(board.iter().any(|l| l.starts_with("gote storage")));
    assert!(board.iter().any(|l| l.starts_with("sente storage")));
    p.send("4e3d");
    p.until_prefix("You (sente) played 4e3d");
    p.until(|l| l.contains("(gote) played"));
    p.until_prefix("Your turn (sente)");
    p.send("resign");
    p.until_prefix("Game over:");
    assert_eq!(p.wait(), 0);
}

#[test]
fn a_bad_command_line_is_a_usage_error() {
    let mut p = Play::start(&["--variant", "chess"]);
    let lines = p.until(|l| l.contains("chess"));
    assert!(lines.last().unwrap().starts_with("henkei play:"));
    assert_eq!(p.wait(), 2);
    let mut p = Play::start(&["--cube"]);
    assert_eq!(p.wait(), 2);
}
