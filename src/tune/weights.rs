//! The shipped weights files: written by the tuner as Rust source, one
//! `pub const WEIGHTS: [i32; N]` with a comment per feature group (the
//! piece-square tables one row per file, 1 to 9, squares a to i from the
//! owner's view), and read back by [`parse`].

use super::Tunable;

/// Renders weights as the source of an `eval_weights.rs`. `notes` become
/// lines of the module comment (how the weights were made).
pub fn render<P: Tunable>(weights: &[i32], notes: &[String]) -> String {
    assert_eq!(weights.len(), P::NUM_FEATURES);
    let mut s = String::new();
    s.push_str(&format!(
        "//! Tuned evaluation weights for `{}`, written by `henkei-tune tune`;\n",
        P::VARIANT
    ));
    s.push_str("//! docs/tuning.md tells how to regenerate them. Do not edit by hand.\n");
    if !notes.is_empty() {
        s.push_str("//!\n");
        for n in notes {
            s.push_str(&format!("//! {n}\n"));
        }
    }
    s.push('\n');
    s.push_str("/// Indexed by the feature layout of the game's `eval.rs`.\n");
    s.push_str("#[rustfmt::skip]\n");
    s.push_str(&format!(
        "pub const WEIGHTS: [i32; {}] = [\n",
        P::NUM_FEATURES
    ));
    for (name, start, end) in P::sections() {
        s.push_str(&format!("    // {name}\n"));
        for chunk in weights[start..end].chunks(9) {
            let line: Vec<String> = chunk.iter().map(|w| format!("{w},")).collect();
            s.push_str(&format!("    {}\n", line.join(" ")));
        }
    }
    s.push_str("];\n");
    s
}

/// Reads the weights back from an `eval_weights.rs`: the integers between
/// `WEIGHTS` ... `= [` and `];`, comments skipped.
pub fn parse(source: &str) -> Result<Vec<i32>, String> {
    let start = source
        .find("WEIGHTS")
        .and_then(|i| source[i..].find("= [").map(|j| i + j + 3))
        .ok_or("no `WEIGHTS: [...] = [` in the file")?;
    let body = &source[start..];
    let end = body.find("];").ok_or("the weights array is not closed")?;
    let mut out = Vec::new();
    for line in body[..end].lines() {
        let code = line.split("//").next().unwrap_or("");
        for item in code.split(',') {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            out.push(
                item.parse::<i32>()
                    .map_err(|_| format!("not an integer: '{item}'"))?,
            );
        }
    }
    Ok(out)
}

/// Reads a weights file and checks it has the game's number of weights.
pub fn load<P: Tunable>(source: &str) -> Result<Vec<i32>, String> {
    let w = parse(source)?;
    if w.len() != P::NUM_FEATURES {
        return Err(format!(
            "{} weights, {} needs {}",
            w.len(),
            P::VARIANT,
            P::NUM_FEATURES
        ));
    }
    Ok(w)
}
