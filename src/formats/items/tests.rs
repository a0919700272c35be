//! Every arithmetic and line family through both formats, and every
//! malformed entry refused with its constraint and cell named.
