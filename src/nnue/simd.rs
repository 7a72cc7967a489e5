//! The kernels: a scalar form and an AVX2 form of each, which give the same
//! bits (integer sums; the i16 accumulator adds wrap in both). AVX2 is
//! chosen at run time: the shipped binary targets baseline x86-64.

use super::{Network, HALF, WEIGHT_SCALE_BITS};

/// Whether this CPU runs the AVX2 kernels.
pub fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Asks for feature `f`'s row (eight cache lines) to be brought into cache.
#[inline]
pub fn prefetch_row(net: &Network, f: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let row = net.row(f).as_ptr() as *const i8;
        for line in 0..HALF * 2 / 64 {
            // SAFETY: a prefetch never faults, and the address is in the row.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(row.add(64 * line)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (net, f);
}

/// `to = from + added rows - removed rows` (wrapping).
#[inline]
pub fn update(
    net: &Network,
    from: &[i16; HALF],
    to: &mut [i16; HALF],
    removed: &[usize],
    added: &[usize],
) {
    #[cfg(target_arch = "x86_64")]
    if net.avx2 {
        // SAFETY: `avx2` is set only when the CPU has AVX2.
        unsafe { avx2::update(net, from, to, removed, added) };
        return;
    }
    *to = *from;
    for &f in removed {
        for (a, w) in to.iter_mut().zip(net.row(f)) {
            *a = a.wrapping_sub(*w);
        }
    }
    for &f in added {
        for (a, w) in to.iter_mut().zip(net.row(f)) {
            *a = a.wrapping_add(*w);
        }
    }
}

/// One half of the first layer's input: each sum clamped to 0..=127.
#[inline]
pub fn clip_half(acc: &[i16; HALF], out: &mut [u8], use_avx2: bool) {
    debug_assert_eq!(out.len(), HALF);
    #[cfg(target_arch = "x86_64")]
    if use_avx2 && out.len() == HALF {
        // SAFETY: as above; `out` holds HALF bytes.
        unsafe { avx2::clip_half(acc, out) };
        return;
    }
    for (o, &a) in out.iter_mut().zip(acc) {
        *o = a.clamp(0, 127) as u8;
    }
}

/// An affine layer with 32 outputs then the clipped ReLU:
/// `out[i] = clamp((b[i] + w[i]·x) >> 6, 0, 127)`. `rows` is row-major (one
/// row of `input.len()` per output), `cols` the same weights as
/// [`to_columns`] orders them for the AVX2 kernel.
#[inline]
pub fn affine_clip(
    input: &[u8],
    rows: &[i8],
    cols: &[i8],
    b: &[i32; 32],
    out: &mut [u8; 32],
    use_avx2: bool,
) {
    let n = input.len();
    debug_assert_eq!(rows.len(), n * 32);
    #[cfg(target_arch = "x86_64")]
    if use_avx2 && n.is_multiple_of(32) && cols.len() == n * 32 {
        // SAFETY: as above; the lengths were checked.
        unsafe { avx2::affine_clip(input, cols, b, out) };
        return;
    }
    let _ = cols;
    for ((o, row), &bias) in out.iter_mut().zip(rows.chunks_exact(n)).zip(b) {
        let dot: i32 = row
            .iter()
            .zip(input)
            .map(|(&w, &x)| i32::from(w) * i32::from(x))
            .sum();
        *o = ((bias + dot) >> WEIGHT_SCALE_BITS).clamp(0, 127) as u8;
    }
}

/// Reorders row-major weights (32 outputs of `n` inputs) into blocks of
/// four inputs: block `c` holds, for each output in turn, its weights for
/// inputs `4c..4c+4`. One broadcast group of four inputs then meets one
/// 128-byte block, and every output's sum stays in its own i32 lane.
pub fn to_columns(rows: &[i8], n: usize) -> Vec<i8> {
    let mut cols = vec![0i8; rows.len()];
    for c in 0..n / 4 {
        for i in 0..32 {
            for t in 0..4 {
                cols[c * 128 + i * 4 + t] = rows[i * n + 4 * c + t];
            }
        }
    }
    cols
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::super::{Network, HALF, WEIGHT_SCALE_BITS};
    use std::arch::x86_64::*;

    /// 16 lanes of i16 per register.
    const REGS: usize = HALF / 16;

    /// `to = from + added - removed`, the half held in 16 registers
    /// throughout.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update(
        net: &Network,
        from: &[i16; HALF],
        to: &mut [i16; HALF],
        removed: &[usize],
        added: &[usize],
    ) {
        let src = from.as_ptr() as *const __m256i;
        let p = to.as_mut_ptr() as *mut __m256i;
        let mut r = [_mm256_setzero_si256(); REGS];
        for (i, reg) in r.iter_mut().enumerate() {
            *reg = _mm256_loadu_si256(src.add(i));
        }
        for &f in removed {
            let w = net.row(f).as_ptr() as *const __m256i;
            for (i, reg) in r.iter_mut().enumerate() {
                *reg = _mm256_sub_epi16(*reg, _mm256_loadu_si256(w.add(i)));
            }
        }
        for &f in added {
            let w = net.row(f).as_ptr() as *const __m256i;
            for (i, reg) in r.iter_mut().enumerate() {
                *reg = _mm256_add_epi16(*reg, _mm256_loadu_si256(w.add(i)));
            }
        }
        for (i, reg) in r.iter().enumerate() {
            _mm256_storeu_si256(p.add(i), *reg);
        }
    }

    /// Saturating packs give -128..127; the max with 0 then gives 0..127.
    /// The packs work per 128-bit lane, so the permute restores the order.
    #[target_feature(enable = "avx2")]
    pub unsafe fn clip_half(acc: &[i16; HALF], out: &mut [u8]) {
        let a = acc.as_ptr() as *const __m256i;
        let o = out.as_mut_ptr() as *mut __m256i;
        let zero = _mm256_setzero_si256();
        for i in 0..HALF / 32 {
            let lo = _mm256_loadu_si256(a.add(2 * i));
            let hi = _mm256_loadu_si256(a.add(2 * i + 1));
            let packed = _mm256_packs_epi16(lo, hi);
            let ordered = _mm256_permute4x64_epi64(packed, 0b11_01_10_00);
            _mm256_storeu_si256(o.add(i), _mm256_max_epi8(ordered, zero));
        }
    }

    /// Groups of four inputs that are all zero (most, after the clipped
    /// ReLU) are skipped; the others are broadcast against their column
    /// block. `maddubs` multiplies the u8 inputs by the i8 weights and adds
    /// pairs into i16, which cannot saturate as inputs are at most 127
    /// (2 * 127 * 128 < 32768); `madd` with ones then adds the pairs into
    /// the output's i32 lane.
    #[target_feature(enable = "avx2")]
    pub unsafe fn affine_clip(input: &[u8], cols: &[i8], b: &[i32; 32], out: &mut [u8; 32]) {
        let x = input.as_ptr();
        let ones = _mm256_set1_epi16(1);
        let zero = _mm256_setzero_si256();
        let mut acc = [zero; 4];
        for block in 0..input.len() / 32 {
            let v = _mm256_loadu_si256(x.add(32 * block) as *const __m256i);
            let zeros = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, zero)));
            let mut live = !zeros as u32 & 0xFF;
            while live != 0 {
                let c = 8 * block + live.trailing_zeros() as usize;
                live &= live - 1;
                let group = (x.add(4 * c) as *const i32).read_unaligned();
                let xv = _mm256_set1_epi32(group);
                let w = cols.as_ptr().add(128 * c) as *const __m256i;
                for (k, a) in acc.iter_mut().enumerate() {
                    let prod = _mm256_maddubs_epi16(xv, _mm256_loadu_si256(w.add(k)));
                    *a = _mm256_add_epi32(*a, _mm256_madd_epi16(prod, ones));
                }
            }
        }
        let mut sums = [0i32; 32];
        for (k, a) in acc.iter().enumerate() {
            _mm256_storeu_si256(sums.as_mut_ptr().add(8 * k) as *mut __m256i, *a);
        }
        for ((o, s), bias) in out.iter_mut().zip(sums).zip(b) {
            *o = ((bias + s) >> WEIGHT_SCALE_BITS).clamp(0, 127) as u8;
        }
    }
}
