//! The bitboards' masks and tables: a band's rows, blocks and columns,
//! each cell's peers in its band, and the locked-candidate patterns.
//!
//! A band is three rows of the grid, bit 9·r + c for row r of the band and
//! column c; every table is built at compile time.

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The first row of a band: columns 0–8.
pub(super) const ROW: u32 = 0x1FF;

/// The first block of a band: columns 0–2 of its three rows.
pub(super) const BLOCK: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;

/// The first column of a band: column 0 of its three rows.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For each cell of a band, its row and block within the band, itself
/// included: the cells a digit placed there leaves in that band.
pub(super) const BAND_PEERS: [u32; 27] = {
    let mut peers = [0; 27];
    let mut at = 0;
    while at < 27 {
        peers[at] = ROW << (at / 9 * 9) | BLOCK << (at % 9 / 3 * 3);
        at += 1;
    }
    peers
};

/// For each 3×3 pattern of where a digit can go (bit 3i + j for entry
/// (i, j)), the entries locked candidates keep.
///
/// Read across a band, i is a row and j a block: a block whose places lie
/// in one row takes the digit from the rest of that row (pointing), and a
/// row whose places lie in one block takes it from the rest of that block
/// (claiming). Read down a stack, i is a band (a block) and j a column:
/// the same two rules with rows and columns exchanged. The rules are one
/// table because each is the other transposed: a line (row i) with one
/// entry clears the rest of that entry's column, and a column with one
/// entry clears the rest of that entry's row.
pub(super) const LOCKED: [u16; 512] = {
    let mut table = [0; 512];
    let mut m = 0u32;
    while m < 512 {
        let mut keep = m;
        let mut i = 0;
        while i < 3 {
            let line = (m >> (3 * i)) & 7;
            if line.is_power_of_two() {
                let column = 0b001_001_001 << line.trailing_zeros();
                keep &= !(column & !(7 << (3 * i)));
            }
            let column = (m >> i) & 0b001_001_001;
            if column.is_power_of_two() {
                let line = 7 << (column.trailing_zeros() / 3 * 3);
                keep &= !(line & !(0b001_001_001 << i));
            }
            i += 1;
        }
        table[m as usize] = keep as u16;
        m += 1;
    }
    table
};

/// For each 3×3 pattern of a band's segments (bit 3r + k for row r and
/// block k), the cells of those segments.
pub(super) const SEGMENTS: [u32; 512] = {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut entry = 0;
        while entry < 9 {
            if m >> entry & 1 == 1 {
                table[m] |= 7 << (entry / 3 * 9 + entry % 3 * 3);
            }
            entry += 1;
        }
        m += 1;
    }
    table
};

/// For each pattern of a band's segments, as for [`LOCKED`], the cells
/// of the segments locked candidates keep: `SEGMENTS[LOCKED[m]]` in one
/// load rather than two dependent ones.
pub(super) const KEPT_SEGMENTS: [u32; 512] = {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = SEGMENTS[LOCKED[m] as usize];
        m += 1;
    }
    table
};

/// The first cell of every triad of a band (three cells of a row in one
/// block): bits 0, 3, 6, …, 24.
pub(super) const TRIADS: u32 = 0x124_9249;

/// The first cell of each block in a band's first row: bits 0, 3 and 6.
pub(super) const FIRSTS: u32 = 0b001_001_001;
