//! `shogammon-selfplay`'s calibration and tuning modes, run as a user runs
//! them (docs/tuning.md): self-play writes scored positions, the fit reads
//! them back.

use std::process::Command;

const SELFPLAY: &str = env!("CARGO_BIN_EXE_shogammon-selfplay");

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(SELFPLAY)
        .args(args)
        .output()
        .expect("shogammon-selfplay runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn calibration_writes_positions_the_fit_reads_back() {
    let dir = std::env::temp_dir().join(format!("henkei-sg-calib-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    let path = file.to_str().unwrap();
    let (ok, out, err) = run(&[
        "--calibrate",
        "12",
        "--nodes",
        "300",
        "--seed",
        "4",
        "--positions",
        path,
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("calibration: 12 self-play games"), "{out}");
    assert!(out.contains("fitted logistic scale"), "{out}");
    assert!(
        out.contains("| pre-roll score | positions | won |"),
        "{out}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 12, "a position per turn: {}", lines.len());
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(["0", "0.5", "1"].contains(&fields[1]), "{line}");
        let score: i32 = fields[3].parse().expect("the pre-roll score");
        assert!(score.abs() <= 10_000, "{line}");
    }
    // Every game's positions carry its number; game 0 and 10 are held out.
    let (ok, out, err) = run(&["--tune", path]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("MSE shipped: train"), "{out}");
    assert!(out.contains("Params {"), "{out}");
    // The gradient fit of every linear weight, labels half result, half
    // score: it reports its errors and prints the proximity tables.
    let (ok, out, err) = run(&[
        "--tune",
        path,
        "--epochs",
        "30",
        "--l2",
        "0.00001",
        "--result-share",
        "0.5",
    ]);
    assert!(ok, "{out}{err}");
    assert!(err.contains("linear fit: MSE train"), "{err}");
    assert!(
        out.contains("attack: [") && out.contains("drop_room:"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_file_is_an_error_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("henkei-sg-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.txt");
    std::fs::write(&file, "1\tmaybe\t4k4/9/9/9/9/9/9/9/4K4 b - 1\n").unwrap();
    let (ok, out, err) = run(&["--tune", file.to_str().unwrap()]);
    assert!(!ok, "{out}");
    assert!(err.contains("line 1: bad result"), "{err}");
    std::fs::write(&file, "1\t1\t4k4/9/9/9/9/9/9/9/4K4 b - 1\tlots\n").unwrap();
    let (ok, out, err) = run(&["--tune", file.to_str().unwrap()]);
    assert!(!ok, "{out}");
    assert!(err.contains("line 1: bad score"), "{err}");
    let (ok, _, err) = run(&["--tune", "/nonexistent/henkei/positions.txt"]);
    assert!(!ok);
    assert!(err.contains("/nonexistent/henkei/positions.txt"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
