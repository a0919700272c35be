//! The parser: tokens to a tree of definitions and expressions.
