//! Tests of certificates: proofs checked, CNF bytes, claims.

use super::*;
use crate::grid::Size;
use varisat::dimacs::DimacsParser;

fn four(rows: &str) -> Grid {
    Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap()
}

fn certify(puzzle: &Grid, format: ProofFormat) -> Certificate {
    match prove(&puzzle.clone().into(), &Encoding::default(), format).unwrap() {
        Proved::Certified(c) => c,
        Proved::Multiple(..) => panic!("several solutions"),
    }
}

#[test]
fn varisat_proofs_check_for_both_claims() {
    for (text, unsolvable) in [
        ("11..............", true),
        ("123........4....", true),
        (".2343.1221.3432.", false),
        ("1234341221434321", false),
    ] {
        let certificate = certify(&four(text), ProofFormat::Varisat);
        assert_eq!(
            certificate.claim() == &Claim::Unsolvable,
            unsolvable,
            "{text}"
        );
        check_varisat_proof(&certificate.formula(), certificate.proof()).unwrap();
    }
}

#[test]
fn a_proof_of_another_formula_is_refused() {
    let certificate = certify(&four("11.............."), ProofFormat::Varisat);
    let (satisfiable, _) = formula(&four("1...............").into(), &Encoding::default());
    assert!(check_varisat_proof(&satisfiable, certificate.proof()).is_err());
}

#[test]
fn drat_proofs_end_with_the_empty_clause_once() {
    for (text, ended) in [
        (&b""[..], &b"0\n"[..]),
        (b"1 0\n", b"1 0\n0\n"),
        (b"1 0\n0\n", b"1 0\n0\n"),
        (b"0\n", b"0\n"),
        (b"d 10 0\n", b"d 10 0\n0\n"),
    ] {
        let mut proof = text.to_vec();
        end_with_empty_clause(&mut proof, ProofFormat::Drat);
        assert_eq!(proof, ended);
    }
    for (binary, ended) in [
        (&b""[..], &b"a\0"[..]),
        (b"a\0", b"a\0"),
        (b"a\x02\0a\0", b"a\x02\0a\0"),
        // The literal 0x61 is the byte `a`: not an empty step.
        (b"d\x61\0", b"d\x61\0a\0"),
        (b"a\x82\x01\0", b"a\x82\x01\0a\0"),
    ] {
        let mut proof = binary.to_vec();
        end_with_empty_clause(&mut proof, ProofFormat::BinaryDrat);
        assert_eq!(proof, ended);
    }
}

#[test]
fn several_solutions_get_no_certificate() {
    let empty = Grid::empty(Size::from_side(4).unwrap());
    match prove(
        &empty.clone().into(),
        &Encoding::default(),
        ProofFormat::Drat,
    )
    .unwrap()
    {
        Proved::Multiple(a, b) => {
            assert_ne!(a, b);
            assert!(a.check_solution(&empty).is_ok() && b.check_solution(&empty).is_ok());
        }
        Proved::Certified(c) => panic!("{:?}", c.claim()),
    }
}

#[test]
fn the_cnf_of_a_unique_puzzle_has_one_clause_more() {
    let puzzle = four(".2343.1221.3432.");
    let certificate = certify(&puzzle, ProofFormat::Drat);
    let mut out = Vec::new();
    certificate.write_cnf(&mut out).unwrap();
    let parsed = DimacsParser::parse(&out[..]).unwrap();
    assert_eq!(parsed, certificate.formula());
    let (plain, _) = formula(&puzzle.clone().into(), &Encoding::default());
    assert_eq!(parsed.len(), plain.len() + 1);
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("c 1234341221434321\n"), "{text}");
    // The blank cells r1c1, r2c2, r3c3 and r4c4 hold 1, 4, 4 and 1.
    assert!(text.ends_with("\n-1 -24 -44 -61 0\n"), "{text}");
}
