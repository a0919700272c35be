//! `catalogue`: the rules language's catalogue, as shipped, to read and to
//! copy from.

use std::io::{self, Write};

use anyhow::Context;
use clap::Args;

use sudoku_sat::lang::{CATALOGUE, Library};

use super::Status;

/// Print the catalogue of rule families written in the rules language,
/// or one definition.
///
/// The catalogue holds the definitions the rarer f-puzzles keys are read
/// through, and every other family's definition. Each definition can be called from a rules file's `[[rule]]`, as
/// `holds = "thermometer([r1c1, r1c2, r1c3])"`; docs/rules-language.md
/// has the grammar.
#[derive(Debug, Args)]
pub struct CatalogueArgs {
    /// A definition to print with its comment, as `thermometer`; without
    /// it, the whole catalogue.
    name: Option<String>,
}

/// Runs `catalogue`.
pub fn catalogue(args: CatalogueArgs) -> anyhow::Result<Status> {
    let text = match &args.name {
        None => CATALOGUE.to_string(),
        Some(name) => match definition(name) {
            Some(text) => text,
            None => {
                let mut names: Vec<&str> = Library::catalogue().names().collect();
                names.sort_unstable();
                super::say::error(format_args!(
                    "the catalogue has no definition '{name}'; it has {}",
                    names.join(", ")
                ));
                return Ok(Status::Error);
            }
        },
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("cannot write to stdout")?;
    Ok(Status::Success)
}

/// The text of one definition in the catalogue: its comment lines and the
/// definition, up to the blank line that ends it.
fn definition(name: &str) -> Option<String> {
    let paragraphs = CATALOGUE.split("\n\n");
    paragraphs
        .map(str::trim)
        .find(|p| {
            p.lines()
                .find(|l| !l.starts_with('#'))
                .and_then(|l| l.strip_prefix("def "))
                .is_some_and(|rest| {
                    rest.strip_prefix(name)
                        .is_some_and(|after| after.starts_with(['(', ' ', '=']))
                })
        })
        .map(|p| format!("{p}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_definition_is_found_with_its_comment() {
        for name in Library::catalogue().names() {
            let text = definition(name).unwrap_or_else(|| panic!("{name}"));
            assert!(text.starts_with('#'), "{name}: {text}");
            assert!(text.contains(&format!("def {name}")), "{name}: {text}");
        }
        assert_eq!(definition("thermo"), None);
    }
}
