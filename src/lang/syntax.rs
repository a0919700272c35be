//! Tokens of the rules language, each with its span.
