//! `--shard I/N`: one of N disjoint slices of a batch, for job arrays.
//!
//! Puzzle k of a run (0-based, counted in input order, unreadable ones
//! included; for `generate`, the k-th puzzle of the seed) belongs to
//! shard `k mod N + 1`. Dealing puzzles out in turn, rather than in
//! contiguous blocks, needs no count of the input first, so a shard
//! reads a stream (stdin, a pipe) as it comes and prints each answer as
//! soon as it is found; it also spreads a file's hard stretch (a set
//! sorted by difficulty) over every shard. Every shard still reads and
//! parses the whole input, which costs little beside solving.

use clap::Args;

/// The I-th of N slices of a run (`--shard I/N`), I 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// I, from 1 to `count`.
    index: u64,
    /// N, at least 1.
    count: u64,
}

impl Shard {
    /// The one slice that is the whole run (`--shard 1/1`).
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Returns whether puzzle `k` (0-based, in run order) is this shard's.
    pub fn holds(self, k: u64) -> bool {
        k % self.count == self.index - 1
    }

    /// Returns how many of the first `total` puzzles are this shard's.
    pub fn share_of(self, total: u64) -> u64 {
        (total + self.count - self.index) / self.count
    }
}

/// Parses `I/N`: whole numbers with N at least 1 and I from 1 to N.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let whole = |part: &str| part.trim().parse::<u64>().ok();
    let Some((index, count)) = text
        .split_once('/')
        .and_then(|(i, n)| Some((whole(i)?, whole(n)?)))
    else {
        return Err("not I/N with whole numbers, as 2/8 (the second of 8 shards)".to_string());
    };
    if count == 0 {
        return Err("N, the number of shards, must be at least 1".to_string());
    }
    if !(1..=count).contains(&index) {
        return Err(format!("the shard number I counts from 1 to N = {count}"));
    }
    Ok(Shard { index, count })
}

/// `--shard` for commands that read puzzles.
#[derive(Debug, Args)]
pub struct ShardArgs {
    /// Take only the I-th of N slices of the input, for a job array: the
    /// puzzles numbered I, I+N, I+2N… (1-based, in input order, unreadable
    /// ones counted).
    ///
    /// The N runs' outputs together are the unsharded run's, puzzle for
    /// puzzle; labels (`line 12`, `Grid 07`) stay those of the whole
    /// input. Streamed input is read as it comes. docs/usage.md shows a
    /// Slurm job array and GNU parallel.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub(super) shard: Option<Shard>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_deal_puzzles_in_turn_and_cover_each_once() {
        for count in 1..=4 {
            let shards: Vec<Shard> = (1..=count)
                .map(|i| parse_shard(&format!("{i}/{count}")).unwrap())
                .collect();
            for k in 0..20 {
                let owners: Vec<u64> = (shards.iter())
                    .filter(|s| s.holds(k))
                    .map(|s| s.index)
                    .collect();
                assert_eq!(owners, [k % count + 1], "puzzle {k} of {count} shards");
            }
            for total in 0..10 {
                let held: u64 = shards.iter().map(|s| s.share_of(total)).sum();
                assert_eq!(held, total);
                for s in &shards {
                    let counted = (0..total).filter(|&k| s.holds(k)).count() as u64;
                    assert_eq!(s.share_of(total), counted);
                }
            }
        }
    }

    #[test]
    fn bad_shards_are_refused_with_the_reason() {
        for (text, reason) in [
            ("0/3", "counts from 1 to N = 3"),
            ("4/3", "counts from 1 to N = 3"),
            ("1/0", "must be at least 1"),
            ("x", "not I/N"),
            ("1/x", "not I/N"),
            ("-1/3", "not I/N"),
            ("1/2/3", "not I/N"),
        ] {
            let error = parse_shard(text).unwrap_err();
            assert!(error.contains(reason), "{text}: {error}");
            assert!(!error.contains('\n'));
        }
        assert_eq!(parse_shard("2/2"), Ok(Shard { index: 2, count: 2 }));
    }
}
