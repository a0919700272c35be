//! Shell completion scripts and man pages, made from the clap definition.
//!
//! Both are rendered from the same `Cli` that parses the arguments and
//! prints `--help`, so they list exactly the subcommands and options the
//! program takes. Each is rendered in memory and then written: the
//! generators treat a failed write as a bug and panic, while a closed
//! stdout here ends the run quietly, like everywhere else.

use std::io::{self, Write};

use anyhow::Context;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, Status};

/// The name the completion scripts complete: the installed binary's.
const BIN: &str = "sudoku-sat";

/// Print a shell completion script on stdout, for bash, zsh, fish,
/// elvish or powershell.
///
/// Install it where the shell looks, for example:
/// bash: `sudoku-sat completions bash >
/// ~/.local/share/bash-completion/completions/sudoku-sat`;
/// zsh: `sudoku-sat completions zsh > ~/.zfunc/_sudoku-sat`, with
/// `~/.zfunc` on `fpath` before `compinit`;
/// fish: `sudoku-sat completions fish >
/// ~/.config/fish/completions/sudoku-sat.fish`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Print the man page, in roff, on stdout.
///
/// `sudoku-sat man | man -l -` shows it at once; `sudoku-sat man >
/// ~/.local/share/man/man1/sudoku-sat.1` installs it for `man
/// sudoku-sat`. `sudoku-sat man SUBCOMMAND` prints the page of one
/// subcommand, with all its options (`sudoku-sat-solve.1`, and so on).
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print, as `solve`; without it, the
    /// page of `sudoku-sat` itself, which lists them all.
    #[arg(value_parser = parse_subcommand)]
    subcommand: Option<String>,
}

/// Returns the tool's command definition as the man pages show it: with
/// every subcommand's full name (`sudoku-sat-solve`) filled in, and
/// without clap's `help` subcommand, which has no page of its own.
fn command() -> clap::Command {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    command
}

/// Accepts the name of a subcommand that has a man page.
fn parse_subcommand(name: &str) -> Result<String, String> {
    let command = command();
    if command.find_subcommand(name).is_some() {
        return Ok(name.to_string());
    }
    let names: Vec<&str> = command.get_subcommands().map(|s| s.get_name()).collect();
    Err(format!("no such subcommand; one of: {}", names.join(", ")))
}

/// Runs `completions`: the completion script for a shell, on stdout.
pub fn completions(args: CompletionsArgs) -> anyhow::Result<Status> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), BIN, &mut script);
    if args.shell == Shell::Bash {
        script = fix_bash_states(&script);
    }
    print(&script)
}

/// Makes the bash script's states agree, so that a subcommand's options
/// complete: for a name with a hyphen, clap_complete's loop names the
/// state of `sudoku-sat solve` `sudoku__sat__subcmd__solve`, but its case
/// arms `sudoku__subcmd__sat__subcmd__solve`, which never match
/// (clap-rs/clap#6421). The arms are renamed after the loop; once a
/// release fixes it, there is nothing left to rename.
fn fix_bash_states(script: &[u8]) -> Vec<u8> {
    let loop_name = BIN.replace('-', "__");
    let arm_name = BIN.replace('-', "__subcmd__");
    String::from_utf8_lossy(script)
        .replace(
            &format!("{arm_name}__subcmd__"),
            &format!("{loop_name}__subcmd__"),
        )
        .into_bytes()
}

/// Runs `man`: a man page in roff, on stdout.
pub fn man(args: ManArgs) -> anyhow::Result<Status> {
    let command = command();
    let page = match &args.subcommand {
        Some(name) => command
            .find_subcommand(name)
            .cloned()
            .with_context(|| format!("no subcommand {name}"))?,
        None => command,
    };
    let mut roff = Vec::new();
    // Every page names the tool's version: a subcommand has none of its
    // own, so by default its page would name only the subcommand.
    clap_mangen::Man::new(page)
        .source(format!("{BIN} {}", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)
        .context("cannot render the man page")?;
    let roff = String::from_utf8(roff).context("the man page is not UTF-8")?;
    print(ascii_roff(&roff).as_bytes())
}

/// Writes every character outside ASCII as a roff escape, `µ` as
/// `\[u00B5]`: groff reads its input as Latin-1 unless run through
/// preconv (as `man` does), and the help text has `×`, `²` and `µ`.
fn ascii_roff(roff: &str) -> String {
    let mut ascii = String::with_capacity(roff.len());
    for ch in roff.chars() {
        if ch.is_ascii() {
            ascii.push(ch);
        } else {
            ascii.push_str(&format!("\\[u{:04X}]", u32::from(ch)));
        }
    }
    ascii
}

/// Writes the whole of `bytes` to stdout.
fn print(bytes: &[u8]) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .context("cannot write to stdout")?;
    Ok(Status::Success)
}
