//! `henkei-match` end to end: short matches between two henkei processes in
//! every game, records that replay, broken engines (shell scripts) caught
//! as illegal, crashed, hung or late, and the statistics.

use std::path::{Path, PathBuf};
use std::process::Command;

use henkei::arena::stats::{elo_from_score, Pentanomial, Sprt, Tally, Verdict};

const HENKEI: &str = env!("CARGO_BIN_EXE_henkei");
const MATCH: &str = env!("CARGO_BIN_EXE_henkei-match");

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("henkei-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

struct Run {
    status: i32,
    out: String,
    err: String,
}

fn run(args: &[&str]) -> Run {
    let output = Command::new(MATCH)
        .args(args)
        .output()
        .expect("henkei-match runs");
    Run {
        status: output.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

impl Run {
    fn line(&self, prefix: &str) -> &str {
        self.out
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line '{prefix}' in:\n{}\n{}", self.out, self.err))
    }

    /// W, D, L of engine 1.
    fn wdl(&self) -> [u32; 3] {
        let words: Vec<&str> = self.line("Results (engine1):").split_whitespace().collect();
        let num = |key: &str| {
            let i = words.iter().position(|w| *w == key).expect(key);
            words[i + 1].trim_end_matches(',').parse().expect("count")
        };
        [num("W"), num("D"), num("L")]
    }

    /// Crashes, illegal moves, time losses, hangs of engine `n` (1 or 2).
    fn faults(&self, n: u32) -> [u32; 4] {
        let line = self
            .out
            .lines()
            .find(|l| l.starts_with(&format!("engine{n} ")) && l.contains(": crashes "))
            .unwrap_or_else(|| panic!("no faults of engine{n} in:\n{}\n{}", self.out, self.err));
        let tail = line.split(": ").last().expect("counts");
        let counts: Vec<u32> = tail
            .split(", ")
            .map(|part| {
                part.rsplit(' ')
                    .next()
                    .and_then(|x| x.parse().ok())
                    .expect("count")
            })
            .collect();
        [counts[0], counts[1], counts[2], counts[3]]
    }

    fn assert_clean(&self, games: u32) {
        assert_eq!(self.status, 0, "{}\n{}", self.out, self.err);
        assert_eq!(self.wdl().iter().sum::<u32>(), games, "{}", self.out);
        assert_eq!(self.faults(1), [0; 4], "{}", self.out);
        assert_eq!(self.faults(2), [0; 4], "{}", self.out);
        let progress = self.out.lines().filter(|l| l.starts_with('[')).count();
        assert_eq!(
            progress as u32, games,
            "one progress line per game:\n{}",
            self.out
        );
    }
}

fn files(dir: &Path, ext: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("records dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| p.display().to_string())
        .collect();
    v.sort();
    v
}

/// Every record replays through the library with its result confirmed or
/// consistent.
fn assert_replays(paths: &[String]) {
    assert!(!paths.is_empty());
    let mut args = vec!["replay"];
    args.extend(paths.iter().map(String::as_str));
    let r = run(&args);
    assert_eq!(r.status, 0, "{}\n{}", r.out, r.err);
    assert_eq!(r.out.lines().count(), paths.len(), "{}", r.out);
    assert!(
        !r.out.contains("MISMATCH") && !r.out.contains("ERROR"),
        "{}",
        r.out
    );
}

fn field<'a>(record: &'a str, key: &str) -> &'a str {
    record
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key} ")))
        .unwrap_or_else(|| panic!("no '{key}' in\n{record}"))
}

/// henkei against itself in `variant`, writing records to `records`.
fn self_play(variant: &str, records: &Path, extra: &[&str]) -> Run {
    let mut args = vec![
        "--engine",
        HENKEI,
        "--variant",
        variant,
        "--records",
        records.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn shogi_match_with_openings_writes_csa_and_kif_that_replay() {
    let dir = scratch("shogi");
    let book = dir.join("book.txt");
    std::fs::write(
        &book,
        "# two openings\nstartpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d # the other\n",
    )
    .unwrap();
    let records = dir.join("records");
    let r = run(&[
        "--engine",
        HENKEI,
        "--openings",
        book.to_str().unwrap(),
        "--tc",
        "depth=2",
        "--max-moves",
        "40",
        "--concurrency",
        "2",
        "--records",
        records.to_str().unwrap(),
        "--seed",
        "3",
    ]);
    r.assert_clean(4);
    assert!(r.out.contains("Elo (games, trinomial):"), "{}", r.out);
    assert!(r.out.contains("Elo (pairs, pentanomial"), "{}", r.out);
    assert_eq!(files(&records, "txt").len(), 4);
    assert_eq!(files(&records, "kif").len(), 4);
    let csa = files(&records, "csa");
    assert_eq!(csa.len(), 4);
    // Game 1 and 2 share the first opening, colours swapped.
    let g1 = std::fs::read_to_string(records.join("game-0001.txt")).unwrap();
    let g2 = std::fs::read_to_string(records.join("game-0002.txt")).unwrap();
    assert!(field(&g1, "position").starts_with("startpos moves 7g7f 3c3d"));
    assert!(field(&g2, "position").starts_with("startpos moves 7g7f 3c3d"));
    assert_eq!(field(&g1, "sente-engine"), "engine1");
    assert_eq!(field(&g2, "sente-engine"), "engine2");
    // The engines' own word on each move they played: two opening plies
    // without, then henkei's score and depth (2, or 1 on a mate it found).
    let plies = field(&g1, "position").split_whitespace().count() - 2;
    let scores: Vec<&str> = field(&g1, "scores").split(' ').collect();
    let depths: Vec<&str> = field(&g1, "depths").split(' ').collect();
    assert_eq!((scores.len(), depths.len()), (plies, plies), "{g1}");
    assert_eq!(
        (&scores[..2], &depths[..2]),
        (&["-", "-"][..], &["-", "-"][..])
    );
    for (s, d) in scores[2..].iter().zip(&depths[2..]) {
        let s = s.strip_prefix('#').unwrap_or(s);
        assert!(s.parse::<i32>().is_ok(), "score '{s}' in {g1}");
        assert!(matches!(*d, "1" | "2"), "depth '{d}' in {g1}");
    }
    let c1 = std::fs::read_to_string(&csa[0]).unwrap();
    assert!(c1.starts_with("V2.2\nN+"), "{c1}");
    assert!(c1.contains("\nPI\n+\n+7776FU\nT0\n-3334FU\nT0\n"), "{c1}");
    assert!(c1.lines().any(|l| l.starts_with('%')), "{c1}");
    let kif = std::fs::read(records.join("game-0001.kif")).unwrap();
    // Shift_JIS "手合割" (8E E8 8D 87 8A 84) and no UTF-8 lead bytes.
    assert!(kif
        .windows(6)
        .any(|w| w == [0x8E, 0xE8, 0x8D, 0x87, 0x8A, 0x84]));
    let mut all = files(&records, "txt");
    all.extend(csa);
    assert_replays(&all);
}

#[test]
fn mortal_match_on_a_clock() {
    let dir = scratch("mortal");
    let records = dir.join("records");
    let r = run(&[
        "--engine1",
        HENKEI,
        "--engine2",
        HENKEI,
        "--variant",
        "mortal",
        "--tc",
        "3+0.05",
        "--margin",
        "1000",
        "--max-moves",
        "30",
        "--records",
        records.to_str().unwrap(),
        "--kifu",
    ]);
    r.assert_clean(2);
    let txt = files(&records, "txt");
    assert_eq!(txt.len(), 2);
    assert!(
        files(&records, "csa").is_empty(),
        "CSA is for standard shogi"
    );
    let rec = std::fs::read_to_string(&txt[0]).unwrap();
    assert_eq!(field(&rec, "variant"), "mortal");
    assert_eq!(field(&rec, "sente-time"), "3+0.05");
    assert_replays(&txt);
}

#[test]
fn sigma4_match_with_engine_setups() {
    let dir = scratch("sigma4");
    let records = dir.join("records");
    let r = self_play(
        "sigma4",
        &records,
        &[
            "--setup",
            "engines",
            "--tc",
            "nodes=3000",
            "--max-moves",
            "30",
        ],
    );
    r.assert_clean(2);
    let txt = files(&records, "txt");
    for path in &txt {
        let rec = std::fs::read_to_string(path).unwrap();
        let sente = field(&rec, "sente-setup");
        let gote = field(&rec, "gote-setup");
        assert!(henkei::sigma4::validate_setup(henkei::game::Color::Black, sente).is_ok());
        assert!(henkei::sigma4::validate_setup(henkei::game::Color::White, gote).is_ok());
        assert!(field(&rec, "position").starts_with(&format!("sfen {gote}/7/{sente} b - 1")));
    }
    assert_replays(&txt);
    // Random setups: the two games of a pair share them.
    let records = dir.join("random");
    let r = self_play(
        "sigma4",
        &records,
        &[
            "--setup",
            "random",
            "--seed",
            "11",
            "--tc",
            "nodes=2000",
            "--max-moves",
            "10",
        ],
    );
    r.assert_clean(2);
    let a = std::fs::read_to_string(records.join("game-0001.txt")).unwrap();
    let b = std::fs::read_to_string(records.join("game-0002.txt")).unwrap();
    assert_eq!(field(&a, "start"), field(&b, "start"));
    assert_replays(&files(&records, "txt"));
}

#[test]
fn shogammon_pairs_share_the_dice() {
    let dir = scratch("shogammon");
    let records = dir.join("records");
    let dice_match = |records: &Path, extra: &[&str]| {
        let mut args = vec!["--tc", "depth=1", "--max-moves", "30", "--seed", "42"];
        args.extend_from_slice(extra);
        self_play("shogammon", records, &args)
    };
    let r = dice_match(&records, &[]);
    r.assert_clean(2);
    let (a, b) = (
        rolls(&records.join("game-0001.txt")),
        rolls(&records.join("game-0002.txt")),
    );
    let n = a.len().min(b.len());
    assert!(n >= 2, "{a:?} {b:?}");
    assert_eq!(a[..n], b[..n], "roll i of game 1 = roll i of game 2");
    assert_replays(&files(&records, "txt"));
    // Same seed, same dice: the match is reproducible.
    let again = dir.join("again");
    let r2 = dice_match(&again, &["--games", "1"]);
    r2.assert_clean(1);
    let (x, y) = (
        rolls(&records.join("game-0001.txt")),
        rolls(&again.join("game-0001.txt")),
    );
    let n = x.len().min(y.len());
    assert!(n >= 2 && x[..n] == y[..n], "{x:?} {y:?}");
}

/// The rolls of a Shogammon record's turns, each sorted.
fn rolls(path: &Path) -> Vec<[u8; 2]> {
    let rec = std::fs::read_to_string(path).unwrap();
    let pos = field(&rec, "position");
    pos.split(" moves ")
        .nth(1)
        .unwrap_or("")
        .split_whitespace()
        .take_while(|t| *t != "dice")
        .map(|t| {
            let d = t.as_bytes();
            let mut roll = [d[0] - b'0', d[1] - b'0'];
            roll.sort_unstable();
            roll
        })
        .collect()
}

/// A fake engine: answers the handshake, then misbehaves on `go`; it
/// always doubles and always drops.
fn fake_engine(dir: &Path) -> PathBuf {
    let path = dir.join("fake.sh");
    std::fs::write(
        &path,
        r#"mode=$1
while IFS= read -r line; do
  case "$line" in
    usi) echo "id name fake-$mode"
         echo "option name USI_Variant type combo default shogi var shogi var mortal var shogammon var sigma4"
         echo "usiok";;
    isready) echo "readyok";;
    "go setup") echo "bestmove setup [RW]/[W]/[F]";;
    "go cube") echo "bestmove double";;
    "go take") echo "bestmove drop";;
    stop) [ "$mode" = untilstop ] && echo "bestmove resign";;
    go*) case "$mode" in
           illegal) echo "bestmove 5e5d";;
           crash) exit 3;;
           hang|untilstop) ;;
           slow) sleep 0.5; echo "bestmove resign";;
           win) echo "bestmove win";;
           resign) echo "info string giving up"; echo "bestmove resign";;
           pass) echo "bestmove 11:pass";;
           nobinc) case "$line" in
                     *binc*) echo "unknown option in go binc" >&2; exit 4;;
                     *byoyomi\ 100) echo "bestmove resign";;
                   esac;;
         esac;;
    quit) exit 0;;
  esac
done
"#,
    )
    .unwrap();
    path
}

fn broken_match(dir: &Path, mode: &str, extra: &[&str]) -> Run {
    let script = fake_engine(dir);
    let cmd = format!("sh {} {mode}", script.display());
    let records = dir.join(format!("records-{mode}"));
    let mut args = vec![
        "--engine1",
        HENKEI,
        "--engine2",
        &cmd,
        // henkei searches to a depth (no time loss on a busy machine); the
        // fake engine plays on a clock.
        "--tc1",
        "depth=1",
        "--tc2",
        "movetime=100",
        "--hang-timeout",
        "300",
        "--max-moves",
        "20",
        "--records",
        records.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let r = run(&args);
    assert_eq!(r.status, 0, "{}\n{}", r.out, r.err);
    assert_replays(&files(&records, "txt"));
    r
}

#[test]
fn broken_engines_are_caught() {
    let dir = scratch("broken");
    let r = broken_match(&dir, "illegal", &[]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(2), [0, 2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(1), [0, 0, 0, 0], "{}", r.out);
    let rec = std::fs::read_to_string(dir.join("records-illegal/game-0001.txt")).unwrap();
    assert_eq!(field(&rec, "illegal"), "5e5d");
    assert_eq!(field(&rec, "termination"), "illegal-move");

    let r = broken_match(&dir, "crash", &[]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(
        r.faults(2),
        [2, 0, 0, 0],
        "restarted after the crash:\n{}",
        r.out
    );

    let r = broken_match(&dir, "hang", &[]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(
        r.faults(2),
        [0, 0, 0, 2],
        "killed and restarted:\n{}",
        r.out
    );

    let r = broken_match(&dir, "slow", &["--hang-timeout", "3000"]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(
        r.faults(2),
        [0, 0, 2, 0],
        "answers after stop: time losses\n{}",
        r.out
    );

    // An engine that searches until stopped: a time loss once the margin
    // is spent, but with --stop-on-time it is stopped on time and its
    // answer counts.
    let r = broken_match(&dir, "untilstop", &[]);
    assert_eq!(
        r.faults(2),
        [0, 0, 2, 0],
        "stopped after the margin\n{}",
        r.out
    );
    let r = broken_match(&dir, "untilstop", &["--stop-on-time"]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(2), [0; 4], "stopped on time\n{}", r.out);
    assert!(r.out.contains("resignation 2"), "{}", r.out);

    let r = broken_match(&dir, "win", &[]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(2), [0, 2, 0, 0], "invalid declarations\n{}", r.out);
    assert!(r.out.contains("invalid-declaration 2"), "{}", r.out);

    let r = broken_match(&dir, "resign", &[]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(2), [0; 4], "resigning is no fault\n{}", r.out);

    // An engine that exits on `binc` (as GPSShogi's gpsusi does) plays an
    // increment game once the increment is told as byoyomi.
    let r = broken_match(&dir, "nobinc", &["--tc2", "10+0.1"]);
    assert_eq!(r.faults(2), [2, 0, 0, 0], "exits on binc\n{}", r.out);
    let r = broken_match(&dir, "nobinc", &["--tc2", "10+0.1", "--inc-as-byoyomi2"]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(2), [0; 4], "told byoyomi 100\n{}", r.out);
    assert!(r.out.contains("resignation 2"), "{}", r.out);
}

#[test]
fn broken_variant_engines_are_caught() {
    let dir = scratch("broken-variants");
    // A Shogammon turn for the wrong roll (or an impossible pass).
    let r = broken_match(&dir, "pass", &["--variant", "shogammon", "--seed", "1"]);
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(2), [0, 2, 0, 0], "{}", r.out);
    let rec = std::fs::read_to_string(dir.join("records-pass/game-0001.txt")).unwrap();
    assert_eq!(field(&rec, "illegal"), "11:pass");
    assert!(field(&rec, "position").contains(" dice "), "{rec}");
    // A Sigma 4 setup that breaks the rules.
    let r = broken_match(
        &dir,
        "illegal",
        &["--variant", "sigma4", "--setup", "engines"],
    );
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert_eq!(r.faults(2), [0, 2, 0, 0], "{}", r.out);
    assert!(r.out.contains("invalid-setup 2"), "{}", r.out);
    // A variant the engine does not offer is refused before the match.
    let script = fake_engine(&dir);
    let r = run(&[
        "--engine",
        &format!("sh {} illegal", script.display()),
        "--variant",
        "standard",
        "--engine2",
        "sh -c 'read x; echo usiok; read y; echo readyok; sleep 1'",
        "--variant",
        "mortal",
    ]);
    assert_eq!(r.status, 1, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("no USI_Variant option"), "{}", r.err);
}

/// Points and cube of a record: (`cube` line, `points`).
fn cube_of(path: &Path) -> (String, u32) {
    let rec = std::fs::read_to_string(path).unwrap();
    let points = field(&rec, "points").parse().expect("points");
    (field(&rec, "cube").to_string(), points)
}

#[test]
fn shogammon_with_the_cube_counts_points() {
    let dir = scratch("cube");
    // henkei against itself: records carry the cube and the points.
    let records = dir.join("records");
    let r = self_play(
        "shogammon",
        &records,
        &[
            "--cube",
            "--tc",
            "depth=1",
            "--max-moves",
            "20",
            "--seed",
            "42",
        ],
    );
    r.assert_clean(2);
    assert!(
        r.line("Points (cube): engine1 ").contains("net"),
        "{}",
        r.out
    );
    let txt = files(&records, "txt");
    for path in &txt {
        let rec = std::fs::read_to_string(path).unwrap();
        let (cube, points) = cube_of(Path::new(path));
        let value: u32 = cube.split(' ').next().unwrap().parse().unwrap();
        let expected = if field(&rec, "winner") == "none" {
            0
        } else {
            value
        };
        assert_eq!(points, expected, "{rec}");
    }
    assert_replays(&txt);

    // A fake that always doubles, then resigns: henkei takes each double
    // in an even game and wins twice the stake.
    let r = broken_match(
        &dir,
        "resign",
        &["--variant", "shogammon", "--cube", "--seed", "1"],
    );
    assert_eq!(r.wdl(), [2, 0, 0], "{}", r.out);
    assert!(
        r.line("Points (cube):")
            .starts_with("Points (cube): engine1 4, engine2 0"),
        "{}",
        r.out
    );
    let (cube, points) = cube_of(&dir.join("records-resign/game-0001.txt"));
    assert_eq!((cube.as_str(), points), ("2 b", 2));

    // Two fakes: the doubler's opponent drops at once, and the doubler
    // (sente, to move) wins the cube's value.
    let script = fake_engine(&dir);
    let drops = dir.join("drops");
    let r = run(&[
        "--engine",
        &format!("sh {} resign", script.display()),
        "--variant",
        "shogammon",
        "--cube",
        "--tc",
        "movetime=100",
        "--records",
        drops.to_str().unwrap(),
    ]);
    r.assert_clean(2);
    assert_eq!(r.wdl(), [1, 0, 1], "{}", r.out);
    assert!(r.out.contains("Endings: drop 2"), "{}", r.out);
    let rec = std::fs::read_to_string(drops.join("game-0001.txt")).unwrap();
    assert_eq!(field(&rec, "termination"), "drop");
    assert_eq!(field(&rec, "winner"), "sente");
    assert_eq!(
        cube_of(&drops.join("game-0001.txt")),
        ("1 -".to_string(), 1)
    );
    assert_replays(&files(&drops, "txt"));
}

#[test]
fn sprt_stops_a_one_sided_match() {
    let dir = scratch("sprt");
    let r = broken_match(
        &dir,
        "illegal",
        &[
            "--games",
            "100",
            "--sprt",
            "elo0=0,elo1=5,alpha=0.05,beta=0.05",
            "--quiet",
        ],
    );
    assert!(r.out.contains("stopped early by the SPRT"), "{}", r.out);
    // One-sided samples decide only after 30 of them (here pairs), never
    // after a game or two.
    assert_eq!(
        r.wdl(),
        [60, 0, 0],
        "thirty won pairs decide it:\n{}",
        r.out
    );
    let sprt = r.line("SPRT ");
    assert!(
        sprt.contains("LLR") && sprt.contains("H1 accepted"),
        "{sprt}"
    );
    assert!(!r.out.contains("[1/100]"), "--quiet: {}", r.out);
}

#[test]
fn usage_errors_and_help() {
    let r = run(&["--help"]);
    assert_eq!(r.status, 0);
    for word in [
        "--engine1",
        "--tc",
        "--sprt",
        "--records",
        "--setup",
        "replay",
        "10+1b",
    ] {
        assert!(r.out.contains(word), "help lacks {word}");
    }
    let r = run(&["--engine1", HENKEI]);
    assert_eq!(r.status, 2);
    assert!(r.err.contains("--engine2"), "{}", r.err);
    let r = run(&["--engine", HENKEI, "--tc", "soon"]);
    assert_eq!(r.status, 2, "{}", r.err);
    let r = run(&["--engine", "/nonexistent/engine"]);
    assert_eq!(r.status, 1, "{}", r.err);
    assert!(r.err.contains("cannot start"), "{}", r.err);
}

#[test]
fn replay_catches_a_doctored_record() {
    let dir = scratch("doctored");
    let good = "variant shogi\nrules EnteringKingRule=CSARule27 MaxMovesToDraw=256\n\
                position sfen 8k/9/8P/9/9/9/9/9/K8 b G 1 moves G*1b\n\
                result 1-0\nwinner sente\ntermination checkmate\n";
    let bad = good.replace("G*1b", "G*2b");
    let illegal = good.replace("G*1b", "G*1c");
    for (name, text) in [
        ("good.txt", good.to_string()),
        ("bad.txt", bad),
        ("illegal.txt", illegal),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let path = |n: &str| dir.join(n).display().to_string();
    let r = run(&["replay", &path("good.txt")]);
    assert_eq!(r.status, 0, "{}", r.out);
    assert!(r.out.contains("confirmed"), "{}", r.out);
    let r = run(&["replay", &path("bad.txt")]);
    assert_eq!(r.status, 1, "{}", r.out);
    assert!(r.out.contains("MISMATCH"), "{}", r.out);
    let r = run(&["replay", &path("illegal.txt")]);
    assert_eq!(r.status, 1, "{}", r.out);
    assert!(r.out.contains("illegal"), "{}", r.out);
}

/// cshogi's `--multi-csa` writes every game of a match into one file,
/// separated by lines `/`.
#[test]
fn replay_reads_multi_game_csa() {
    let dir = scratch("multi-csa");
    let game = |moves: &str, end: &str| {
        format!("V2\nN+henkei 0.1.0\nN-henkei 0.1.0\nPI\n+\n{moves}{end}\n")
    };
    let text = [
        game("+7776FU\nT0\n-3334FU\nT0\n", "%TORYO"),
        game("+2726FU\nT0\n", "%TORYO"),
        game("", "%TORYO"),
    ]
    .join("/\n");
    let file = dir.join("match.csa");
    std::fs::write(&file, format!("{text}/\n")).unwrap();
    let r = run(&["replay", file.to_str().unwrap()]);
    assert_eq!(r.status, 0, "{}\n{}", r.out, r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.out);
    for (i, line) in lines.iter().enumerate() {
        assert!(line.contains(&format!("match.csa#{}: ", i + 1)), "{line}");
        assert!(!line.contains("ERROR"), "{line}");
    }
}

#[test]
fn elo_and_sprt_known_values() {
    assert!((elo_from_score(0.75) - 190.848_501_887_865).abs() < 1e-9);
    let t = Tally {
        wins: 120,
        draws: 100,
        losses: 80,
    };
    let e = t.elo().unwrap();
    assert!((e.elo - 46.602_227_628_574_88).abs() < 1e-9);
    assert!((e.low - 14.662_944_677_134_563).abs() < 1e-3);
    assert!((e.high - 79.346_535_402_943_2).abs() < 1e-3);
    let p = Pentanomial {
        counts: [5, 20, 50, 30, 10],
    };
    let pe = p.elo().unwrap();
    assert!((pe.elo - 30.288_285_575_247_322).abs() < 1e-9);
    let s = Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
    assert!((s.bounds().1 - 2.944_438_979_166_44).abs() < 1e-12);
    assert!((s.llr_trinomial(&t) - 0.839_196_086_677_634_2).abs() < 1e-9);
    assert!((s.llr_pentanomial(&p) - 0.570_001_680_166_828_3).abs() < 1e-9);
    assert_eq!(s.verdict(s.llr_trinomial(&t)), Verdict::Continue);
}
