//! `henkei-match`: plays two USI engines against each other (shogi, Mortal
//! Shogi, Shogammon, Sigma 4) and reports the score; `henkei-match replay`
//! re-checks saved games. Usage: `henkei-match --help`, docs/match.md. The
//! logic lives in `henkei::arena`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status =
        henkei::arena::main_with_args(&args, &mut std::io::stdout(), &mut std::io::stderr());
    std::process::exit(status);
}
