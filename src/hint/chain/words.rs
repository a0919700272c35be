//! A chain in words: Eureka notation, each link with its reason, and
//! the step it makes.

use crate::grid::Cell;

use super::{Graph, Kind, Proof, Why};
use crate::hint::{Step, Technique, removals};

impl Graph<'_> {
    /// Returns the chain in Eureka notation: a cell's candidates joined by
    /// a strong link inside it are written together, `(1=2)r1c2`, and an
    /// X-chain names its digit once.
    pub(in crate::hint) fn notation(&self, path: &[u32]) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < path.len() {
            let (cell, digit) = self.nodes[path[i] as usize];
            if i > 0 {
                out.push(if i % 2 == 1 { '=' } else { '-' });
            }
            let joined =
                i % 2 == 0 && i + 1 < path.len() && self.nodes[path[i + 1] as usize].0 == cell;
            if joined {
                let other = self.nodes[path[i + 1] as usize].1;
                out.push_str(&format!("({digit}={other}){cell}"));
                i += 2;
                continue;
            }
            if i == 0 || !matches!(self.kind, Kind::X(_)) {
                out.push_str(&format!("({digit})"));
            }
            out.push_str(&cell.to_string());
            i += 1;
        }
        out
    }

    /// Returns each link of the chain in words, one a line, with the
    /// closing weak link of a loop last.
    pub(in crate::hint) fn words(&self, path: &[u32], closed: bool) -> Vec<String> {
        let mut pairs: Vec<(u32, u32, bool)> = path
            .windows(2)
            .enumerate()
            .map(|(i, w)| (w[0], w[1], i % 2 == 0))
            .collect();
        if closed {
            pairs.push((path[path.len() - 1], path[0], false));
        }
        pairs
            .into_iter()
            .map(|(a, b, strong)| self.link_words(a, b, strong))
            .collect()
    }

    /// Returns each link of a path of strong links in words.
    pub(in crate::hint) fn strong_words(&self, path: &[u32]) -> Vec<String> {
        path.windows(2)
            .map(|w| self.link_words(w[0], w[1], true))
            .collect()
    }

    fn link_words(&self, a: u32, b: u32, strong: bool) -> String {
        let ((p, x), (q, y)) = (self.nodes[a as usize], self.nodes[b as usize]);
        let sign = if strong { '=' } else { '-' };
        let why = if strong {
            self.strong[a as usize]
                .iter()
                .find(|&&(n, _)| n == b)
                .map_or(Why::Sees, |&(_, why)| why)
        } else if p == q {
            Why::Cell
        } else {
            Why::Sees
        };
        let reason = match (why, strong) {
            (Why::Cell, true) => format!("{p} holds only {x} and {y}"),
            (Why::Cell, false) => format!("{p} holds one digit, not both {x} and {y}"),
            (Why::House(house), _) => format!("{house} has {x} only in {p} and {q}"),
            (Why::Sees, _) => {
                let house = self
                    .hinter
                    .shape()
                    .houses()
                    .find(|&h| {
                        let cells = self.hinter.shape().house_cells(h);
                        cells.contains(&p) && cells.contains(&q)
                    })
                    .map_or_else(String::new, |h| format!(" in {h}"));
                format!("{p} and {q} see each other{house}: not both are {x}")
            }
        };
        format!("({x}){p}{sign}({y}){q}: {reason}")
    }

    /// Returns the cells of a path, each once, in order.
    pub(in crate::hint) fn cells(&self, path: &[u32]) -> Vec<Cell> {
        let mut cells: Vec<Cell> = Vec::new();
        for &n in path {
            let cell = self.nodes[n as usize].0;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        cells
    }

    /// Returns the step a chain makes, its `lead` (the technique's words)
    /// first: its notation, what it proves, and its links in words.
    pub(in crate::hint) fn step(
        &self,
        technique: Technique,
        lead: &str,
        path: &[u32],
        proof: Proof,
    ) -> Step {
        let notation = self.notation(path);
        let (start, end) = (
            self.nodes[path[0] as usize],
            self.nodes[path[path.len() - 1] as usize],
        );
        let closed =
            path.len() >= 4 && start != end && self.weakly_linked(path[0], path[path.len() - 1]);
        let mut step = match proof {
            Proof::Places(cell, digit) => {
                let text = format!(
                    "{lead} (discontinuous nice loop): {notation}; if {cell} were not {digit}, \
                     the chain would make it {digit}; so place {digit} in {cell}"
                );
                Step::place(technique, cell, digit, text)
            }
            Proof::Removes(eliminated) if closed => {
                let text = format!(
                    "{lead} (continuous nice loop): {notation}, closed by ({}){}-({}){}: \
                     around the loop each weak link holds exactly one of its two \
                     candidates, so what sees both loses them: {}",
                    end.1,
                    end.0,
                    start.1,
                    start.0,
                    removals(&eliminated)
                );
                Step::eliminate(technique, Vec::new(), eliminated, text)
            }
            Proof::Removes(eliminated) => {
                let text = format!(
                    "{lead}: {notation}; if {} is not {}, the chain makes {} {}, so one of \
                     the two holds, and what sees both loses it: {}",
                    start.0,
                    start.1,
                    end.0,
                    end.1,
                    removals(&eliminated)
                );
                Step::eliminate(technique, Vec::new(), eliminated, text)
            }
        };
        step.cells = self.cells(path);
        step.chain = self.words(path, closed);
        step
    }
}
