//! An independent backtracking solver, used to cross-check SAT answers.
