//! The `sudoku-sat` command: solves Sudoku with a SAT solver.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use cli::{Cli, Status};

/// Runs the command and maps its result to the exit code, in one place:
/// 0 all solved and unique, 1 a puzzle with no or several solutions,
/// 2 a usage, I/O, parse or solver error, 130, 143 and 129 a batch
/// stopped by SIGINT, SIGTERM or SIGHUP. A closed stdout (broken pipe) ends the run quietly
/// with 0.
fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage(&error),
    };
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

/// Prints the help, the version or a usage error clap made of the command
/// line, and returns its exit code (0 for help and version, 2 for an
/// error). Unlike clap's own `exit`, a failed write (help sent to a full
/// disk) is an error too; a closed pipe ends quietly, as elsewhere.
fn usage(error: &clap::Error) -> ExitCode {
    let shown = matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if !shown {
        // A usage error is one line, as every other error is.
        cli::say::error(one_line(&error.render().to_string()));
        return ExitCode::from(Status::Error as u8);
    }
    let printed = error.print().and_then(|()| io::stdout().flush());
    match printed {
        Ok(()) => ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2)),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let stream = match error.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => "stdout",
                _ => "stderr",
            };
            cli::say::error(format_args!("cannot write to {stream}: {e}"));
            ExitCode::from(Status::Error as u8)
        }
    }
}

/// Puts clap's rendering of a usage error on one line: the message, the
/// values it lists (the missing arguments), then its tips and the usage
/// line in brackets; the pointer to `--help` is left out, as the usage
/// says where to look.
fn one_line(rendered: &str) -> String {
    let mut message = String::new();
    let mut listed = Vec::new();
    let mut asides = Vec::new();
    for line in rendered.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(first) = line.strip_prefix("error: ") {
            message = first.to_string();
        } else if let Some(usage) = line.strip_prefix("Usage: ") {
            asides.push(format!("usage: {usage}"));
        } else if line.starts_with("tip: ") {
            asides.push(line.to_string());
        } else if !line.starts_with("For more information") {
            listed.push(line.to_string());
        }
    }
    if !listed.is_empty() {
        message = format!("{message} {}", listed.join(", "));
    }
    if !asides.is_empty() {
        message = format!("{message} ({})", asides.join("; "));
    }
    message
}

/// Returns whether the error comes from writing to a closed pipe.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
