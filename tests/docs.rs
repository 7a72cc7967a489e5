//! Documentation that cannot drift: every transcript in `usi/PROTOCOL.md`
//! and `README.md` is run against the built engine and its lines compared
//! with the documented ones.
//!
//! A transcript is a fenced block with `> ` lines (sent) and `< ` lines
//! (expected). Each block runs in a fresh engine, driven as a GUI drives
//! it: after each command the harness syncs with `isready` (its own
//! `readyok` is not part of the transcript), and after a `go` that ends by
//! itself, `ponderhit` or `bench` it waits for the answer before sending
//! the next command. In expected lines, `...` stands for any text, and a
//! line that is only `< ...` for any number of lines; a bare `<` is an
//! empty line. Everything else must match exactly and in order, and
//! nothing may follow the last expected line.

mod common;

use common::{Engine, LONG};
use std::time::Duration;

/// One transcript: where it starts, what is sent, what is expected.
struct Transcript {
    file: &'static str,
    line: usize,
    input: String,
    expected: Vec<String>,
}

fn transcripts(file: &'static str, text: &str) -> Vec<Transcript> {
    let mut found = Vec::new();
    let mut block: Option<Transcript> = None;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            match block.take() {
                Some(t) if !t.input.is_empty() => found.push(t),
                Some(_) => {}
                None => {
                    block = Some(Transcript {
                        file,
                        line: i + 1,
                        input: String::new(),
                        expected: Vec::new(),
                    })
                }
            }
            continue;
        }
        let Some(t) = block.as_mut() else { continue };
        if let Some(sent) = line.strip_prefix("> ") {
            t.input.push_str(sent);
            t.input.push('\n');
        } else if line == "<" {
            t.expected.push(String::new());
        } else if let Some(got) = line.strip_prefix("< ") {
            t.expected.push(got.to_string());
        }
    }
    found
}

/// `pattern` with `...` as a wildcard for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &line[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// The whole output against the expected lines (`...` lines skip any
/// number of lines).
fn output_matches(expected: &[String], output: &[String]) -> bool {
    match expected.split_first() {
        None => output.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=output.len()).any(|skip| output_matches(rest, &output[skip..]))
        }
        Some((first, rest)) => {
            !output.is_empty()
                && line_matches(first, &output[0])
                && output_matches(rest, &output[1..])
        }
    }
}

fn check_file(file: &'static str, text: &str) -> usize {
    let all = transcripts(file, text);
    let mut failures = Vec::new();
    for t in &all {
        let output = run(&t.input);
        if !output_matches(&t.expected, &output) {
            failures.push(format!(
                "{}:{}: sent\n{}expected\n{}\ngot\n{}\n",
                t.file,
                t.line,
                t.input,
                t.expected.join("\n"),
                output.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    all.len()
}

/// The lines that end the answer to a command that answers later.
fn is_answer(line: &str) -> bool {
    [
        "bestmove ",
        "checkmate ",
        "Nodes searched: ",
        "info string perft stopped",
    ]
    .iter()
    .any(|p| line.starts_with(p))
        || (line.starts_with("info string bench ") && line.contains(" positions "))
}

/// A command whose answer comes later, after the session is ready again.
fn answers_later(command: &str) -> bool {
    let words: Vec<&str> = command.split_whitespace().collect();
    match words.first() {
        Some(&"go") => !words.contains(&"ponder") && !words.contains(&"infinite"),
        Some(&"ponderhit") | Some(&"bench") => true,
        _ => false,
    }
}

/// Drives a fresh engine through `input`; returns what it wrote.
fn run(input: &str) -> Vec<String> {
    let mut e = Engine::start();
    let mut output = Vec::new();
    for command in input.lines() {
        e.send(command);
        if command == "quit" {
            e.wait(LONG);
            output.extend(e.collect(Duration::from_millis(100)));
            return output;
        }
        if command != "isready" {
            e.send("isready");
        }
        let mut lines = e.until(LONG, |l| l == "readyok");
        if command != "isready" {
            lines.pop();
        }
        let answered = lines.iter().any(|l| is_answer(l));
        let refused = lines.iter().any(|l| l.starts_with("info string error"));
        output.extend(lines);
        if answers_later(command) && !answered && !refused {
            output.extend(e.until(LONG, is_answer));
        }
    }
    output.extend(e.collect(Duration::from_millis(200)));
    output
}

#[test]
fn protocol_transcripts_are_what_the_engine_says() {
    let text = include_str!("../usi/PROTOCOL.md");
    let n = check_file("usi/PROTOCOL.md", text);
    assert!(n >= 15, "only {n} transcripts found");
}

#[test]
fn readme_transcripts_are_what_the_engine_says() {
    let text = include_str!("../README.md");
    let n = check_file("README.md", text);
    assert!(n >= 1, "no transcript found");
}

#[test]
fn the_matcher_itself() {
    assert!(line_matches(
        "info depth 1 ... pv 7g7f",
        "info depth 1 nodes 3 pv 7g7f"
    ));
    assert!(!line_matches(
        "info depth 1 ... pv 7g7f",
        "info depth 2 nodes 3 pv 7g7f"
    ));
    assert!(line_matches("bestmove ...", "bestmove 7g7f ponder 3c3d"));
    let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let expected = lines(&["a", "...", "d"]);
    assert!(output_matches(&expected, &lines(&["a", "b", "c", "d"])));
    assert!(output_matches(&expected, &lines(&["a", "d"])));
    assert!(!output_matches(&expected, &lines(&["a", "d", "e"])));
}
