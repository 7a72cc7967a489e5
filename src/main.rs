//! The henkei binary: a USI engine on stdin/stdout. Logs go to stderr
//! (`RUST_LOG=debug` shows every line read and written). The other modes
//! (`play`, `bench`, `--help`, `--version`) are in [`henkei::cli`].

use std::io::IsTerminal;

use henkei::cli::{self, Mode};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match cli::parse(&args) {
        Ok(mode) => mode,
        Err(e) => {
            eprintln!("henkei: {e}\n(henkei --help lists the modes)");
            std::process::exit(2);
        }
    };
    let stdin = std::io::stdin();
    let status = match mode {
        Mode::Help => {
            println!("{}", cli::HELP);
            0
        }
        Mode::Version => {
            println!("henkei {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Mode::Play(args) => {
            let interactive = stdin.is_terminal();
            henkei::play::main_with_args(&args, stdin.lock(), std::io::stdout(), interactive)
        }
        Mode::Bench { games, depth } => {
            let bench = match depth {
                Some(d) => format!("bench {d}\n"),
                None => "bench\n".to_string(),
            };
            // One session a game: at the end of its input the bench runs
            // to its end (a new `setoption USI_Variant` would stop it).
            games
                .iter()
                .map(|game| {
                    let script = format!("setoption name USI_Variant value {game}\n{bench}");
                    usi_session(std::io::Cursor::new(script))
                })
                .max()
                .unwrap_or(0)
        }
        Mode::Usi => usi_session(stdin.lock()),
    };
    // Exit at once even if a thinking thread has not ended yet.
    std::process::exit(status);
}

/// Runs a USI session on `input` (it ends at `quit` or the end of input).
fn usi_session(input: impl std::io::BufRead) -> i32 {
    match henkei::session::run(input, std::io::stdout()) {
        Ok(()) => 0,
        Err(e) => {
            log::error!("cannot read stdin: {e}");
            1
        }
    }
}
