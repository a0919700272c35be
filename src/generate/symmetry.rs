//! Symmetric givens: the orbits of cells that are kept or removed together.

use crate::grid::Cell;
use crate::shape::Shape;

/// Which symmetry the givens of a generated puzzle keep: a group of the
/// square's eight symmetries (rotations and reflections), whose orbits of
/// cells are kept or removed together. The names follow the usual ones
/// of puzzle generators (HoDoKu's, for one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symmetry {
    /// Any pattern of givens.
    #[default]
    None,
    /// The pattern looks the same turned half a turn: r,c with N+1−r,N+1−c.
    Rotational,
    /// The same turned a quarter turn (and so a half turn too): orbits of
    /// up to four cells.
    Quarter,
    /// The same in a vertical mirror, left to right: r,c with r,N+1−c.
    Mirror,
    /// The same in a horizontal mirror, top to bottom: r,c with N+1−r,c.
    MirrorRows,
    /// The same in both mirrors (and so turned half a turn).
    BothMirrors,
    /// The same reflected in the main diagonal: r,c with c,r.
    Diagonal,
    /// The same reflected in the anti-diagonal: r,c with N+1−c,N+1−r.
    AntiDiagonal,
    /// The same in both diagonals (and so turned half a turn).
    BothDiagonals,
    /// All eight: every rotation and reflection of the square.
    Full,
}

/// One of the square's symmetries, as a map of cells.
#[derive(Clone, Copy)]
enum Map {
    HalfTurn,
    QuarterTurn,
    Columns,
    Rows,
    Diagonal,
    AntiDiagonal,
}

impl Map {
    fn apply(self, cell: Cell, last: usize) -> Cell {
        let (r, c) = (cell.row(), cell.col());
        let (r, c) = match self {
            Map::HalfTurn => (last - r, last - c),
            Map::QuarterTurn => (c, last - r),
            Map::Columns => (r, last - c),
            Map::Rows => (last - r, c),
            Map::Diagonal => (c, r),
            Map::AntiDiagonal => (last - c, last - r),
        };
        Cell::new(r as u8, c as u8)
    }
}

impl Symmetry {
    /// Every symmetry, in the order `--symmetry` lists them.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Mirror,
        Symmetry::MirrorRows,
        Symmetry::BothMirrors,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothDiagonals,
        Symmetry::Full,
    ];

    /// Returns the name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Mirror => "mirror",
            Symmetry::MirrorRows => "mirror-rows",
            Symmetry::BothMirrors => "both-mirrors",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::Full => "full",
        }
    }

    /// The maps that generate the group.
    fn generators(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotational => &[Map::HalfTurn],
            Symmetry::Quarter => &[Map::QuarterTurn],
            Symmetry::Mirror => &[Map::Columns],
            Symmetry::MirrorRows => &[Map::Rows],
            Symmetry::BothMirrors => &[Map::Columns, Map::Rows],
            Symmetry::Diagonal => &[Map::Diagonal],
            Symmetry::AntiDiagonal => &[Map::AntiDiagonal],
            Symmetry::BothDiagonals => &[Map::Diagonal, Map::AntiDiagonal],
            Symmetry::Full => &[Map::QuarterTurn, Map::Columns],
        }
    }

    /// Returns the orbit of a cell on a grid of side `side`: the cell and
    /// its images under the group, sorted.
    pub fn orbit(self, cell: Cell, side: usize) -> Vec<Cell> {
        let last = side - 1;
        let mut orbit = vec![cell];
        let mut next = 0;
        while next < orbit.len() {
            let from = orbit[next];
            for map in self.generators() {
                let image = map.apply(from, last);
                if !orbit.contains(&image) {
                    orbit.push(image);
                }
            }
            next += 1;
        }
        orbit.sort_unstable();
        orbit
    }

    /// Returns the orbits of the shape's cells, in row-major order of
    /// their first cell: one cell each without a symmetry, up to eight
    /// with all of them.
    pub fn orbits(self, shape: &Shape) -> Vec<Vec<Cell>> {
        let side = shape.side();
        shape
            .all_cells()
            .filter_map(|cell| {
                let orbit = self.orbit(cell, side);
                // Each orbit once, from its first cell.
                (orbit[0] == cell).then_some(orbit)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    #[test]
    fn orbits_cover_every_cell_once_and_are_closed() {
        let shape = Shape::square(Size::NINE);
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits(&shape);
            let mut cells: Vec<Cell> = orbits.iter().flatten().copied().collect();
            cells.sort();
            assert_eq!(cells, shape.all_cells().collect::<Vec<_>>(), "{symmetry:?}");
            for orbit in &orbits {
                for &cell in orbit {
                    assert_eq!(&symmetry.orbit(cell, 9), orbit, "{symmetry:?}");
                }
            }
            // Counted by hand on the 9×9: the fixed cells and the orbits
            // of two, four or eight.
            let expected = match symmetry {
                Symmetry::None => 81,
                Symmetry::Rotational => 41,
                Symmetry::Quarter => 21,
                Symmetry::Mirror | Symmetry::MirrorRows => 45,
                Symmetry::Diagonal | Symmetry::AntiDiagonal => 45,
                Symmetry::BothMirrors | Symmetry::BothDiagonals => 25,
                Symmetry::Full => 15,
            };
            assert_eq!(orbits.len(), expected, "{symmetry:?}");
        }
        assert_eq!(
            Symmetry::Rotational.orbit(Cell::new(0, 1), 9),
            [Cell::new(0, 1), Cell::new(8, 7)]
        );
        assert_eq!(
            Symmetry::Mirror.orbit(Cell::new(2, 1), 9),
            [Cell::new(2, 1), Cell::new(2, 7)]
        );
        assert_eq!(
            Symmetry::Quarter.orbit(Cell::new(0, 1), 9),
            [
                Cell::new(0, 1),
                Cell::new(1, 8),
                Cell::new(7, 0),
                Cell::new(8, 7)
            ]
        );
        assert_eq!(Symmetry::Full.orbit(Cell::new(0, 1), 9).len(), 8);
    }
}
