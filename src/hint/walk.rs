//! A run of the hinter: the steps taken and how they ended, as `hint`
//! reports them.

use serde_json::{Value, json};

use super::score::path_score;
use super::{HintError, Hinter, Step};
use crate::grid::{Cell, Digit};

/// The steps one call of [`Hinter::walk`] took and how they ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether the grid is full after them.
    pub solved: bool,
    /// Whether they stopped with cells open: no step left within the
    /// ceiling, or none at all for a puzzle with several solutions.
    pub stuck: bool,
    /// The open cells and their candidates where the steps stopped short
    /// (else none).
    pub open: Vec<(Cell, Vec<Digit>)>,
    /// Whether the puzzle has one solution.
    pub unique: bool,
    /// Whether the search for a candidate no solution holds stopped at
    /// its budget.
    pub gave_up: bool,
}

impl Hinter {
    /// Takes the next step, or with `all` every step to the solution (or
    /// as far as the ceiling and the solutions allow), applying each.
    ///
    /// # Errors
    ///
    /// As [`Hinter::next_step`] and [`Hinter::solve_all`].
    pub fn walk(&mut self, all: bool) -> Result<Walk, HintError> {
        let steps = if all {
            self.solve_all()?
        } else {
            let step = self.next_step()?;
            if let Some(step) = &step {
                self.apply(step);
            }
            step.into_iter().collect()
        };
        let solved = self.is_solved();
        // One step asked for and none given, or the whole walk ended
        // short of the solution.
        let stuck = !solved && (all || steps.is_empty());
        Ok(Walk {
            steps,
            solved,
            stuck,
            // Listed only where the steps stopped short.
            open: if stuck { self.open() } else { Vec::new() },
            unique: self.solution().is_some(),
            gave_up: self.gave_up(),
        })
    }
}

impl Walk {
    /// Returns the walk as `hint --output json` writes it, less the
    /// input's label and line: `status` (`unique` or `multiple`), `steps`
    /// ([`Step::to_json`]), `solved`, `score` and `hardest` (the path's
    /// score and its hardest step's technique, for a solved path; else
    /// null), `stuck`, and `open` (objects with `cell` and `candidates`).
    pub fn to_json(&self) -> Value {
        let open: Vec<Value> = self
            .open
            .iter()
            .map(|(cell, digits)| {
                json!({
                    "cell": cell.to_string(),
                    "candidates": digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
                })
            })
            .collect();
        // A path that ends short of the solution has a score that is only
        // a lower bound: none is given.
        let scored = path_score(&self.steps).filter(|_| self.solved);
        json!({
            "status": if self.unique { "unique" } else { "multiple" },
            "steps": self.steps.iter().map(Step::to_json).collect::<Vec<_>>(),
            "solved": self.solved,
            "score": scored.map(|(score, _)| f64::from(score) / 10.0),
            "hardest": scored.map(|(_, at)| self.steps[at].technique.id()),
            "stuck": self.stuck,
            "open": open,
        })
    }
}

impl Step {
    /// Returns the step as `hint --output json` writes it: `technique`
    /// (its id), `cells` (as `r1c1`), `placed` and `eliminated` (objects
    /// with `cell` and `digit`), `constraint` (`key` and `description`, or
    /// null), `chain` and `text`.
    pub fn to_json(&self) -> Value {
        let pair = |&(cell, digit): &(Cell, Digit)| json!({ "cell": cell.to_string(), "digit": digit.get() });
        json!({
            "technique": self.technique.id(),
            "cells": self.cells.iter().map(Cell::to_string).collect::<Vec<_>>(),
            "placed": self.placed.iter().map(pair).collect::<Vec<_>>(),
            "eliminated": self.eliminated.iter().map(pair).collect::<Vec<_>>(),
            "constraint": self.constraint.as_ref().map(|(key, description)| {
                json!({ "key": key, "description": description })
            }),
            "chain": self.chain,
            "text": self.text,
        })
    }
}
