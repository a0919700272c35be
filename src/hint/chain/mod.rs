//! The graph chains walk: the open cells' candidates, joined by strong
//! links (one of the two holds) and weak links (not both hold).
//!
//! A strong link joins the two candidates of a cell with two left
//! (bivalue) and the two places of a digit in a house with two left
//! (bilocal); a weak link joins two candidates of one cell, or one digit
//! in two cells that see each other, so every strong link here is weak
//! too. An alternating chain A=B-C=D…=Z, strong at both ends, proves that
//! A or Z holds: if A does not, B does, so C does not, so D does, and so
//! on to Z. A candidate weakly linked to both ends is then false; a
//! chain that comes back to its start (A=…=A) places A; and a chain whose
//! ends are weakly linked closes a continuous loop, around which each
//! weak link holds exactly one of its two candidates. These are the
//! alternating inference chains and nice loops of SudokuWiki
//! (<https://www.sudokuwiki.org/Alternating_Inference_Chains>) and HoDoKu
//! (<https://hodoku.sourceforge.net/en/tech_chains.php>), written in their
//! Eureka notation: `(5)r1c2=r1c7-r3c8=r3c1`, `(1=2)r1c2-(2=3)r3c2`.

mod words;

use crate::grid::{Cell, Digit, House};

use super::{Hinter, bit, digits_of};

/// Which links a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// One digit, strong links in houses: X-chains (and simple
    /// colouring's conjugate pairs).
    X(Digit),
    /// Cells with two candidates, strong links inside them and weak links
    /// between them on one digit: XY-chains.
    Xy,
    /// Every link: AICs.
    Aic,
}

/// Why two candidates are linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    /// They share a cell.
    Cell,
    /// They are the two places of their digit in a house.
    House(House),
    /// One digit in two cells that see each other.
    Sees,
}

/// The candidates and links of one kind of chain, on the current grid.
pub(super) struct Graph<'h> {
    hinter: &'h Hinter,
    kind: Kind,
    /// The nodes, cell by cell, digits from the smallest.
    pub(super) nodes: Vec<(Cell, Digit)>,
    strong: Vec<Vec<(u32, Why)>>,
    weak: Vec<Vec<u32>>,
}

/// What a chain proves.
pub(super) enum Proof {
    /// Its ends (or, for a loop, each weak link) take these candidates.
    Removes(Vec<(Cell, Digit)>),
    /// It comes back to its start: the start holds.
    Places(Cell, Digit),
}

impl<'h> Graph<'h> {
    /// Builds the graph of `kind` on the hinter's candidates.
    pub(super) fn new(hinter: &'h Hinter, kind: Kind) -> Graph<'h> {
        let size = hinter.size();
        let shape = hinter.shape();
        let side = size.side();
        let open = |c: Cell| hinter.grid.get(c).is_none();
        let wanted = |c: Cell, d: Digit| {
            open(c)
                && hinter.mask(c) & bit(d) != 0
                && match kind {
                    Kind::X(x) => d == x,
                    Kind::Xy => hinter.mask(c).count_ones() == 2,
                    Kind::Aic => true,
                }
        };
        let mut id = vec![u32::MAX; size.cells() * side];
        let mut nodes = Vec::new();
        for cell in size.all_cells() {
            for digit in digits_of(size, hinter.mask(cell)) {
                if wanted(cell, digit) {
                    id[cell.index(size) * side + digit.index()] = nodes.len() as u32;
                    nodes.push((cell, digit));
                }
            }
        }
        let node = |c: Cell, d: Digit| id[c.index(size) * side + d.index()];
        let mut strong = vec![Vec::new(); nodes.len()];
        let mut weak = vec![Vec::new(); nodes.len()];
        let link = |list: &mut Vec<Vec<(u32, Why)>>, a: u32, b: u32, why: Why| {
            if !list[a as usize].iter().any(|&(n, _)| n == b) {
                list[a as usize].push((b, why));
                list[b as usize].push((a, why));
            }
        };
        // Inside cells: AICs link every two candidates weakly, and the two
        // of a bivalue cell strongly; XY-chains only the latter.
        if !matches!(kind, Kind::X(_)) {
            for cell in size.all_cells().filter(|&c| open(c)) {
                let here: Vec<u32> = digits_of(size, hinter.mask(cell))
                    .map(|d| node(cell, d))
                    .filter(|&n| n != u32::MAX)
                    .collect();
                if here.len() == 2 {
                    link(&mut strong, here[0], here[1], Why::Cell);
                }
                if kind == Kind::Aic {
                    for (i, &a) in here.iter().enumerate() {
                        for &b in &here[i + 1..] {
                            weak[a as usize].push(b);
                            weak[b as usize].push(a);
                        }
                    }
                }
            }
        }
        // Across cells: a digit's places in a house are weakly linked in
        // pairs, and strongly when there are two.
        for house in shape.houses() {
            let cells = hinter.open_cells(house);
            for digit in size.digits() {
                if matches!(kind, Kind::X(x) if x != digit) {
                    continue;
                }
                let places: Vec<u32> = cells
                    .iter()
                    .map(|&c| node(c, digit))
                    .filter(|&n| n != u32::MAX)
                    .collect();
                let all_places = cells
                    .iter()
                    .filter(|&&c| hinter.mask(c) & bit(digit) != 0)
                    .count();
                if places.len() == 2 && all_places == 2 && kind != Kind::Xy {
                    link(&mut strong, places[0], places[1], Why::House(house));
                }
                for (i, &a) in places.iter().enumerate() {
                    for &b in &places[i + 1..] {
                        weak[a as usize].push(b);
                        weak[b as usize].push(a);
                    }
                }
            }
        }
        for list in &mut weak {
            list.sort_unstable();
            list.dedup();
        }
        Graph {
            hinter,
            kind,
            nodes,
            strong,
            weak,
        }
    }

    /// Returns the nodes strongly linked to `node`.
    pub(super) fn strong(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        self.strong[node as usize].iter().map(|&(n, _)| n)
    }

    /// Returns whether two nodes are weakly linked.
    pub(super) fn weakly_linked(&self, a: u32, b: u32) -> bool {
        self.weak[a as usize].binary_search(&b).is_ok()
    }

    /// Returns the candidates on the grid, other than `except`, that are
    /// weakly linked to both `u` and `v` (on the whole grid, whatever the
    /// graph's kind): if either holds, they are false.
    pub(super) fn seeing_both(
        &self,
        (p, a): (Cell, Digit),
        (q, b): (Cell, Digit),
        except: &[(Cell, Digit)],
    ) -> Vec<(Cell, Digit)> {
        let hinter = self.hinter;
        let size = hinter.size();
        let found: Vec<(Cell, Digit)> = if p == q {
            digits_of(size, hinter.mask(p) & !bit(a) & !bit(b))
                .map(|d| (p, d))
                .collect()
        } else if a == b {
            hinter
                .peers(p)
                .iter()
                .filter(|&&c| c != q && hinter.grid.get(c).is_none())
                .filter(|&&c| hinter.mask(c) & bit(a) != 0)
                .filter(|&&c| hinter.shape().sees(c, q))
                .map(|&c| (c, a))
                .collect()
        } else if hinter.shape().sees(p, q) {
            [(p, b), (q, a)]
                .into_iter()
                .filter(|&(c, d)| hinter.mask(c) & bit(d) != 0)
                .collect()
        } else {
            Vec::new()
        };
        found.into_iter().filter(|n| !except.contains(n)).collect()
    }

    /// Returns what the chain `path` (strong links first, at both ends)
    /// proves, if anything: a placement when it comes back to its start,
    /// the removals of a continuous loop when its ends are weakly linked,
    /// else the removals of the candidates that see both ends. XY- and
    /// X-chains keep to ends on one digit.
    pub(super) fn proof(&self, path: &[u32]) -> Option<Proof> {
        let (first, last) = (path[0], path[path.len() - 1]);
        if first == last {
            let (cell, digit) = self.nodes[first as usize];
            return Some(Proof::Places(cell, digit));
        }
        let on: Vec<(Cell, Digit)> = path.iter().map(|&n| self.nodes[n as usize]).collect();
        if path.len() >= 4 && self.weakly_linked(first, last) {
            // Around the loop each link, strong or weak, holds exactly one
            // of its ends: each node is in one strong link (at least one
            // holds) and one weak link (at most one), and there are as
            // many of each.
            let mut removed: Vec<(Cell, Digit)> = Vec::new();
            let closing = [last, first];
            for pair in path.windows(2).chain([&closing[..]]) {
                let (u, v) = (self.nodes[pair[0] as usize], self.nodes[pair[1] as usize]);
                for found in self.seeing_both(u, v, &on) {
                    if !removed.contains(&found) {
                        removed.push(found);
                    }
                }
            }
            if !removed.is_empty() {
                return Some(Proof::Removes(removed));
            }
        }
        let (u, v) = (on[0], on[on.len() - 1]);
        if self.kind != Kind::Aic && u.1 != v.1 {
            return None;
        }
        let removed = self.seeing_both(u, v, &on);
        (!removed.is_empty()).then_some(Proof::Removes(removed))
    }

    /// Returns whether a chain from `start` to `end` may prove something,
    /// judged by its ends alone: a loop (back to the start, or closed by a
    /// weak link) or a candidate weakly linked to both ends. A chain and
    /// its reverse prove the same, so an open chain is judged from its
    /// smaller end only.
    fn may_prove(&self, start: u32, end: u32) -> bool {
        if start == end || self.weakly_linked(start, end) {
            return true;
        }
        let (u, v) = (self.nodes[start as usize], self.nodes[end as usize]);
        start < end
            && (self.kind == Kind::Aic || u.1 == v.1)
            && !self.seeing_both(u, v, &[]).is_empty()
    }

    /// Finds the shortest chain of at most `max_links` links that proves
    /// something, trying each node as the start in turn; among chains of
    /// one length, the first found.
    pub(super) fn shortest(&self, max_links: usize) -> Option<(Vec<u32>, Proof)> {
        let n = self.nodes.len();
        // A state is a node and whether the chain reached it by a strong
        // link (so the next link is weak).
        let mut parent = vec![u32::MAX; 2 * n];
        let mut depth = vec![u16::MAX; 2 * n];
        let mut touched: Vec<usize> = Vec::new();
        let mut best: Option<(Vec<u32>, Proof)> = None;
        let mut bound = max_links;
        for start in 0..n as u32 {
            for &s in &touched {
                parent[s] = u32::MAX;
                depth[s] = u16::MAX;
            }
            touched.clear();
            let origin = 2 * start as usize;
            depth[origin] = 0;
            touched.push(origin);
            let mut frontier = vec![origin];
            let mut links = 0;
            while !frontier.is_empty() && links < bound {
                links += 1;
                let mut next = Vec::new();
                for &state in &frontier {
                    let node = (state / 2) as u32;
                    let after_strong = state % 2 == 1;
                    let targets: Box<dyn Iterator<Item = u32>> = if after_strong {
                        Box::new(self.weak[node as usize].iter().copied())
                    } else {
                        Box::new(self.strong(node))
                    };
                    for target in targets {
                        let to = 2 * target as usize + usize::from(!after_strong);
                        if depth[to] != u16::MAX {
                            continue;
                        }
                        depth[to] = links as u16;
                        parent[to] = state as u32;
                        touched.push(to);
                        next.push(to);
                    }
                }
                if links % 2 == 1 {
                    for &state in &next {
                        if !self.may_prove(start, (state / 2) as u32) {
                            continue;
                        }
                        let path = walk_back(&parent, state, origin);
                        if !distinct(&path) {
                            continue;
                        }
                        if let Some(proof) = self.proof(&path) {
                            bound = links.saturating_sub(2);
                            best = Some((path, proof));
                            break;
                        }
                    }
                    if bound < links {
                        break;
                    }
                }
                frontier = next;
            }
        }
        best
    }
}

/// Returns the path from `origin` to `state` by the parents, as nodes.
fn walk_back(parent: &[u32], state: usize, origin: usize) -> Vec<u32> {
    let mut path = vec![(state / 2) as u32];
    let mut at = state;
    while at != origin {
        at = parent[at] as usize;
        path.push((at / 2) as u32);
    }
    path.reverse();
    path
}

/// Returns whether a path visits each node once (its last node may be its
/// first: a loop back to the start).
fn distinct(path: &[u32]) -> bool {
    let inner = if path.len() > 1 && path[0] == path[path.len() - 1] {
        &path[..path.len() - 1]
    } else {
        path
    };
    inner
        .iter()
        .enumerate()
        .all(|(i, n)| !inner[i + 1..].contains(n))
}
