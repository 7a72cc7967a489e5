//! Legal move generation. Every move produced is legal: a board move is
//! tested against the own royal only when it could matter (in check, or a
//! base leaving a line a slider or double leap could open); the royal's own
//! moves follow its extra restrictions; each capture yields one move per
//! distinct refit, each drop one move per distinct composition and square.

use super::attacks::{destinations, evasion_squares, is_attacked, tables, Stepper, Tables};
use super::fits::{fits, FitTable};
use super::position::{own_corners, Position};
use super::types::{Bitboard7, FitId, Move, Square7, Stones};

/// Move lists are long (a full storage gives thousands of drops), so a
/// vector rather than a fixed array.
pub type Moves = Vec<Move>;

/// What one generation pass needs.
struct Gen<'a> {
    t: &'static Tables,
    ft: &'static FitTable,
    pos: &'a Position,
    occ: Bitboard7,
    own: Bitboard7,
    enemy: Bitboard7,
    royal: Square7,
    in_check: bool,
    /// In check, where a plain base's move or drop could end it (a
    /// checker's square or a block); elsewhere unused.
    evasion_squares: Bitboard7,
    /// Quiescence's pass: captures only, and of each capture only the
    /// principal refit (the one `is_tactical` accepts).
    captures_only: bool,
}

impl Gen<'_> {
    #[inline]
    fn their_maps(&self) -> &super::attacks::StoneMaps {
        self.pos.stone_maps(self.pos.side().flip())
    }

    /// Whether a plain base moving `from` → `to` keeps the own royal safe.
    #[inline]
    fn safe(&self, from: Square7, to: Square7) -> bool {
        if !self.in_check && !self.t.discovery[self.royal.index()].contains(from) {
            return true;
        }
        if self.in_check && !self.evasion_squares.contains(to) {
            return false;
        }
        let occ = (self.occ ^ from.bit()) | to.bit();
        // The captured base (if any) no longer attacks.
        !is_attacked(self.t, self.their_maps(), self.royal, occ, !to.bit())
    }

    /// One move per distinct refit of a capture (`FitTable::refits`), the
    /// principal one marked; only that one in the captures-only pass.
    #[inline]
    fn push_capture(
        &self,
        list: &mut Moves,
        from: Square7,
        to: Square7,
        own: FitId,
        victim: FitId,
    ) {
        let refits = self.ft.refits(own, victim);
        if self.captures_only {
            if let Some(id) = refits.principal_id() {
                list.push(Move::capture(from, to, id).principal());
            }
            return;
        }
        for (i, &id) in refits.ids.iter().enumerate() {
            let m = Move::capture(from, to, id);
            list.push(if i == refits.principal {
                m.principal()
            } else {
                m
            });
        }
    }

    #[inline]
    fn push_board(&self, list: &mut Moves, from: Square7, to: Square7, own: FitId) {
        if self.enemy.contains(to) {
            if let Some(v) = self.pos.unit_at(to) {
                self.push_capture(list, from, to, own, v.fit);
            }
        } else {
            list.push(Move::quiet(from, to));
        }
    }

    /// Where a base may go: any square not its side's, or only enemy bases
    /// in the captures-only pass.
    #[inline]
    fn targets(&self) -> Bitboard7 {
        if self.captures_only {
            self.enemy
        } else {
            !self.own
        }
    }

    fn plain_bases(&self, list: &mut Moves) {
        for from in self.own ^ self.royal.bit() {
            let Some(u) = self.pos.unit_at(from) else {
                continue;
            };
            let dests = destinations(self.t, self.ft.get(u.fit), from, self.occ) & self.targets();
            for to in dests {
                if self.safe(from, to) {
                    self.push_board(list, from, to, u.fit);
                }
            }
        }
    }

    /// The royal base: never onto an attacked square (judged after the
    /// move); a repeated W/F step may not pass an attacked square (judged
    /// with the royal lifted, everything else as before); its leaps may pass
    /// anything, a double leap's middle landing square only has to be empty.
    fn royal_base(&self, list: &mut Moves) {
        let from = self.royal;
        let Some(u) = self.pos.unit_at(from) else {
            return;
        };
        let fit = self.ft.get(u.fit);
        let maps = self.their_maps();
        let lifted = self.occ ^ from.bit();
        let mut dests = fit.reach[from.index()];
        for &(st, n) in &fit.steppers {
            for ray in &self.t.rays[st as usize][from.index()] {
                let (Some(near), Some(far)) = (ray.get(0), ray.get(1)) else {
                    continue;
                };
                // A royal holds two stones at most, so a repeat is one extra
                // landing. The near square must be empty either way.
                debug_assert!(n == 2);
                if self.occ.contains(near) {
                    continue;
                }
                let passes = matches!(st, Stepper::W | Stepper::F);
                if passes && is_attacked(self.t, maps, near, lifted, Bitboard7::ALL) {
                    continue;
                }
                dests |= far.bit();
            }
        }
        for to in dests & self.targets() {
            if !is_attacked(self.t, maps, to, lifted | to.bit(), !to.bit()) {
                self.push_board(list, from, to, u.fit);
            }
        }
    }

    /// A plain base from storage fitted from the own storage, on any empty
    /// square; in check only where it shields the royal.
    fn drops(&self, list: &mut Moves) {
        let us = self.pos.side();
        let storage = self.pos.storage(us);
        if storage.is_empty() || self.pos.bases_in_storage(us) == 0 {
            return;
        }
        let mut squares = !self.occ;
        if self.in_check {
            squares &= self.evasion_squares;
            let maps = self.their_maps();
            for to in squares {
                if is_attacked(
                    self.t,
                    maps,
                    self.royal,
                    self.occ | to.bit(),
                    Bitboard7::ALL,
                ) {
                    squares ^= to.bit();
                }
            }
            if squares.is_empty() {
                return; // mostly a leap's check: no drop blocks it
            }
        }
        // At most the 251 plain compositions.
        let mut comps = [FitId(0); 256];
        let mut n = 0;
        for &id in self.ft.within(false, storage.kinds()) {
            if self.ft.stones(id).is_subset_of(storage) {
                comps[n] = id;
                n += 1;
            }
        }
        list.reserve(n * squares.count() as usize);
        for to in squares {
            for &id in &comps[..n] {
                list.push(Move::drop(id, to));
            }
        }
    }

    /// Every legal move: board moves, the royal's, drops, corner takes.
    fn all(&self, list: &mut Moves) {
        self.plain_bases(list);
        self.royal_base(list);
        self.drops(list);
        self.corner_takes(list);
    }

    /// A stone of choice from the opponent's storage, while a base of the
    /// mover stands on an opponent's corner; never while in check (the move
    /// would leave the royal attacked).
    fn corner_takes(&self, list: &mut Moves) {
        let us = self.pos.side();
        if self.in_check || (self.own & own_corners(us.flip())).is_empty() {
            return;
        }
        for (s, _) in self.pos.storage(us.flip()).iter() {
            list.push(Move::corner_take(s));
        }
    }
}

impl Position {
    /// Every legal move of the side to move; none once the game is over
    /// because the last move reached the goal square.
    pub fn generate_legal(&self, list: &mut Moves) {
        if self.goal_reached() {
            return;
        }
        self.generator(false).all(list);
    }

    /// `generate_legal` without the shortcut of `evasion_squares`: in
    /// check every move and drop is judged by playing it out on the
    /// occupancy (what the tests check the shortcut against).
    #[cfg(test)]
    pub(crate) fn generate_legal_judging_every_square(&self, list: &mut Moves) {
        if self.goal_reached() {
            return;
        }
        let mut gen = self.generator(false);
        gen.evasion_squares = Bitboard7::ALL;
        gen.all(list);
    }

    /// The legal moves of the royal base alone (none once the game is over).
    pub fn generate_royal(&self, list: &mut Moves) {
        if self.goal_reached() {
            return;
        }
        self.generator(false).royal_base(list);
    }

    /// The legal captures, each with its principal refit only: the moves
    /// quiescence looks at, without generating hundreds of drops to find
    /// them.
    pub fn generate_captures(&self, list: &mut Moves) {
        if self.goal_reached() {
            return;
        }
        let gen = self.generator(true);
        gen.plain_bases(list);
        gen.royal_base(list);
    }

    fn generator(&self, captures_only: bool) -> Gen<'_> {
        let us = self.side();
        let t = tables();
        let royal = self.royal(us);
        let in_check = self.in_check();
        let evasion_squares = if in_check {
            evasion_squares(t, self.stone_maps(us.flip()), royal, self.occupied())
        } else {
            Bitboard7::EMPTY
        };
        Gen {
            t,
            ft: fits(),
            pos: self,
            occ: self.occupied(),
            own: self.bases(us),
            enemy: self.bases(us.flip()),
            royal,
            in_check,
            evasion_squares,
            captures_only,
        }
    }

    /// The legal move equal to `m` up to generator annotations, if any
    /// (used for user input only).
    pub fn find_legal(&self, m: Move) -> Option<Move> {
        let mut list = Moves::new();
        self.generate_legal(&mut list);
        list.into_iter().find(|l| l.plain() == m.plain())
    }

    /// Where the base on `from` could move with the current occupancy,
    /// ignoring check (own bases' squares excluded).
    pub fn reach_of(&self, from: Square7) -> Bitboard7 {
        match self.unit_at(from) {
            Some(u) => {
                destinations(tables(), fits().get(u.fit), from, self.occupied())
                    & !self.bases(u.color)
            }
            None => Bitboard7::EMPTY,
        }
    }

    /// The pool a capture on `to` by the base on `from` refits from: both
    /// bases' stones.
    pub fn capture_pool(&self, from: Square7, to: Square7) -> Option<Stones> {
        let a = self.unit_at(from)?;
        let b = self.unit_at(to)?;
        Some(fits().stones(a.fit).plus(fits().stones(b.fit)))
    }
}
