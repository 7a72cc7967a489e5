//! Shogammon's `bench`: the start and three positions of a game (turns 10,
//! 24 and 40: points, hands, a king on a point), each searched for a fixed
//! roll to depth 3 (turns: the deepest also runs the chance search's move
//! filters, which start at the third iteration).

use crate::registry::Bench;

pub const BENCH: Bench = Bench {
    positions: &[
        super::STARTPOS_SFEN,
        "lns1g1snl/5r1b1/pppppp(pg)(pk)p/9/9/9/PPPPPPP(PK)P/LB5SR/1NSG2GNL b - 11",
        "1n4s2/3srgkb1/(pl)pp1pp(pn)p(pl)/3p3g1/9/7(PK)1/(PL)PPPPPPS(PN)/7GR/BNSG4L b - 25",
        "6s2/3sr1g2/(pl)p(pn)2p(pn)(pk)1/3p4p/4p2N1/5P1(PK)(gl)/(PL)P(PN)G2P1(PL)/8R/2(SB)2S1G1 b B2p 41",
    ],
    depth: 3,
};

/// The roll of the side to move in each position, by index.
pub const ROLLS: [[u8; 2]; 4] = [[3, 1], [6, 5], [4, 4], [5, 2]];
