//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`s: the packed data and `key ^ data`. A reader
//! accepts an entry only if `stored ^ data == key`, so an entry torn by a
//! concurrent writer (one word old, one new) or belonging to another position
//! is rejected rather than misread (Hyatt's lockless hashing). A hash move is
//! still only a hint: the search checks it with `Position::is_legal` before
//! playing it, so even a full 64-bit key collision cannot produce an illegal
//! move.
//!
//! Four entries share a 64-byte bucket (one cache line). Replacement prefers
//! the same position, then the entry that is shallowest and oldest.

use crate::chess::Move;
use std::alloc::{alloc, dealloc, Layout};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Bound {
    None = 0,
    /// Score is at most this (fail low).
    Upper = 1,
    /// Score is at least this (fail high).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    fn from_bits(b: u64) -> Bound {
        match b & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

/// What a probe returns.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    pub pv: bool,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(C, align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; 4],
}

const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// Asks Linux to back the range with transparent huge pages (a hint: where
/// they are disabled, or on other systems, nothing changes).
fn advise_huge_pages(ptr: *mut u8, size: usize) {
    #[cfg(target_os = "linux")]
    if size >= HUGE_PAGE {
        // SAFETY: the range is one live allocation; MADV_HUGEPAGE changes no
        // contents and its failure is harmless.
        unsafe { libc::madvise(ptr as *mut libc::c_void, size, libc::MADV_HUGEPAGE) };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, size);
}

const AGE_BITS: u32 = 5;
const AGE_MASK: u8 = (1 << AGE_BITS) - 1;

fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, pv: bool, age: u8) -> u64 {
    mv.raw() as u64
        | ((score as i16 as u16) as u64) << 16
        | ((eval as i16 as u16) as u64) << 32
        | ((depth.clamp(-128, 127) as i8 as u8) as u64) << 48
        | (bound as u64) << 56
        | (pv as u64) << 58
        | ((age & AGE_MASK) as u64) << 59
}

fn unpack(data: u64) -> TtEntry {
    TtEntry {
        mv: Move::from_raw(data as u16),
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: (data >> 48) as u8 as i8 as i32,
        bound: Bound::from_bits(data >> 56),
        pv: (data >> 58) & 1 != 0,
    }
}

fn age_of(data: u64) -> u8 {
    (data >> 59) as u8 & AGE_MASK
}

pub struct TranspositionTable {
    buckets: *mut Bucket,
    len: usize,
    age: AtomicU8,
}

// SAFETY: the table owns its allocation (freed once, in `drop`), the pointer
// never changes after construction, and every access to the bucket memory
// after construction goes through atomics.
unsafe impl Send for TranspositionTable {}
// SAFETY: as above: shared access only reads the pointer and goes through
// atomic loads and stores, so concurrent probes, stores and clears are sound.
unsafe impl Sync for TranspositionTable {}

impl TranspositionTable {
    pub const MIN_MB: usize = 1;
    pub const MAX_MB: usize = 1 << 20;

    /// A table of `mb` megabytes, or an error if the memory is not available.
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        let (buckets, len) = Self::allocate(mb)?;
        Ok(TranspositionTable { buckets, len, age: AtomicU8::new(0) })
    }

    fn allocate(mb: usize) -> Result<(*mut Bucket, usize), String> {
        let mb = mb.clamp(Self::MIN_MB, Self::MAX_MB);
        let len = mb * 1024 * 1024 / std::mem::size_of::<Bucket>();
        let layout = Self::layout(len).map_err(|e| format!("cannot allocate {mb} MB: {e}"))?;
        // SAFETY: the layout has a non-zero size (at least one megabyte).
        let ptr = unsafe { alloc(layout) } as *mut Bucket;
        if ptr.is_null() {
            return Err(format!("cannot allocate {mb} MB for the hash table"));
        }
        // Advise before the first touch: the pages are then faulted in as
        // 2 MB pages, so a probe costs one TLB entry per 2 MB instead of per
        // 4 KB. Every probe of a table larger than the caches misses the TLB
        // otherwise, and the page walk adds to the cache miss.
        advise_huge_pages(ptr as *mut u8, layout.size());
        // SAFETY: the allocation holds `len` buckets and nothing else refers
        // to it yet; all-zero atomics are a valid empty table.
        unsafe { std::ptr::write_bytes(ptr, 0, len) };
        Ok((ptr, len))
    }

    /// Tables of 2 MB or more start on a 2 MB boundary, so that huge pages
    /// can back all of them.
    fn layout(len: usize) -> Result<Layout, std::alloc::LayoutError> {
        let size = len * std::mem::size_of::<Bucket>();
        let align = if size >= HUGE_PAGE { HUGE_PAGE } else { std::mem::align_of::<Bucket>() };
        Layout::from_size_align(size, align)
    }

    pub fn size_mb(&self) -> usize {
        self.len * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    fn bucket_slice(&self) -> &[Bucket] {
        // SAFETY: `buckets` points to `len` initialised (zeroed) buckets.
        unsafe { std::slice::from_raw_parts(self.buckets, self.len) }
    }

    /// Empties the table, splitting the work over `threads` threads. The
    /// stores are atomic, so a probe that runs meanwhile (which the pool
    /// never lets happen) would see old or empty entries, never torn memory.
    pub fn clear(&self, threads: usize) {
        let buckets = self.bucket_slice();
        let chunk = buckets.len().div_ceil(threads.max(1)).max(1);
        std::thread::scope(|s| {
            for part in buckets.chunks(chunk) {
                s.spawn(move || {
                    for slot in part.iter().flat_map(|b| &b.slots) {
                        slot.data.store(0, Ordering::Relaxed);
                        slot.check.store(0, Ordering::Relaxed);
                    }
                });
            }
        });
        self.age.store(0, Ordering::Relaxed);
    }

    /// Called once per search so that old entries become preferred victims.
    pub fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store((a + 1) & AGE_MASK, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key uniformly onto any table length.
        let idx = ((key as u128 * self.len as u128) >> 64) as usize;
        // SAFETY: `idx < len` (the product's high word is below `len`), and
        // the buckets live as long as `self`.
        unsafe { &*self.buckets.add(idx) }
    }

    /// Hints the CPU to fetch the bucket for `key` (called right after a move
    /// is made, before the child's probe).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE is part of x86_64, and a prefetch of a valid address
        // (the bucket exists) reads nothing into the program.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch(self.bucket(key) as *const Bucket as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let b = self.bucket(key);
        for slot in &b.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                return Some(unpack(data));
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, pv: bool) {
        let b = self.bucket(key);
        let age = self.age.load(Ordering::Relaxed);
        let mut victim = &b.slots[0];
        let mut victim_value = i32::MAX;
        for slot in &b.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = slot;
                if data != 0 && check ^ data == key {
                    let old = unpack(data);
                    // Keep a deeper exact result of the same position from the
                    // same search unless this one is exact or a new bound.
                    if bound != Bound::Exact && old.depth > depth + 4 && age_of(data) == age {
                        return;
                    }
                    let keep_move = if mv.is_none() { old.mv } else { mv };
                    let new = pack(keep_move, score, eval, depth, bound, pv, age);
                    slot.data.store(new, Ordering::Relaxed);
                    slot.check.store(key ^ new, Ordering::Relaxed);
                    return;
                }
                break;
            }
            // Older generations lose 8 plies of depth per search of age.
            let age_diff = (age.wrapping_sub(age_of(data)) & AGE_MASK) as i32;
            let value = unpack(data).depth - 8 * age_diff;
            if value < victim_value {
                victim_value = value;
                victim = slot;
            }
        }
        let new = pack(mv, score, eval, depth, bound, pv, age);
        victim.data.store(new, Ordering::Relaxed);
        victim.check.store(key ^ new, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.len.min(250);
        let mut used = 0;
        for b in &self.bucket_slice()[..sample] {
            for slot in &b.slots {
                let data = slot.data.load(Ordering::Relaxed);
                if data != 0 && age_of(data) == age {
                    used += 1;
                }
            }
        }
        if sample == 0 {
            0
        } else {
            (used * 1000 / (sample * 4)) as u32
        }
    }
}

impl Drop for TranspositionTable {
    fn drop(&mut self) {
        let layout = Self::layout(self.len).expect("layout was valid at allocation");
        // SAFETY: `buckets` came from `alloc` with this layout and is freed
        // only here.
        unsafe { dealloc(self.buckets as *mut u8, layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{MoveKind, Square};

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1).unwrap();
        let m = Move::new(Square::E1, Square::G1, MoveKind::Quiet);
        tt.store(0xDEAD_BEEF_1234_5678, m, -321, 45, 7, Bound::Lower, true);
        let e = tt.probe(0xDEAD_BEEF_1234_5678).unwrap();
        assert_eq!(e.mv, m);
        assert_eq!(e.score, -321);
        assert_eq!(e.eval, 45);
        assert_eq!(e.depth, 7);
        assert_eq!(e.bound, Bound::Lower);
        assert!(e.pv);
        assert!(tt.probe(0xDEAD_BEEF_1234_5679).is_none());
    }

    #[test]
    fn negative_depth_and_extreme_scores_survive_packing() {
        let tt = TranspositionTable::new(1).unwrap();
        tt.store(42, Move::NONE, -31_999, 31_999, -1, Bound::Exact, false);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.score, e.eval, e.depth, e.bound), (-31_999, 31_999, -1, Bound::Exact));
    }

    #[test]
    fn torn_entry_is_rejected() {
        let tt = TranspositionTable::new(1).unwrap();
        let key = 0x0123_4567_89AB_CDEFu64;
        tt.store(key, Move::NONE, 10, 10, 3, Bound::Exact, false);
        // Simulate a concurrent writer replacing only the data word.
        let b = tt.bucket(key);
        let slot = b.slots.iter().find(|s| s.data.load(Ordering::Relaxed) != 0).unwrap();
        slot.data.store(pack(Move::NONE, 99, 99, 9, Bound::Lower, false, 0), Ordering::Relaxed);
        assert!(tt.probe(key).is_none());
    }

    #[test]
    fn clear_empties_every_bucket() {
        let tt = TranspositionTable::new(2).unwrap();
        assert_eq!(tt.size_mb(), 2);
        let keys: Vec<u64> = (0..2000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        for &k in &keys {
            tt.store(k, Move::NONE, 1, 1, 1, Bound::Exact, false);
        }
        assert!(tt.hashfull() > 0);
        for threads in [1, 3] {
            tt.clear(threads);
            assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
            assert_eq!(tt.hashfull(), 0);
        }
    }
}
