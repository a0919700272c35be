//! Regular expressions over digits, compiled to automata.
