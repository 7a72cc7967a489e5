//! Reading `nn.bin`: YaneuraOu's file layout, little-endian, no padding.
//!
//! `version | hash | arch length n | n bytes of text | FT hash | FT bias
//! i16[256] | FT weights i16[125388][256] | net hash | b1 i32[32] | w1
//! i8[32][512] | b2 i32[32] | w2 i8[32][32] | b3 i32 | w3 i8[32]`, then the
//! end of the file. A wrong version, a known other shape, a short or long
//! file is refused; an unknown hash with the right size only warns, as
//! YaneuraOu does.

use std::io::Read;
use std::path::Path;

use super::{simd, Network, H1, H2, HALF, INPUTS, L1_IN};

pub const VERSION: u32 = 0x7AF3_2F16;
/// The header hash of HalfKP 256x2-32-32 (feature transformer ^ network).
pub const HASH: u32 = 0x3E5A_A6EE;
const FT_HASH: u32 = 0x5D69_D7B8;
const NET_HASH: u32 = 0x6333_7156;
/// Header hashes of other YaneuraOu shapes, named in the refusal.
const OTHER_SHAPES: [(u32, &str); 2] = [
    (0x3E5A_A772, "HalfKP 512x2-16-32"),
    (0x3E5A_B7EC, "HalfKP 1024x2-8-32"),
];
/// The architecture text is informative only; anything this long is not a net.
const MAX_ARCH_LEN: u32 = 1 << 16;

/// Bytes after the architecture text.
const BODY_BYTES: u64 = 4
    + 2 * HALF as u64
    + 2 * (HALF * INPUTS) as u64
    + 4
    + (4 * H1 + H1 * L1_IN) as u64
    + (4 * H2 + H2 * H1) as u64
    + (4 + H2) as u64;

/// Why a file is not a usable net.
#[derive(Debug)]
pub struct LoadError(pub String);

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A net and the warnings its header earned.
#[derive(Debug)]
pub struct Loaded {
    pub net: Network,
    pub warnings: Vec<String>,
}

fn err<T>(message: impl Into<String>) -> Result<T, LoadError> {
    Err(LoadError(message.into()))
}

/// Loads `path` (a file).
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    let shown = path.display();
    let file =
        std::fs::File::open(path).map_err(|e| LoadError(format!("cannot open {shown}: {e}")))?;
    let len = file
        .metadata()
        .map_err(|e| LoadError(format!("cannot read {shown}: {e}")))?
        .len();
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    read_net(&mut reader, len).map_err(|e| LoadError(format!("{shown}: {e}")))
}

struct Reader<'a, R: Read> {
    inner: &'a mut R,
}

impl<R: Read> Reader<'_, R> {
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], LoadError> {
        let mut b = [0u8; N];
        self.inner
            .read_exact(&mut b)
            .map_err(|e| LoadError(format!("read failed: {e}")))?;
        Ok(b)
    }

    fn u32(&mut self) -> Result<u32, LoadError> {
        Ok(u32::from_le_bytes(self.bytes()?))
    }

    fn i32s(&mut self, out: &mut [i32]) -> Result<(), LoadError> {
        for v in out {
            *v = i32::from_le_bytes(self.bytes()?);
        }
        Ok(())
    }

    fn i8s(&mut self, out: &mut [i8]) -> Result<(), LoadError> {
        let mut buf = vec![0u8; out.len()];
        self.fill(&mut buf)?;
        for (o, b) in out.iter_mut().zip(buf) {
            *o = b as i8;
        }
        Ok(())
    }

    fn fill(&mut self, buf: &mut [u8]) -> Result<(), LoadError> {
        self.inner
            .read_exact(buf)
            .map_err(|e| LoadError(format!("read failed: {e}")))
    }

    /// i16s read in 1 MB pieces (the weights are 64 MB).
    fn i16s(&mut self, out: &mut [i16]) -> Result<(), LoadError> {
        let mut buf = vec![0u8; 1 << 20];
        for chunk in out.chunks_mut(buf.len() / 2) {
            let bytes = &mut buf[..2 * chunk.len()];
            self.fill(bytes)?;
            for (o, b) in chunk.iter_mut().zip(bytes.chunks_exact(2)) {
                *o = i16::from_le_bytes([b[0], b[1]]);
            }
        }
        Ok(())
    }
}

/// Reads a net of `len` bytes from `input`.
pub fn read_net(input: &mut impl Read, len: u64) -> Result<Loaded, LoadError> {
    let mut r = Reader { inner: input };
    let mut warnings = Vec::new();
    if len < 12 {
        return err(format!(
            "{len} bytes is too short for a YaneuraOu NNUE header"
        ));
    }
    let version = r.u32()?;
    if version != VERSION {
        return err(format!(
            "version {version:#010x} is not YaneuraOu NNUE's {VERSION:#010x}"
        ));
    }
    let hash = r.u32()?;
    if let Some((_, shape)) = OTHER_SHAPES.iter().find(|(h, _)| *h == hash) {
        return err(format!(
            "this is a {shape} net; henkei reads HalfKP 256x2-32-32 nets only"
        ));
    }
    let arch_len = r.u32()?;
    if arch_len > MAX_ARCH_LEN {
        return err(format!(
            "architecture text of {arch_len} bytes: not a HalfKP 256x2-32-32 net"
        ));
    }
    let expected = 12 + u64::from(arch_len) + BODY_BYTES;
    if len < expected {
        return err(format!(
            "truncated: {len} bytes, a HalfKP 256x2-32-32 net with this header has {expected}"
        ));
    }
    if len > expected {
        return err(format!(
            "{} bytes too long: a HalfKP 256x2-32-32 net with this header has {expected}, the file {len}",
            len - expected
        ));
    }
    if hash != HASH {
        warnings.push(format!(
            "header hash {hash:#010x} is not HalfKP 256x2-32-32's {HASH:#010x}; the size matches, so the net is used"
        ));
    }
    let mut arch = vec![0u8; arch_len as usize];
    r.fill(&mut arch)?;
    let ft_hash = r.u32()?;
    if ft_hash != FT_HASH {
        warnings.push(format!(
            "feature transformer hash {ft_hash:#010x} is not HalfKP's {FT_HASH:#010x}"
        ));
    }
    let mut ft_bias = [0i16; HALF];
    r.i16s(&mut ft_bias)?;
    // Rows are read at random (one per changed feature): huge pages keep
    // the 64 MB off the address-translation misses.
    let mut ft_weights = crate::huge_pages::vec_with(HALF * INPUTS, || 0i16)
        .or_else(|e| err(format!("cannot allocate the feature transformer: {e}")))?;
    r.i16s(&mut ft_weights)?;
    let net_hash = r.u32()?;
    if net_hash != NET_HASH {
        warnings.push(format!(
            "network hash {net_hash:#010x} is not 32-32's {NET_HASH:#010x}"
        ));
    }
    let mut b1 = [0i32; H1];
    r.i32s(&mut b1)?;
    let mut w1 = vec![0i8; H1 * L1_IN];
    r.i8s(&mut w1)?;
    let mut b2 = [0i32; H2];
    r.i32s(&mut b2)?;
    let mut w2 = vec![0i8; H2 * H1];
    r.i8s(&mut w2)?;
    let mut b3 = [0i32; 1];
    r.i32s(&mut b3)?;
    let mut w3 = [0i8; H2];
    r.i8s(&mut w3)?;
    let net = Network {
        ft_bias,
        ft_weights,
        b1,
        w1_cols: simd::to_columns(&w1, L1_IN),
        w1,
        b2,
        w2_cols: simd::to_columns(&w2, H1),
        w2,
        b3: b3[0],
        w3,
        avx2: simd::avx2_available(),
    };
    Ok(Loaded { net, warnings })
}

/// The size of a HalfKP 256x2-32-32 file whose architecture text has
/// `arch_len` bytes.
pub fn file_size(arch_len: usize) -> u64 {
    12 + arch_len as u64 + BODY_BYTES
}
