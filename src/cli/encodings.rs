//! `encodings`: every encoding choice the commands take, described once,
//! from the same doc comments the options are built from.

use std::io::{self, Write};

use anyhow::Context;
use clap::{Args, ValueEnum};

use sudoku_sat::encode::{AmoKind, RuleSet, SumKind, ValueKind};

use super::Status;

/// Describe every encoding the commands can use: the rule families, the
/// at-most-one, sum and value encodings.
///
/// They are the values of --encoding, --amo, --sum-encoding and
/// --value-encoding. Every command that encodes takes the same four options; their help
/// lists only the names, and this page says what each one is, with its
/// paper. docs/teach/ measures them side by side.
#[derive(Debug, Args)]
pub struct EncodingsArgs {
    /// Only this option: encoding, amo, sum-encoding (or sum) or
    /// value-encoding (or value).
    option: Option<String>,
}

/// Runs `encodings`.
pub fn encodings(args: EncodingsArgs) -> anyhow::Result<Status> {
    let sections = [
        (
            "encoding",
            "the rule families of the CNF",
            describe::<RuleSet>(),
        ),
        ("amo", "the at-most-one encoding", describe::<AmoKind>()),
        (
            "sum-encoding",
            "the sum encoding of variant sums",
            describe::<SumKind>(),
        ),
        (
            "value-encoding",
            "how a cell's value becomes variables",
            describe::<ValueKind>(),
        ),
    ];
    let wanted = args.option.as_deref().map(|o| o.trim_start_matches('-'));
    let wanted = match wanted {
        Some("sum") => Some("sum-encoding"),
        Some("value") => Some("value-encoding"),
        other => other,
    };
    if let Some(name) = wanted
        && !sections.iter().any(|(option, _, _)| *option == name)
    {
        super::say::error(format_args!(
            "no encoding option '{name}'; the options are encoding, amo, sum-encoding and value-encoding"
        ));
        return Ok(Status::Error);
    }
    let mut out = String::new();
    for (option, what, values) in sections {
        if wanted.is_some_and(|w| w != option) {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!("--{option}: {what}\n"));
        out.push_str(&values);
    }
    io::stdout()
        .lock()
        .write_all(out.as_bytes())
        .context("cannot write to standard output")?;
    Ok(Status::Success)
}

/// Returns one line a value, `  name  description`, the default marked.
fn describe<E: ValueEnum + Default + PartialEq>() -> String {
    let default = E::default();
    let values: Vec<(String, String, bool)> = E::value_variants()
        .iter()
        .filter_map(|v| {
            let p = v.to_possible_value()?;
            let help = p.get_help().map(ToString::to_string).unwrap_or_default();
            Some((p.get_name().to_string(), help, *v == default))
        })
        .collect();
    let width = values.iter().map(|(n, _, _)| n.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (name, help, is_default) in values {
        let mark = if is_default { " (default)" } else { "" };
        out.push_str(&format!("  {name:<width$}  {help}{mark}\n"));
    }
    out
}
