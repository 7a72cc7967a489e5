//! Large tables on huge pages where the system gives them on request.
//!
//! A table of 64 MB or more is probed at random addresses, so on 4 KiB
//! pages nearly every probe misses the processor's address-translation
//! cache as well as its data cache, and the page walk stalls the search
//! (a profile put most of the search nodes' own time on the table's
//! prefetch). Linux backs a region with 2 MiB pages when the program asks
//! (`madvise(MADV_HUGEPAGE)`) on systems whose transparent huge pages are
//! set to `madvise`, as many are; with `always` it does so anyway, with
//! `never` not at all.

use std::collections::TryReserveError;

/// `len` values made by `fill`, on huge pages where the system gives them;
/// an allocation failure is returned rather than aborting the engine.
pub fn vec_with<T>(len: usize, fill: impl FnMut() -> T) -> Result<Vec<T>, TryReserveError> {
    let mut values: Vec<T> = Vec::new();
    values.try_reserve_exact(len)?;
    // Before the first write touches the pages.
    advise(values.as_mut_ptr().cast(), len * std::mem::size_of::<T>());
    values.resize_with(len, fill);
    Ok(values)
}

/// The 2 MiB-aligned part of the `len` bytes at address `start`, as
/// (first address, length); `None` when it holds no whole huge page.
pub fn aligned_part(start: usize, len: usize) -> Option<(usize, usize)> {
    const HUGE: usize = 2 << 20;
    let first = start.checked_next_multiple_of(HUGE)?;
    let end = start.checked_add(len)? / HUGE * HUGE;
    (end > first).then(|| (first, end - first))
}

/// Asks for huge pages under the `len` bytes at `start`, a live allocation
/// whose pages have not been written yet (pages already touched keep their
/// size). Only advice: where the kernel refuses, nothing changes.
#[cfg(target_os = "linux")]
pub fn advise(start: *mut u8, len: usize) {
    use std::ffi::{c_int, c_void};
    extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    const MADV_HUGEPAGE: c_int = 14;
    if let Some((first, len)) = aligned_part(start as usize, len) {
        let addr = start.wrapping_add(first - start as usize);
        // SAFETY: the range lies inside the caller's allocation; the advice
        // changes how its pages are backed, never their contents or
        // validity, and a failure is harmless.
        unsafe {
            madvise(addr.cast(), len, MADV_HUGEPAGE);
        }
    }
}

/// Elsewhere tables stay on the system's usual pages.
#[cfg(not(target_os = "linux"))]
pub fn advise(_start: *mut u8, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: usize = 1 << 20;

    #[test]
    fn the_aligned_part_is_the_whole_huge_pages_inside() {
        assert_eq!(aligned_part(2 * MIB, 4 * MIB), Some((2 * MIB, 4 * MIB)));
        assert_eq!(
            aligned_part(2 * MIB + 4096, 4 * MIB),
            Some((4 * MIB, 2 * MIB))
        );
        assert_eq!(aligned_part(4096, 64 * MIB), Some((2 * MIB, 62 * MIB)));
        assert_eq!(aligned_part(4096, 3 * MIB), None);
        assert_eq!(aligned_part(0, MIB), None);
        assert_eq!(aligned_part(usize::MAX - MIB, 4 * MIB), None);
    }

    #[test]
    fn advised_memory_reads_and_writes_as_before() {
        let mut buf = vec_with(MIB, || 0u64).expect("8 MiB");
        assert_eq!(buf.len(), MIB);
        assert!(buf.iter().all(|&w| w == 0));
        for (i, w) in buf.iter_mut().enumerate() {
            *w = i as u64;
        }
        assert!(buf.iter().enumerate().all(|(i, &w)| w == i as u64));
    }
}
