//! Mortal Shogi's `bench`: the start and three positions of a game (plies
//! 24, 48 and 72: demoted pieces in hand, a king walk), to depth 5.

use crate::registry::Bench;

pub const BENCH: Bench = Bench {
    positions: &[
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "2sgkgsnl/5r3/l1p1p2pp/pp1p1Gp2/1n2G4/2P6/PP1PPPPPP/8R/LNS1KGSNL b g 25",
        "2sgkgsn1/9/l1p2G1pl/pp1p2p2/1n6p/5r3/PP1S2PP1/5S2R/LN1KG2NL b Ss 49",
        "2sgk1sn1/5r3/l1p4p1/pps3p2/1n1p4l/4S2Pp/PP1SsSP2/2R5L/LN1KG1SN1 b - 73",
    ],
    depth: 5,
};
