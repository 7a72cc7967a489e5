//! Loading the NNUE net `EvalDir` names, at `isready` (never at `usi`: a
//! GUI expects `usiok` at once, and a net is 64 MB).
//!
//! - `EvalDir` (default `eval`, as in YaneuraOu) is the folder holding
//!   `nn.bin`. At the default, a missing `eval/nn.bin` quietly means the
//!   built-in evaluation, so the engine plays out of the box.
//! - `EvalDir` set to `<builtin>` chooses the built-in evaluation.
//! - Any other failure (no such file, truncated, too long, wrong version,
//!   another shape) is one `info string error:` and the evaluation stays as
//!   it was; an unknown header hash with the right size is a warning.
//! - A net loads once per `EvalDir` value; `FV_SCALE` applies at the next
//!   `isready` or `position`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::nnue::{self, NetHandle, Network};

use super::options::Options;
use super::output::Output;

/// `EvalDir`'s default, YaneuraOu's.
pub const DEFAULT_EVAL_DIR: &str = "eval";
/// The `EvalDir` value choosing the built-in evaluation.
pub const BUILTIN: &str = "<builtin>";
/// The file YaneuraOu reads inside `EvalDir`.
const FILE_NAME: &str = "nn.bin";

/// A net in use and the `EvalDir` it came from.
#[derive(Clone, Debug)]
pub struct LoadedNet {
    pub eval_dir: String,
    pub path: PathBuf,
    pub net: Arc<Network>,
}

/// What positions evaluate with, given the options.
pub fn handle(options: &Options) -> Option<NetHandle> {
    options.net.as_ref().map(|loaded| NetHandle {
        net: Arc::clone(&loaded.net),
        fv_scale: options.fv_scale,
        source: loaded.path.display().to_string(),
    })
}

fn is_builtin(dir: &str) -> bool {
    dir.eq_ignore_ascii_case(BUILTIN) || dir.eq_ignore_ascii_case("builtin")
}

/// `isready`: loads the net `EvalDir` names if it is not the one in use.
pub fn prepare(options: &mut Options, out: &Output) {
    let dir = options.eval_dir.clone();
    if is_builtin(&dir) {
        options.net = None;
        return;
    }
    if options.net.as_ref().is_some_and(|n| n.eval_dir == dir) {
        return;
    }
    let path = Path::new(&dir).join(FILE_NAME);
    if dir == DEFAULT_EVAL_DIR && !path.exists() {
        log::info!("no {}: built-in evaluation", path.display());
        options.net = None;
        return;
    }
    let started = std::time::Instant::now();
    match nnue::load_file(&path) {
        Ok(loaded) => {
            for w in &loaded.warnings {
                out.warning(format!("EvalDir: {}: {w}", path.display()));
            }
            out.info_string(format!(
                "NNUE net {} loaded (HalfKP 256x2-32-32, FV_SCALE {}, {} ms{})",
                path.display(),
                options.fv_scale,
                started.elapsed().as_millis(),
                if loaded.net.uses_avx2() { ", AVX2" } else { "" }
            ));
            options.net = Some(LoadedNet {
                eval_dir: dir,
                path,
                net: Arc::new(loaded.net),
            });
        }
        Err(e) => {
            let kept = match &options.net {
                Some(n) => format!("the net from {}", n.path.display()),
                None => "built-in".to_string(),
            };
            out.error(format!("EvalDir '{dir}': {e}; the evaluation stays {kept}"));
        }
    }
}
