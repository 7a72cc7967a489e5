//! The kernels: a scalar form and an AVX2 form of each, which give the same
//! bits (integer sums; the i16 accumulator adds wrap in both). AVX2 is
//! chosen at run time: the shipped binary targets baseline x86-64.

use super::{Network, ACTIVE, HALF, WEIGHT_SCALE_BITS};

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

/// `out += rows of features` (wrapping).
#[inline]
pub fn add_rows(net: &Network, features: &[usize; ACTIVE], out: &mut [i16; HALF]) {
    #[cfg(target_arch = "x86_64")]
    if net.avx2 {
        // SAFETY: `avx2` is set only when the CPU has AVX2.
        unsafe { avx2::update(net, out, &[], features) };
        return;
    }
    scalar_update(net, out, &[], features);
}

/// `half += added rows - removed rows` (wrapping).
#[inline]
pub fn update(net: &Network, half: &mut [i16; HALF], removed: &[usize], added: &[usize]) {
    #[cfg(target_arch = "x86_64")]
    if net.avx2 {
        // SAFETY: as above.
        unsafe { avx2::update(net, half, removed, added) };
        return;
    }
    scalar_update(net, half, removed, added);
}

fn scalar_update(net: &Network, half: &mut [i16; HALF], removed: &[usize], added: &[usize]) {
    for &f in removed {
        for (a, w) in half.iter_mut().zip(net.row(f)) {
            *a = a.wrapping_sub(*w);
        }
    }
    for &f in added {
        for (a, w) in half.iter_mut().zip(net.row(f)) {
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

/// An affine layer then the clipped ReLU: `out[i] = clamp((b[i] + w[i]·x)
/// >> 6, 0, 127)`, `w` row-major with one row of `input.len()` per output.
#[inline]
pub fn affine_clip(input: &[u8], w: &[i8], b: &[i32], out: &mut [u8], use_avx2: bool) {
    let n = input.len();
    debug_assert_eq!(w.len(), n * out.len());
    #[cfg(target_arch = "x86_64")]
    if use_avx2 && n.is_multiple_of(32) && w.len() == n * out.len() && b.len() == out.len() {
        // SAFETY: as above; the lengths were checked.
        unsafe { avx2::affine_clip(input, w, b, out) };
        return;
    }
    for ((o, row), &bias) in out.iter_mut().zip(w.chunks_exact(n)).zip(b) {
        let dot: i32 = row
            .iter()
            .zip(input)
            .map(|(&w, &x)| i32::from(w) * i32::from(x))
            .sum();
        *o = ((bias + dot) >> WEIGHT_SCALE_BITS).clamp(0, 127) as u8;
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::super::{Network, HALF, WEIGHT_SCALE_BITS};
    use std::arch::x86_64::*;

    /// 16 lanes of i16 per register.
    const REGS: usize = HALF / 16;

    /// `half += added - removed`, the half held in 16 registers throughout.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update(
        net: &Network,
        half: &mut [i16; HALF],
        removed: &[usize],
        added: &[usize],
    ) {
        let p = half.as_mut_ptr() as *mut __m256i;
        let mut r = [_mm256_setzero_si256(); REGS];
        for (i, reg) in r.iter_mut().enumerate() {
            *reg = _mm256_loadu_si256(p.add(i));
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

    /// Sum of the eight i32 lanes.
    #[target_feature(enable = "avx2")]
    unsafe fn hsum(v: __m256i) -> i32 {
        let s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
        _mm_cvtsi128_si32(s)
    }

    /// `maddubs` multiplies the u8 inputs by the i8 weights and adds pairs
    /// into i16; with inputs at most 127 that cannot saturate
    /// (2 * 127 * 128 < 32768). `madd` with ones widens to i32.
    #[target_feature(enable = "avx2")]
    pub unsafe fn affine_clip(input: &[u8], w: &[i8], b: &[i32], out: &mut [u8]) {
        let n = input.len();
        let chunks = n / 32;
        let x = input.as_ptr() as *const __m256i;
        let ones = _mm256_set1_epi16(1);
        for (i, o) in out.iter_mut().enumerate() {
            let row = w.as_ptr().add(i * n) as *const __m256i;
            let mut sum = _mm256_setzero_si256();
            for j in 0..chunks {
                let prod = _mm256_maddubs_epi16(
                    _mm256_loadu_si256(x.add(j)),
                    _mm256_loadu_si256(row.add(j)),
                );
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(prod, ones));
            }
            *o = ((b[i] + hsum(sum)) >> WEIGHT_SCALE_BITS).clamp(0, 127) as u8;
        }
    }
}
