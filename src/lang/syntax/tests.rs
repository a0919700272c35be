//! Tests of the lexer: tokens, their spans, strings and comments, and errors.

use super::*;

fn kinds(text: &str) -> Vec<TokenKind> {
    lex(text, 0)
        .expect("lexes")
        .tokens
        .into_iter()
        .map(|t| t.kind)
        .collect()
}

fn spans(text: &str) -> Vec<(u32, u32)> {
    lex(text, 3)
        .expect("lexes")
        .tokens
        .into_iter()
        .map(|t| {
            assert_eq!(t.span.source, 3);
            (t.span.start, t.span.end)
        })
        .collect()
}

#[test]
fn cells_names_keywords_and_numbers() {
    use TokenKind::*;
    assert_eq!(
        kinds("r1c1 R12C3 r1C2 rc1 r1c row_1 for in 42"),
        vec![
            Cell { row: 1, col: 1 },
            Cell { row: 12, col: 3 },
            Cell { row: 1, col: 2 },
            Name("rc1".into()),
            Name("r1c".into()),
            Name("row_1".into()),
            Keyword(super::Keyword::For),
            Keyword(super::Keyword::In),
            Number(42),
            End,
        ]
    );
    // A number past u32 is in no grid: the lexer names the cell as
    // written, where a checker's message would print it cut down.
    let e = lex("r1c1 = r99999999999c1", 0).unwrap_err();
    assert_eq!(e.to_string(), "r99999999999c1 is outside the grid");
    assert_eq!((e.span.start, e.span.end), (7, 21));
}

#[test]
fn every_keyword_round_trips() {
    for (word, k) in Keyword::ALL {
        assert_eq!(Keyword::from_word(word), Some(k));
        assert_eq!(k.as_str(), word);
    }
    assert_eq!(Keyword::from_word("size"), None);
}

#[test]
fn operators() {
    use Punct::*;
    let all = "+ - * / = != < <= > >= ( ) [ ] { } , : . .. ->";
    let expected = [
        Plus, Minus, Star, Slash, Eq, Ne, Lt, Le, Gt, Ge, LParen, RParen, LBracket, RBracket,
        LBrace, RBrace, Comma, Colon, Dot, DotDot, Arrow,
    ];
    let mut want: Vec<TokenKind> = expected.iter().map(|&p| TokenKind::Punct(p)).collect();
    want.push(TokenKind::End);
    assert_eq!(kinds(all), want);
    for p in expected {
        assert_eq!(kinds(p.as_str())[0], TokenKind::Punct(p));
    }
    // `..` binds before `.`, and a range of numbers is three tokens.
    assert_eq!(
        kinds("1..9 c.row a->b"),
        vec![
            TokenKind::Number(1),
            TokenKind::Punct(DotDot),
            TokenKind::Number(9),
            TokenKind::Name("c".into()),
            TokenKind::Punct(Dot),
            TokenKind::Name("row".into()),
            TokenKind::Name("a".into()),
            TokenKind::Punct(Arrow),
            TokenKind::Name("b".into()),
            TokenKind::End,
        ]
    );
}

#[test]
fn spans_are_byte_offsets() {
    assert_eq!(
        spans("  sum(r1c1, \"1*\") >= 10"),
        vec![
            (2, 5),
            (5, 6),
            (6, 10),
            (10, 11),
            (12, 16),
            (16, 17),
            (18, 20),
            (21, 23),
            (23, 23)
        ]
    );
}

#[test]
fn strings_and_comments() {
    let lexed = lex("# doc\nx # trailing\n  # alone\n\"a#b\"", 0).expect("lexes");
    let kinds: Vec<_> = lexed.tokens.iter().map(|t| t.kind.clone()).collect();
    assert_eq!(
        kinds,
        vec![
            TokenKind::Name("x".into()),
            TokenKind::Str("a#b".into()),
            TokenKind::End
        ]
    );
    let alone: Vec<_> = lexed
        .comments
        .iter()
        .map(|c| (c.span.start, c.span.end, c.alone))
        .collect();
    assert_eq!(alone, vec![(0, 5, true), (8, 18, false), (21, 28, true)]);
}

#[test]
fn errors_point_at_the_fault() {
    let e = lex("a @ b", 0).unwrap_err();
    assert_eq!(
        e.kind,
        LangErrorKind::Syntax("invalid character '@'".into())
    );
    assert_eq!((e.span.start, e.span.end), (2, 3));
    let e = lex("x = \"12", 0).unwrap_err();
    assert_eq!(e.kind, LangErrorKind::Syntax("unterminated string".into()));
    assert_eq!((e.span.start, e.span.end), (4, 7));
    let e = lex("1 + é", 1).unwrap_err();
    assert_eq!((e.span.source, e.span.start, e.span.end), (1, 4, 6));
    let e = lex("99999999999999999999", 0).unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::Invalid(_)));
    let e = lex("a ! b", 0).unwrap_err();
    assert_eq!((e.span.start, e.span.end), (2, 3));
    let e = lex("_x", 0).unwrap_err();
    assert_eq!((e.span.start, e.span.end), (0, 1));
}
