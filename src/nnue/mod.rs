//! NNUE evaluation of standard shogi: YaneuraOu-format HalfKP 256x2-32-32
//! nets (`nn.bin`), evaluated with the same integers YaneuraOu uses, so a
//! net gives henkei exactly the values it gives YaneuraOu. The format and
//! the arithmetic are described in docs/nnue.md.
//!
//! [`Network`] holds the weights (64 MB, loaded once and shared by every
//! search thread through an `Arc`). A position with a net owns an
//! [`NnueState`]: one [`Accumulator`] per ply, updated in `do_move` from the
//! pieces the move changed and popped in `undo_move`.

mod features;
mod load;
mod simd;
pub mod testnet;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;

use crate::game::Color;
use crate::shogi::position::Position;

pub use features::Change;
pub use load::{file_size, load_file, read_net, LoadError, Loaded, HASH, VERSION};

/// Width of one perspective's half of the feature transformer.
pub const HALF: usize = 256;
/// BonaPieces per king square (HalfKP's `fe_end`).
pub const FE_END: usize = 1548;
/// Feature rows: 81 king squares times the BonaPieces.
pub const INPUTS: usize = 81 * FE_END;
/// Features each perspective always has: 38 non-king men, padded.
pub const ACTIVE: usize = 38;
/// The first affine layer's inputs: both halves.
const L1_IN: usize = 2 * HALF;
const H1: usize = 32;
const H2: usize = 32;
/// The affine layers' outputs are shifted down by this before clipping.
const WEIGHT_SCALE_BITS: u32 = 6;
/// YaneuraOu's `VALUE_MAX_EVAL`: the evaluation is clamped to this.
pub const MAX_EVAL: i32 = 31753;
/// `FV_SCALE`'s default and range.
pub const DEFAULT_FV_SCALE: i32 = 16;
pub const MAX_FV_SCALE: i32 = 128;

/// A loaded HalfKP 256x2-32-32 net.
pub struct Network {
    ft_bias: [i16; HALF],
    /// `INPUTS` rows of `HALF` weights.
    ft_weights: Vec<i16>,
    b1: [i32; H1],
    /// Row-major, one row of `L1_IN` per output.
    w1: Vec<i8>,
    /// `w1` in the AVX2 kernel's order ([`simd::to_columns`]).
    w1_cols: Vec<i8>,
    b2: [i32; H2],
    w2: Vec<i8>,
    w2_cols: Vec<i8>,
    b3: i32,
    w3: [i8; H2],
    /// Whether to use the AVX2 kernels (detected at load; tests turn it off
    /// to check the scalar path gives the same numbers).
    avx2: bool,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network(HalfKP 256x2-32-32, avx2 {})", self.avx2)
    }
}

/// Both perspectives' halves after the feature transformer, indexed by
/// the perspective's color. 64-byte aligned for the vector loads.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator(pub [[i16; HALF]; 2]);

impl std::fmt::Debug for Accumulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Accumulator({:?}..)", &self.0[0][..4])
    }
}

impl Network {
    /// The row of feature `index`.
    #[inline]
    fn row(&self, index: usize) -> &[i16; HALF] {
        let start = index * HALF;
        match self.ft_weights[start..start + HALF].try_into() {
            Ok(row) => row,
            Err(_) => unreachable!("rows are HALF long"),
        }
    }

    /// Turns the AVX2 kernels on or off (off if the CPU lacks AVX2).
    pub fn set_simd(&mut self, on: bool) {
        self.avx2 = on && simd::avx2_available();
    }

    pub fn uses_avx2(&self) -> bool {
        self.avx2
    }

    /// One perspective's half from its active features.
    fn refresh_half(&self, features: &[usize; ACTIVE], out: &mut [i16; HALF]) {
        simd::update(self, &self.ft_bias, out, &[], features);
    }

    /// The raw output (before `FV_SCALE`) with `acc[first]` first.
    fn propagate(&self, acc: &Accumulator, first: Color) -> i32 {
        let mut input = [0u8; L1_IN];
        let (lo, hi) = input.split_at_mut(HALF);
        simd::clip_half(&acc.0[first.index()], lo, self.avx2);
        simd::clip_half(&acc.0[first.flip().index()], hi, self.avx2);
        let mut h1 = [0u8; H1];
        simd::affine_clip(
            &input,
            &self.w1,
            &self.w1_cols,
            &self.b1,
            &mut h1,
            self.avx2,
        );
        let mut h2 = [0u8; H2];
        simd::affine_clip(&h1, &self.w2, &self.w2_cols, &self.b2, &mut h2, self.avx2);
        self.b3
            + self
                .w3
                .iter()
                .zip(h2)
                .map(|(&w, x)| i32::from(w) * i32::from(x))
                .sum::<i32>()
    }

    /// The evaluation from `side`'s view: the raw output divided by
    /// `fv_scale` (truncating, as C++ does) and clamped.
    pub fn evaluate(&self, acc: &Accumulator, side: Color, fv_scale: i32) -> i32 {
        (self.propagate(acc, side) / fv_scale.max(1)).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Both halves of `pos` from scratch.
    pub fn accumulate(&self, pos: &Position) -> Option<Accumulator> {
        let mut acc = Accumulator([[0; HALF]; 2]);
        for v in [Color::Black, Color::White] {
            let features = features::active(pos, v)?;
            self.refresh_half(&features, &mut acc.0[v.index()]);
        }
        Some(acc)
    }
}

/// The net a position evaluates with and its `FV_SCALE`.
#[derive(Clone, Debug)]
pub struct NetHandle {
    pub net: Arc<Network>,
    pub fv_scale: i32,
    /// Where it came from, for `eval`'s report.
    pub source: String,
}

/// One ply's accumulator and its evaluation once computed (search often
/// asks twice for the same position: delta pruning, then stand-pat).
#[derive(Debug)]
struct Entry {
    acc: Accumulator,
    eval: AtomicI32,
}

/// `Entry::eval` before the first evaluation.
const NOT_EVALUATED: i32 = i32::MIN;

impl Clone for Entry {
    fn clone(&self) -> Entry {
        Entry {
            acc: self.acc,
            eval: AtomicI32::new(self.eval.load(Ordering::Relaxed)),
        }
    }
}

impl Entry {
    fn new(acc: Accumulator) -> Entry {
        Entry {
            acc,
            eval: AtomicI32::new(NOT_EVALUATED),
        }
    }
}

/// A move's feature changes per perspective (`None`: that king moved),
/// from [`NnueState::prepare`] to [`NnueState::push`].
#[derive(Debug)]
pub struct Pending([Option<features::Delta>; 2]);

/// One king square's remembered half: the sum for the men in `set` (and
/// `padding` entries of BonaPiece 0). When that king comes back to the
/// square, only the men that changed meanwhile are added or taken off,
/// instead of the 38 rows of a full refresh.
#[derive(Clone, Debug)]
struct KingCache {
    acc: [i16; HALF],
    set: [u64; features::SET_WORDS],
    padding: usize,
}

/// A position's accumulators: one per ply of its history plus the current
/// one, `stack[len - 1]`. Entries past `len` are kept for reuse, so a move
/// writes its accumulator straight into place with no copy first.
#[derive(Clone)]
pub struct NnueState {
    handle: NetHandle,
    stack: Vec<Entry>,
    len: usize,
    /// `[perspective * 81 + king square]`, each starting empty (the bias).
    kings: Vec<KingCache>,
}

impl std::fmt::Debug for NnueState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NnueState({}, ply {})", self.handle.source, self.len)
    }
}

impl NnueState {
    /// The state for `pos`, or `None` if the net cannot evaluate it (a
    /// king is missing: YaneuraOu does not define such positions).
    pub fn new(handle: NetHandle, pos: &Position) -> Option<NnueState> {
        let acc = handle.net.accumulate(pos)?;
        let mut stack = Vec::with_capacity(256);
        stack.push(Entry::new(acc));
        let empty = KingCache {
            acc: handle.net.ft_bias,
            set: [0; features::SET_WORDS],
            padding: 0,
        };
        Some(NnueState {
            kings: vec![empty; 2 * 81],
            handle,
            stack,
            len: 1,
        })
    }

    pub fn handle(&self) -> &NetHandle {
        &self.handle
    }

    #[inline]
    fn top(&self) -> &Entry {
        &self.stack[self.len - 1]
    }

    /// The current accumulator.
    #[inline]
    pub fn current(&self) -> &Accumulator {
        &self.top().acc
    }

    /// The current entry and a fresh one above it, not yet evaluated.
    #[inline]
    fn grow<'a>(stack: &'a mut Vec<Entry>, len: &mut usize) -> (&'a Entry, &'a mut Entry) {
        if *len == stack.len() {
            let copy = stack[*len - 1].clone();
            stack.push(copy);
        }
        let (below, above) = stack.split_at_mut(*len);
        *len += 1;
        let next = &mut above[0];
        *next.eval.get_mut() = NOT_EVALUATED;
        (&below[below.len() - 1], next)
    }

    /// Once the men of a move stand where they go: the features it
    /// changes for each perspective, their rows prefetched.
    #[inline]
    pub fn prepare(&self, pos: &Position, change: &Change) -> Pending {
        let deltas = [Color::Black, Color::White].map(|v| features::delta(pos, v, change));
        for (removed, added) in deltas.iter().flatten() {
            for &f in removed.iter().chain(added) {
                simd::prefetch_row(&self.handle.net, f);
            }
        }
        Pending(deltas)
    }

    /// After the move was made on `pos`: pushes the new accumulator.
    #[inline]
    pub fn push(&mut self, pos: &Position, pending: Pending) {
        let net = &*self.handle.net;
        let (prev, next) = Self::grow(&mut self.stack, &mut self.len);
        for (v, delta) in [Color::Black, Color::White].into_iter().zip(pending.0) {
            let (from, to) = (&prev.acc.0[v.index()], &mut next.acc.0[v.index()]);
            match delta {
                Some((removed, added)) => simd::update(net, from, to, &removed, &added),
                None => Self::refresh_from_cache(net, &mut self.kings, pos, v, to),
            }
        }
        #[cfg(debug_assertions)]
        self.check(pos);
    }

    /// `v`'s half after its king moved, from what the cache remembers of
    /// the king's new square.
    fn refresh_from_cache(
        net: &Network,
        kings: &mut [KingCache],
        pos: &Position,
        v: Color,
        to: &mut [i16; HALF],
    ) {
        let Some((set, padding, k)) = features::piece_set(pos, v) else {
            unreachable!("kings stay on the board");
        };
        let cache = &mut kings[v.index() * 81 + k / FE_END];
        let mut removed = arrayvec::ArrayVec::<usize, { 2 * ACTIVE }>::new();
        let mut added = arrayvec::ArrayVec::<usize, { 2 * ACTIVE }>::new();
        for (w, (&old, &new)) in cache.set.iter().zip(&set).enumerate() {
            for (bits, list) in [(old & !new, &mut removed), (new & !old, &mut added)] {
                let mut bits = bits;
                while bits != 0 {
                    list.push(k + 64 * w + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
        for _ in padding..cache.padding {
            removed.push(k);
        }
        for _ in cache.padding..padding {
            added.push(k);
        }
        let from = cache.acc;
        simd::update(net, &from, &mut cache.acc, &removed, &added);
        cache.set = set;
        cache.padding = padding;
        *to = cache.acc;
    }

    /// A null move: the same halves; only their order at evaluation swaps.
    #[inline]
    pub fn push_copy(&mut self) {
        let (prev, next) = Self::grow(&mut self.stack, &mut self.len);
        next.acc = prev.acc;
    }

    /// Drops the current accumulator; `false` if it was the only one.
    #[inline]
    pub fn pop(&mut self) -> bool {
        if self.len > 1 {
            self.len -= 1;
            true
        } else {
            false
        }
    }

    /// The evaluation of the current position, `side` to move.
    #[inline]
    pub fn evaluate(&self, side: Color) -> i32 {
        let top = self.top();
        let cached = top.eval.load(Ordering::Relaxed);
        if cached != NOT_EVALUATED {
            return cached;
        }
        let value = self
            .handle
            .net
            .evaluate(&top.acc, side, self.handle.fv_scale);
        top.eval.store(value, Ordering::Relaxed);
        value
    }

    /// Debug builds: the incremental accumulator equals the one from scratch.
    #[cfg(debug_assertions)]
    pub fn check(&self, pos: &Position) {
        let scratch = self.handle.net.accumulate(pos);
        debug_assert_eq!(
            scratch.as_ref(),
            Some(self.current()),
            "NNUE accumulator drifted at {}",
            pos.to_sfen()
        );
    }
}
