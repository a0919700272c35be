//! `decode`: an external solver's answer back into a grid.

use std::io::{self, Read};

use anyhow::{Context, bail};

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::dimacs::answer::{Answer, read_answer};
use sudoku_sat::solve::{SolveError, read_model};

use super::output::Printer;
use super::{DecodeArgs, Status};
use super::{files, say};

/// The largest solver output read; a 25×25 model is about 100 KB.
const MAX_ANSWER_BYTES: u64 = 64 << 20;

/// Runs `decode`: reads the puzzle and the solver's answer, validates the
/// model, and prints the solution.
pub fn decode(args: DecodeArgs) -> anyhow::Result<Status> {
    files::one_stdin(&[
        ("the puzzle", Some(&args.puzzle)),
        ("the solver's answer", Some(&args.model)),
    ])?;
    let input = args.input.open(Some(&args.puzzle))?;
    let name = input.name.clone();
    let Some(puzzle) = input.one_puzzle(args.input.options(), "decode")? else {
        return Ok(Status::Error);
    };

    let from_stdin = args.model.as_os_str() == "-";
    let model_name = if from_stdin {
        "<stdin>".to_string()
    } else {
        files::shown(&args.model)
    };
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if from_stdin {
        Box::new(io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(&args.model)
                .with_context(|| format!("{model_name}: cannot open"))?,
        )
    };
    reader
        .take(MAX_ANSWER_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("{model_name}: cannot read"))?;
    if bytes.len() as u64 > MAX_ANSWER_BYTES {
        bail!(
            "{model_name}: more than {} MiB, not a solver's answer to a puzzle (a 64x64 \
             model is about 2 MB); stopped reading",
            MAX_ANSWER_BYTES >> 20
        );
    }
    let text = String::from_utf8_lossy(&bytes);
    let answer = read_answer(&text).with_context(|| model_name.clone())?;
    let model = match answer {
        Answer::Unsat => {
            say::report(format_args!("{model_name}: the solver found no solution"));
            return Ok(Status::NotUnique);
        }
        Answer::Sat(model) => model,
    };
    let encoding = Encoding {
        rules: args.encoding,
        ..Encoding::default()
    };
    let solution = read_model(&puzzle.puzzle, &encoding, &model)
        .map_err(|e| match e {
            // The context says what was read; the prefix would repeat it.
            SolveError::Decode(e) => anyhow::anyhow!("{e}"),
            SolveError::Broken(e) => anyhow::anyhow!("the model breaks a rule: {e}"),
            other => other.into(),
        })
        .with_context(|| format!("{model_name}: not a solution of {name}"))?;
    let mut printer = Printer::new(args.output, false);
    printer
        .decoded(&puzzle, &solution)
        .context("cannot write to stdout")?;
    printer.flush().context("cannot write to stdout")?;
    Ok(Status::Success)
}
