//! Symmetric givens: the orbits of cells that are kept or removed together.

use crate::grid::Cell;
use crate::shape::Shape;

/// Which symmetry the givens of a generated puzzle keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symmetry {
    /// Any pattern of givens.
    #[default]
    None,
    /// The pattern looks the same turned half a turn: r,c with N+1−r,N+1−c.
    Rotational,
    /// The pattern looks the same in a vertical mirror: r,c with r,N+1−c.
    Mirror,
}

impl Symmetry {
    /// Returns the name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
        }
    }

    /// Returns the image of a cell on a grid of side `side`.
    pub fn image(self, cell: Cell, side: usize) -> Cell {
        let last = side - 1;
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => Cell::new((last - cell.row()) as u8, (last - cell.col()) as u8),
            Symmetry::Mirror => Cell::new(cell.row() as u8, (last - cell.col()) as u8),
        }
    }

    /// Returns the orbits of the shape's cells: each cell with its image
    /// (once, for a cell that is its own image), in row-major order of
    /// their first cell. Each is an involution, so orbits have one or two
    /// cells.
    pub fn orbits(self, shape: &Shape) -> Vec<Vec<Cell>> {
        let side = shape.side();
        shape
            .all_cells()
            .filter_map(|cell| {
                let image = self.image(cell, side);
                match image.cmp(&cell) {
                    std::cmp::Ordering::Less => None,
                    std::cmp::Ordering::Equal => Some(vec![cell]),
                    std::cmp::Ordering::Greater => Some(vec![cell, image]),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    #[test]
    fn orbits_cover_every_cell_once() {
        let shape = Shape::square(Size::NINE);
        for symmetry in [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror] {
            let orbits = symmetry.orbits(&shape);
            let mut cells: Vec<Cell> = orbits.iter().flatten().copied().collect();
            cells.sort();
            assert_eq!(cells, shape.all_cells().collect::<Vec<_>>());
            for orbit in &orbits {
                // An orbit is closed under the symmetry.
                assert!(orbit.iter().all(|&c| orbit.contains(&symmetry.image(c, 9))));
            }
            let expected = match symmetry {
                Symmetry::None => 81,
                Symmetry::Rotational => 41,
                Symmetry::Mirror => 45,
            };
            assert_eq!(orbits.len(), expected, "{symmetry:?}");
        }
        assert_eq!(
            Symmetry::Rotational.image(Cell::new(0, 1), 9),
            Cell::new(8, 7)
        );
        assert_eq!(Symmetry::Mirror.image(Cell::new(2, 1), 9), Cell::new(2, 7));
    }
}
