//! How many solving threads a run uses, from what was asked and the cores.

/// The most jobs per core a run uses.
pub const JOBS_PER_CORE: usize = 4;

/// The most jobs a run uses on any machine.
pub const MAX_JOBS: usize = 256;

/// The jobs a run uses, and whether the request was cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jobs {
    /// As many as were asked, or one per core when none were.
    Run(usize),
    /// More were asked than the machine can use: `cap`, at most
    /// [`JOBS_PER_CORE`] per core of `cores` and [`MAX_JOBS`] in all.
    Cut {
        /// The jobs run.
        cap: usize,
        /// The cores counted.
        cores: usize,
    },
}

impl Jobs {
    /// Returns the jobs for a request of `asked` (at least 1; `None` for
    /// one per core). Solvers are CPU-bound, so more threads than that only
    /// contend for the same cores while each holds its own solver in
    /// memory.
    pub fn for_request(asked: Option<usize>) -> Jobs {
        // Counting the cores reads the affinity mask and the cgroup's CPU
        // quota from /proc and /sys: a few system calls that a short run
        // such as `euler -j1` notices, and no count up to one core's share
        // needs.
        if let Some(jobs) = asked.filter(|&jobs| jobs <= JOBS_PER_CORE) {
            return Jobs::Run(jobs.max(1));
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let cap = cores.saturating_mul(JOBS_PER_CORE).min(MAX_JOBS);
        match asked {
            None => Jobs::Run(cores),
            Some(jobs) if jobs > cap => Jobs::Cut { cap, cores },
            Some(jobs) => Jobs::Run(jobs),
        }
    }

    /// Returns the number of jobs.
    pub fn count(self) -> usize {
        match self {
            Jobs::Run(jobs) => jobs,
            Jobs::Cut { cap, .. } => cap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_kept_up_to_four_per_core_and_cut_above() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let cap = (cores * JOBS_PER_CORE).min(MAX_JOBS);
        // Up to four jobs run as asked, whatever the machine.
        for asked in 1..=JOBS_PER_CORE {
            assert_eq!(Jobs::for_request(Some(asked)), Jobs::Run(asked));
        }
        assert_eq!(Jobs::for_request(Some(0)).count(), 1);
        assert_eq!(Jobs::for_request(None), Jobs::Run(cores));
        assert_eq!(Jobs::for_request(Some(cap)).count(), cap);
        for asked in [cap + 1, 100_000, usize::MAX] {
            assert_eq!(Jobs::for_request(Some(asked)), Jobs::Cut { cap, cores });
        }
        assert!(Jobs::for_request(Some(usize::MAX)).count() <= MAX_JOBS);
    }
}
