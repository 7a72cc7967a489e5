//! The henkei binary: a USI engine on stdin/stdout. Logs go to stderr
//! (`RUST_LOG=debug` shows every line read and written).

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let stdin = std::io::stdin();
    if let Err(e) = henkei::session::run(stdin.lock(), std::io::stdout()) {
        log::error!("cannot read stdin: {e}");
        std::process::exit(1);
    }
    // Exit at once even if a thinking thread has not noticed `quit` yet.
    std::process::exit(0);
}
