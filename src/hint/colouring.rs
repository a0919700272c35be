//! Simple colouring: one digit's conjugate pairs coloured two ways.
//!
//! A conjugate pair is a house with exactly two places left for a digit:
//! one holds it, the other not. Pairs that share a cell join in a
//! cluster, coloured so that the two cells of each pair differ; one
//! colour holds the digit in all its cells, the other in none. Two rules
//! follow (SudokuWiki's Simple Colouring, rules 2 and 4,
//! <https://www.sudokuwiki.org/Simple_Colouring>; HoDoKu's color wrap and
//! color trap, <https://hodoku.sourceforge.net/en/tech_col.php>):
//! - colour wrap: two cells of one colour see each other, so that colour
//!   is false and its cells lose the digit;
//! - colour trap: a cell outside the cluster sees a cell of each colour,
//!   one of which holds the digit, so it loses it.

use crate::grid::{Cell, Digit};

use super::chain::{Graph, Kind};
use super::{Hinter, Step, Technique, cell_names, removals};

/// Finds a colour wrap or colour trap, digit by digit from the smallest,
/// cluster by cluster; a wrap first within a cluster.
pub(super) fn simple_colouring(hinter: &Hinter) -> Option<Step> {
    for digit in hinter.size().digits() {
        let graph = Graph::new(hinter, Kind::X(digit));
        let n = graph.nodes.len();
        let mut cluster_of = vec![u32::MAX; n];
        let mut colour = vec![false; n];
        let mut parent = vec![u32::MAX; n];
        for root in 0..n as u32 {
            if cluster_of[root as usize] != u32::MAX || graph.strong(root).next().is_none() {
                continue;
            }
            let mut cluster = vec![root];
            cluster_of[root as usize] = root;
            let mut i = 0;
            while i < cluster.len() {
                let a = cluster[i];
                for b in graph.strong(a) {
                    if cluster_of[b as usize] == u32::MAX {
                        cluster_of[b as usize] = root;
                        colour[b as usize] = !colour[a as usize];
                        parent[b as usize] = a;
                        cluster.push(b);
                    }
                }
                i += 1;
            }
            let colouring = Colouring {
                graph: &graph,
                digit,
                cluster: &cluster,
                colour: &colour,
                parent: &parent,
            };
            if let Some(step) = colouring
                .wrap()
                .or_else(|| colouring.trap(&cluster_of, root))
            {
                return Some(step);
            }
        }
    }
    None
}

/// One coloured cluster.
struct Colouring<'a> {
    graph: &'a Graph<'a>,
    digit: Digit,
    cluster: &'a [u32],
    colour: &'a [bool],
    parent: &'a [u32],
}

impl Colouring<'_> {
    /// Two cells of one colour that see each other: that colour goes.
    fn wrap(&self) -> Option<Step> {
        for (i, &a) in self.cluster.iter().enumerate() {
            for &b in &self.cluster[i + 1..] {
                if self.colour[a as usize] != self.colour[b as usize]
                    || !self.graph.weakly_linked(a, b)
                {
                    continue;
                }
                let losing = self.colour[a as usize];
                let eliminated: Vec<(Cell, Digit)> = self
                    .cluster
                    .iter()
                    .filter(|&&m| self.colour[m as usize] == losing)
                    .map(|&m| self.graph.nodes[m as usize])
                    .collect();
                let (p, q) = (self.cell(a), self.cell(b));
                let why = format!(
                    "{p} and {q} have the same colour and see each other, so that colour \
                     cannot hold {}, and its cells lose it: {}",
                    self.digit,
                    removals(&eliminated)
                );
                return Some(self.step("colour wrap", a, b, eliminated, &why));
            }
        }
        None
    }

    /// Cells outside the cluster that see both colours lose the digit.
    fn trap(&self, cluster_of: &[u32], root: u32) -> Option<Step> {
        let mut eliminated = Vec::new();
        let mut first: Option<(u32, u32, u32)> = None;
        for e in 0..self.graph.nodes.len() as u32 {
            if cluster_of[e as usize] == root {
                continue;
            }
            let seen = |c: bool| {
                self.cluster
                    .iter()
                    .copied()
                    .find(|&m| self.colour[m as usize] == c && self.graph.weakly_linked(e, m))
            };
            if let (Some(a), Some(b)) = (seen(false), seen(true)) {
                eliminated.push(self.graph.nodes[e as usize]);
                first.get_or_insert((e, a, b));
            }
        }
        let (e, a, b) = first?;
        let why = format!(
            "{} sees {} and {}, one of each colour, so it cannot hold {}: {}",
            self.cell(e),
            self.cell(a),
            self.cell(b),
            self.digit,
            removals(&eliminated)
        );
        Some(self.step("colour trap", a, b, eliminated, &why))
    }

    fn cell(&self, node: u32) -> Cell {
        self.graph.nodes[node as usize].0
    }

    /// Returns the tree path from `a` to `b` through the cluster.
    fn path(&self, a: u32, b: u32) -> Vec<u32> {
        let up = |mut n: u32| {
            let mut line = vec![n];
            while self.parent[n as usize] != u32::MAX {
                n = self.parent[n as usize];
                line.push(n);
            }
            line
        };
        let (from_a, from_b) = (up(a), up(b));
        // The lowest common ancestor is the first node of a's line to the
        // root that b's line holds too.
        let meet = from_a
            .iter()
            .position(|n| from_b.contains(n))
            .expect("one cluster");
        let mut path = from_a[..=meet].to_vec();
        let back = from_b.iter().position(|&n| n == from_a[meet]).expect("met");
        path.extend(from_b[..back].iter().rev());
        path
    }

    /// The step, resting on the cluster's cells (one colour, then the
    /// other), with the conjugate pairs from `a` to `b` as its chain.
    fn step(&self, rule: &str, a: u32, b: u32, eliminated: Vec<(Cell, Digit)>, why: &str) -> Step {
        let named = |c: bool| -> Vec<Cell> {
            self.cluster
                .iter()
                .filter(|&&m| self.colour[m as usize] == c)
                .map(|&m| self.cell(m))
                .collect()
        };
        let (one, other) = (named(false), named(true));
        let text = format!(
            "simple colouring on {} ({rule}): its conjugate pairs colour {} one way and \
             {} the other, and one colour holds {} in all its cells; {why}",
            self.digit,
            cell_names(&one),
            cell_names(&other),
            self.digit
        );
        let mut step = Step::eliminate(
            Technique::SimpleColouring,
            one.into_iter().chain(other).collect(),
            eliminated,
            text,
        );
        let path = self.path(a, b);
        step.chain = self.graph.strong_words(&path);
        step
    }
}
