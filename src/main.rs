//! The henkei binary: a USI engine on stdin/stdout. Logs go to stderr
//! (`RUST_LOG=debug` shows every line read and written).
//!
//! `henkei play [...]` plays a game against a person instead
//! (docs/play.md).

use std::io::IsTerminal;

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = std::io::stdin();
    if args.first().map(String::as_str) == Some("play") {
        let interactive = stdin.is_terminal();
        let status =
            henkei::play::main_with_args(&args[1..], stdin.lock(), std::io::stdout(), interactive);
        std::process::exit(status);
    }
    if let Err(e) = henkei::session::run(stdin.lock(), std::io::stdout()) {
        log::error!("cannot read stdin: {e}");
        std::process::exit(1);
    }
    // Exit at once even if a thinking thread has not noticed `quit` yet.
    std::process::exit(0);
}
