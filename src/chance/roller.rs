//! A pair of six-sided dice for the games that roll them: the engine's own
//! dice (`go` without a `dice` clause), the match tool's and `henkei play`'s.

/// The engine's own dice (`go` without a `dice` clause). SplitMix64, so a
/// `DiceSeed` gives the same rolls on every platform and every version of
/// every dependency.
#[derive(Clone, Debug)]
pub struct DiceRoller {
    state: u64,
}

impl DiceRoller {
    /// `seed` 0 takes a seed from the clock (option `DiceSeed` 0).
    pub fn new(seed: u64) -> DiceRoller {
        let state = if seed == 0 {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0x5eed)
                | 1
        } else {
            seed
        };
        DiceRoller { state }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// One fair die, by rejection so that every face is exactly 1/6.
    fn die(&mut self) -> u8 {
        // The largest multiple of 6 that fits; values above it are redrawn.
        const LIMIT: u64 = u64::MAX - u64::MAX % 6;
        loop {
            let v = self.next_u64();
            if v < LIMIT {
                return (v % 6) as u8 + 1;
            }
        }
    }

    /// Two dice, in the order they fell.
    pub fn roll(&mut self) -> [u8; 2] {
        [self.die(), self.die()]
    }

    /// A number below `n` (for random players in self-play).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = n as u64;
        let limit = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < limit {
                return (v % n) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roller_is_reproducible_and_fair_enough() {
        let mut a = DiceRoller::new(7);
        let mut b = DiceRoller::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..6000 {
            let r = a.roll();
            assert_eq!(r, b.roll());
            counts[r[0] as usize - 1] += 1;
        }
        assert!(
            counts.iter().all(|&n| (850..1150).contains(&n)),
            "{counts:?}"
        );
    }
}
