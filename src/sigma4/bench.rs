//! Sigma 4's `bench`: the standard setup and two middlegames (plies 8 and
//! 16: stones in storage, refitted bases), to depth 3 (several hundred
//! moves a position).

use crate::registry::Bench;

pub const BENCH: Bench = Bench {
    positions: &[
        super::STARTPOS_SFEN,
        "[nw][dw][ef][rfw][ef][dw][nf]/[df][ED][jd][en][jd]1[df]/[dw]1[cw][nf][ceff][je][dw]/7/[DW][ZE][CE]1[cw][ZE][DW]/[DF][EF]1[EN][JD][EF][DF]/[NW][DW][EF][RFW][EF][DW][NW] b Z2ENWz 9",
        "[nw][end][ef][rfw][ef][dw][nf]/1[ED][jd]1[jd]1[df]/[dw][jdfw][cw]1[ceff][je][dw]/5[znf]1/[DW][ZE][CE]1[cw][ZE][DW]/[DF][EF]1[EN]1[EF][DF]/[NW][DW][EF][RFW][EF][DW][NW] b 2ENWzd 17",
    ],
    depth: 3,
};
