//! The `sudoku-sat` command: solves Sudoku with a SAT solver.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Status};

/// Runs the command and maps its result to the exit code, in one place:
/// 0 all solved and unique, 1 a puzzle with no or several solutions,
/// 2 a usage, I/O, parse or solver error, 130 and 143 a batch stopped by
/// SIGINT or SIGTERM. A closed stdout (broken pipe) ends the run quietly
/// with 0.
fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli::run(cli) {
        Ok(status) => status,
        Err(error) if is_broken_pipe(&error) => Status::Success,
        Err(error) => {
            let _ = io::stdout().flush();
            cli::say::error(format_args!("{error:#}"));
            Status::Error
        }
    };
    ExitCode::from(status as u8)
}

/// Returns whether the error comes from writing to a closed pipe.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
