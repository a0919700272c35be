//! The command's memory allocator: mimalloc for small blocks, the
//! system's malloc for the rest.
//!
//! A puzzle that reaches the SAT solver gets a fresh varisat solver, and
//! each fresh solver makes about 1,300 blocks and frees them when the
//! puzzle is done (dhat, rated 11+ puzzles): a binary-clause list and a
//! watch list for every literal, grown one push at a time from 16 bytes.
//! glibc's malloc spent 7–8% of such a run allocating and freeing them;
//! mimalloc (D. Leijen, B. Zorn, L. de Moura, "Mimalloc: Free List
//! Sharding in Action", APLAS 2019) serves small blocks from per-thread
//! free lists for a fraction of that.
//!
//! Larger blocks stay with the system's malloc. mimalloc builds the free
//! list of a fresh page for a large size class by writing into several
//! blocks at once, so a short run that grows a few big vectors (`euler`:
//! the file, the grids, the output) touched more fresh memory than with
//! glibc and started slower. The split keeps most of the gain on the hard
//! puzzles and little of that cost (docs/performance.md, "Levers tried",
//! the allocator rows).
//!
//! Every block is freed by the allocator that made it: Rust passes
//! `dealloc` and `realloc` the layout the block was made with, and the
//! choice depends on its size alone.

use std::alloc::{GlobalAlloc, Layout, System};

use mimalloc::MiMalloc;

/// Blocks up to this size (bytes) come from mimalloc. varisat's lists
/// stay below it up to 32 entries.
const SMALL: usize = 256;

/// mimalloc for blocks up to [`SMALL`] bytes, the system's malloc above.
pub struct Split;

/// The binary's global allocator.
#[global_allocator]
static ALLOCATOR: Split = Split;

// SAFETY: each method hands the request to one of two allocators that
// uphold the `GlobalAlloc` contract, chosen by the block's size, which the
// caller passes unchanged to `dealloc` and `realloc`. A `realloc` that
// crosses `SMALL` moves the block to the other allocator: a new block,
// the bytes both sizes hold copied, the old block freed by its own
// allocator.
unsafe impl GlobalAlloc for Split {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        unsafe {
            if layout.size() <= SMALL {
                MiMalloc.alloc(layout)
            } else {
                System.alloc(layout)
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        unsafe {
            if layout.size() <= SMALL {
                MiMalloc.alloc_zeroed(layout)
            } else {
                System.alloc_zeroed(layout)
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `layout` is the one the block was made with, so its size
        // names the allocator that made it.
        unsafe {
            if layout.size() <= SMALL {
                MiMalloc.dealloc(ptr, layout)
            } else {
                System.dealloc(ptr, layout)
            }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as in `dealloc` for the old block; `new_size` with the
        // old alignment is a valid layout by `realloc`'s own contract.
        unsafe {
            match (layout.size() <= SMALL, new_size <= SMALL) {
                (true, true) => MiMalloc.realloc(ptr, layout, new_size),
                (false, false) => System.realloc(ptr, layout, new_size),
                _ => {
                    let moved = Layout::from_size_align_unchecked(new_size, layout.align());
                    let new = self.alloc(moved);
                    if !new.is_null() {
                        std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                    new
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks cross the threshold both ways through `realloc` with their
    /// bytes intact, and each is freed by the allocator that made it
    /// (a wrong one aborts the test binary).
    #[test]
    fn blocks_keep_their_bytes_across_the_threshold() {
        let mut bytes: Vec<u8> = Vec::new();
        for i in 0..4 * SMALL {
            bytes.push(i as u8);
        }
        bytes.truncate(SMALL / 2);
        bytes.shrink_to_fit();
        assert!(bytes.iter().enumerate().all(|(i, &b)| b == i as u8));
        // SAFETY: layouts of non-zero size; each block freed once, with
        // the layout it has.
        unsafe {
            let small = Layout::from_size_align(SMALL, 8).expect("layout");
            let ptr = Split.alloc_zeroed(small);
            assert!(!ptr.is_null());
            ptr.write_bytes(7, SMALL);
            let big = Split.realloc(ptr, small, 3 * SMALL);
            assert!(
                std::slice::from_raw_parts(big, SMALL)
                    .iter()
                    .all(|&b| b == 7)
            );
            let grown = Layout::from_size_align(3 * SMALL, 8).expect("layout");
            let back = Split.realloc(big, grown, 16);
            assert!(std::slice::from_raw_parts(back, 16).iter().all(|&b| b == 7));
            Split.dealloc(back, Layout::from_size_align(16, 8).expect("layout"));
        }
    }
}
