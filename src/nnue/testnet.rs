//! Seeded random nets in the exact file format, for tests and speed
//! measurements (the speed does not depend on the weights). The same seed
//! always gives the same bytes, so tests make their nets instead of
//! shipping 64 MB files. Weights are drawn in ranges like a trained net's,
//! wide enough that the clipped layers see varied inputs.

use std::io::Write;
use std::path::Path;

use super::load::{HASH, VERSION};
use super::{H1, H2, HALF, INPUTS, L1_IN};

/// YaneuraOu's description of the shape (informative text in the header).
pub const ARCH: &str = "Features=HalfKP(Friend)[125388->256x2],Network=AffineTransform[1<-32](ClippedReLU[32](AffineTransform[32<-32](ClippedReLU[32](AffineTransform[32<-512](InputSlice[512(0:512)])))))";

/// SplitMix64: small, fast and fully specified, so fixtures recorded from
/// its nets stay valid.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` (the tiny modulo bias does not matter here).
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// The bytes of the test net for `seed` (64 MB).
pub fn bytes(seed: u64) -> Vec<u8> {
    let mut rng = SplitMix(seed ^ 0x6865_6E6B_6569_6E6E); // "henkeinn"
    let mut out = Vec::with_capacity(super::load::file_size(ARCH.len()) as usize);
    let u32s = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_le_bytes());
    u32s(&mut out, VERSION);
    u32s(&mut out, HASH);
    u32s(&mut out, ARCH.len() as u32);
    out.extend_from_slice(ARCH.as_bytes());
    u32s(&mut out, 0x5D69_D7B8);
    for _ in 0..HALF {
        out.extend_from_slice(&(rng.range(0, 64) as i16).to_le_bytes());
    }
    // Eight weights per draw: each byte gives one weight in -20..=20.
    for _ in 0..HALF * INPUTS / 8 {
        let word = rng.next();
        for b in word.to_le_bytes() {
            let w = i16::from(b % 41) - 20;
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    u32s(&mut out, 0x6333_7156);
    let mut layer = |out: &mut Vec<u8>, rows: usize, cols: usize, b: (i64, i64), w: i64| {
        for _ in 0..rows {
            out.extend_from_slice(&(rng.range(b.0, b.1) as i32).to_le_bytes());
        }
        for _ in 0..rows * cols {
            out.push(rng.range(-w, w) as i8 as u8);
        }
    };
    layer(&mut out, H1, L1_IN, (-1024, 1024), 4);
    layer(&mut out, H2, H1, (-512, 2048), 16);
    layer(&mut out, 1, H2, (-400, 400), 60);
    out
}

/// Writes the test net for `seed` to `path` (a file; `dir/nn.bin` if
/// `path` is a folder).
pub fn write(path: &Path, seed: u64) -> std::io::Result<std::path::PathBuf> {
    let file = if path.is_dir() {
        path.join("nn.bin")
    } else {
        path.to_path_buf()
    };
    let mut f = std::fs::File::create(&file)?;
    f.write_all(&bytes(seed))?;
    Ok(file)
}
