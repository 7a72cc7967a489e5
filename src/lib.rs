//! henkei: a USI engine for standard shogi and three variants.
//!
//! Layout: [`game`] is the abstraction every variant implements; each game
//! lives in its own module; [`search`], [`tt`], [`timeman`] and [`perft`] are
//! written once against [`game::Game`]; [`session`] is the USI front end;
//! [`arena`] is the match tool and [`play`] the human-play mode.

pub mod arena;
pub mod board;
pub mod chance;
pub mod cli;
pub mod error;
pub mod game;
pub mod golden;
pub mod huge_pages;
pub mod mate;
pub mod mortal;
pub mod nnue;
pub mod perft;
pub mod play;
pub mod registry;
pub mod search;
pub mod session;
pub mod shogammon;
pub mod shogi;
pub mod sigma4;
pub mod timeman;
pub mod tt;
pub mod tune;
