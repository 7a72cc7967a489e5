//! The engine the human plays against: a USI child process (by default
//! this very program), driven with the match tool's [`Engine`].

use std::time::{Duration, Instant};

use crate::arena::engine::{Engine, EngineConfig, WaitError};
use crate::arena::game::{await_bestmove, Answer, READY_TIMEOUT};
use crate::arena::Variant;
use crate::chance::CubeAction;

/// How long an untimed search (depth, nodes) or a cube question may take.
const UNTIMED_LIMIT: Duration = Duration::from_secs(600);

/// Extra time past the clock before the engine is told to stop.
const GRACE_MS: u64 = 2000;

/// After `stop`, how long to wait for `bestmove`.
const HANG_MS: u64 = 5000;

pub struct Opponent {
    engine: Engine,
    /// The engine's `id name`.
    pub name: String,
}

impl Opponent {
    /// Starts the engine and sets it up for `variant`: `usi`, options,
    /// `isready`, `usinewgame`.
    pub fn start(command: &[String], variant: Variant, max_moves: u32) -> Result<Self, String> {
        let config = EngineConfig {
            command: command.to_vec(),
            ..EngineConfig::default()
        };
        let mut engine = Engine::spawn(&config, "opponent".to_string(), None)?;
        engine.handshake(READY_TIMEOUT)?;
        let gone = |_| "the engine exited while being set up".to_string();
        if !variant.is_default() || engine.option("USI_Variant").is_some() {
            engine
                .set_option("USI_Variant", Some(variant.name()))
                .map_err(gone)?;
        }
        if engine.option("MaxMovesToDraw").is_some() {
            engine
                .set_option("MaxMovesToDraw", Some(&max_moves.to_string()))
                .map_err(gone)?;
        }
        engine.sync(READY_TIMEOUT).map_err(|e| match e {
            WaitError::Timeout => "the engine did not answer isready".to_string(),
            WaitError::Exited => format!("the engine exited (can it play {variant}?)"),
        })?;
        engine.send("usinewgame").map_err(gone)?;
        let name = engine
            .id_name
            .clone()
            .unwrap_or_else(|| "engine".to_string());
        Ok(Opponent { engine, name })
    }

    /// Sends `position` and `go` and returns the `bestmove` word and the
    /// milliseconds it took. `allowed` is the clock's limit, if any.
    pub fn best_move(
        &mut self,
        position: &str,
        go: &str,
        allowed: Option<u64>,
    ) -> Result<(String, u64), String> {
        let limit = allowed.map_or(UNTIMED_LIMIT, |ms| Duration::from_millis(ms + GRACE_MS));
        self.ask(position, go, limit)
    }

    /// Asks `go cube` or `go take` on `position` (which carries the cube
    /// clause).
    pub fn cube(&mut self, position: &str, query: usi::CubeQuery) -> Result<CubeAction, String> {
        let (word, _) = self.ask(position, &format!("go {query}"), UNTIMED_LIMIT)?;
        CubeAction::parse(&word)
            .ok_or_else(|| format!("the engine answered 'go {query}' with '{word}'"))
    }

    fn ask(&mut self, position: &str, go: &str, limit: Duration) -> Result<(String, u64), String> {
        let gone = |_| "the engine exited".to_string();
        self.engine.send(position).map_err(gone)?;
        self.engine.send(go).map_err(gone)?;
        let start = Instant::now();
        match await_bestmove(&mut self.engine, start + limit, HANG_MS) {
            Answer::Move { mv, at, .. } => {
                let ms = at.saturating_duration_since(start).as_millis() as u64;
                Ok((mv, ms))
            }
            Answer::Hang => Err("the engine stopped answering".to_string()),
            Answer::Crash => Err("the engine exited".to_string()),
        }
    }

    /// Tells the engine the result and ends it.
    pub fn finish(mut self, result: Option<&str>) {
        if let Some(word) = result {
            let _ = self.engine.send(&format!("gameover {word}"));
        }
        self.engine.quit(Duration::from_millis(500));
    }
}
