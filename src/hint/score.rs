//! A difficulty score on Sudoku Explainer's scale: the hardest step of
//! the path the hinter takes.
//!
//! Sudoku Explainer (Nicolas Juillerat, 2006-2007; the rater behind the
//! forum's hardest-puzzle lists) rates a puzzle by the hardest technique
//! its simplest path needs, from 1.0 to about 12. The techniques both
//! tools know get Explainer's numbers, as the documentation of its
//! `Rule.getDifficulty` lists them: hidden single 1.5 (Explainer gives
//! 1.2 to a single in a block; a step here does not keep its house),
//! naked single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing
//! 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden triple
//! 4.0, XY-wing 4.2, XYZ-wing 4.4, jellyfish 5.2, and 6.6 for the
//! shortest forcing X-chain, which skyscraper, 2-string kite and turbot
//! fish are (as is the W-wing, a chain on two digits that Explainer does
//! not name). Chains take Explainer's forcing chains (its
//! `ForcingChainHint`): 6.6 on one digit (simple colouring and X-chains),
//! 7.0 on several (XY-chains and AICs), plus Explainer's length
//! increment (`ChainingHint.getLengthDifficulty`): a tenth for each
//! time the chain's candidates pass 4, 6, 8, 12, 16, 24… (each bound
//! half again, then a third again, the one before). The rest is placed where Explainer puts reasoning of the
//! same power: a contradiction from one assumption by unit propagation is
//! a forcing chain (Explainer's 7.0-8.0: 7.0 for the shortest, a tenth
//! more for each further two clauses, up to 9.0), a constraint's own step
//! counts as a locked candidate (2.8), and a refutation only the SAT
//! solver finds lies past every chain (10.0).

use super::{Step, Technique};

/// Returns a step's score, in tenths (23 for 2.3).
pub fn step_score(step: &Step) -> u32 {
    match step.technique {
        Technique::HiddenSingle => 15,
        Technique::NakedSingle => 23,
        Technique::Pointing => 26,
        Technique::Claiming | Technique::Constraint => 28,
        Technique::NakedPair => 30,
        Technique::XWing => 32,
        Technique::HiddenPair => 34,
        Technique::NakedTriple => 36,
        Technique::Swordfish => 38,
        Technique::HiddenTriple => 40,
        Technique::XyWing => 42,
        Technique::XyzWing => 44,
        Technique::Jellyfish => 52,
        Technique::Skyscraper
        | Technique::TwoStringKite
        | Technique::TurbotFish
        | Technique::WWing => 66,
        Technique::SimpleColouring | Technique::XChain => 66 + length_increment(step),
        Technique::XyChain | Technique::Aic => 70 + length_increment(step),
        Technique::Contradiction => {
            let clauses = u32::try_from(step.chain.len()).unwrap_or(u32::MAX);
            (70 + clauses.saturating_sub(1) / 2).min(90)
        }
        Technique::SolverRefutation => 100,
    }
}

/// Returns Explainer's increment for a chain's length, in tenths: one
/// for each bound of 4, 6, 8, 12, 16, 24, 32… that its candidates pass
/// (one more than its links: `chain` lists the links).
fn length_increment(step: &Step) -> u32 {
    let candidates = step.chain.len() + 1;
    let (mut added, mut bound, mut third) = (0, 4, false);
    while candidates > bound {
        added += 1;
        bound = if third { bound * 4 / 3 } else { bound * 3 / 2 };
        third = !third;
    }
    added
}

/// Returns the score of a path, the hardest of its steps', with the
/// index of the first step that scores it; `None` for no steps.
pub fn path_score(steps: &[Step]) -> Option<(u32, usize)> {
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| (step_score(s), i))
        // The highest score, and the first step that reaches it.
        .max_by_key(|&(score, i)| (score, std::cmp::Reverse(i)))
}

/// Formats a score in tenths as Explainer does: `7.3`.
pub fn format_score(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(technique: Technique, clauses: usize) -> Step {
        Step {
            technique,
            cells: Vec::new(),
            placed: Vec::new(),
            eliminated: Vec::new(),
            constraint: None,
            chain: vec![String::new(); clauses],
            text: String::new(),
        }
    }

    #[test]
    fn a_path_scores_its_hardest_step_and_chains_grow_with_their_length() {
        assert_eq!(step_score(&step(Technique::Contradiction, 1)), 70);
        assert_eq!(step_score(&step(Technique::Contradiction, 9)), 74);
        assert_eq!(step_score(&step(Technique::Contradiction, 200)), 90);
        let path = [
            step(Technique::NakedSingle, 0),
            step(Technique::XWing, 0),
            step(Technique::HiddenSingle, 0),
            step(Technique::XWing, 0),
        ];
        assert_eq!(path_score(&path), Some((32, 1)));
        assert_eq!(path_score(&[]), None);
        assert_eq!(format_score(32), "3.2");
        for chain in [
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::TurbotFish,
            Technique::WWing,
        ] {
            assert_eq!(step_score(&step(chain, 0)), 66, "{chain:?}");
        }
        // Links, one fewer than the candidates: 4 candidates add nothing,
        // 5 and 6 a tenth, 7 and 8 two, 9 to 12 three, 13 to 16 four.
        for (links, tenths) in [
            (3, 0),
            (4, 1),
            (5, 1),
            (6, 2),
            (7, 2),
            (8, 3),
            (11, 3),
            (12, 4),
        ] {
            assert_eq!(step_score(&step(Technique::XChain, links)), 66 + tenths);
            assert_eq!(step_score(&step(Technique::Aic, links)), 70 + tenths);
        }
    }
}
