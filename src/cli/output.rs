//! Printing solutions in the formats `--output` offers.

use std::io::{self, Write};

use sudoku_sat::grid::Grid;

/// How solutions are printed on stdout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// N rows of N symbols; grids separated by a blank line.
    #[default]
    Grid,
    /// One line of N² symbols per puzzle.
    Line,
    /// The grid drawn with block lines; grids separated by a blank line.
    Pretty,
}

/// Writes solutions one after another in one format.
pub struct Printer<W: Write> {
    out: W,
    format: OutputFormat,
    printed: usize,
    flush_each: bool,
}

impl<W: Write> Printer<W> {
    /// Returns a printer; `flush_each` flushes after every grid, for a
    /// person watching a terminal.
    pub fn new(out: W, format: OutputFormat, flush_each: bool) -> Self {
        Printer {
            out,
            format,
            printed: 0,
            flush_each,
        }
    }

    /// Prints one solution.
    pub fn print(&mut self, grid: &Grid) -> io::Result<()> {
        if self.printed > 0 && self.format != OutputFormat::Line {
            writeln!(self.out)?;
        }
        match self.format {
            OutputFormat::Grid => write!(self.out, "{}", grid.rows())?,
            OutputFormat::Line => writeln!(self.out, "{grid}")?,
            OutputFormat::Pretty => write!(self.out, "{}", grid.pretty())?,
        }
        self.printed += 1;
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
