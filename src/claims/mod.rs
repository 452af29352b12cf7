//! The claim language: what `{{ ... }}` may say in an essay (a value, a
//! value through a filter, or a claim the build checks), read by a lexer
//! ([`lexer`]) and a parser ([`parser`]) into a tree ([`ast`]) once per
//! build, and evaluated ([`evaluate`](mod@evaluate)) once per build against
//! the essay's data ([`data`]). It knows nothing of markdown: the markdown
//! stage hands it the text of prose and captions.
//!
//! It owns the lexer, the grammar, the evaluation and the printing of
//! values; it imports [`crate::cgt`] (games compared), [`crate::generators`]
//! (the data and its names) and, for now, the site's content error
//! ([`crate::site::diagnostics::ContentError`]).
//!
//! # Grammar
//!
//! In EBNF (ISO 14977 style; `"x"` a token, `{ }` repeated, `[ ]` optional),
//! spaces free between tokens:
//!
//! ```text
//! expression = quantity , [ "|" , filter | claim ] ;
//! filter     = ( "percent" | "fixed" | "round" | "millions" ) , "(" , digits , ")"
//!            | "words" | "ordinal" | "game" ;              (* N to 12; round's from 1 *)
//! claim      = op , against , [ "by" , literal ] , [ ":" , string ]
//!            | "in" , ( range | list ) , [ ":" , string ] ;   (* a list: a set *)
//! op         = "=" | "~" | "<" | ">" | "<=" | ">=" | "||" | "contains" | "same" , "as" ;
//! against    = literal | list | quantity ;                 (* ~ takes no quantity *)
//! list       = "[" , [ literal , { "," , literal } ] , "]" ;
//! range      = literal , ( ".." | "..=" ) , literal
//!            | "(" , literal , "," , literal , ( ")" | "]" )
//!            | "[" , literal , "," , literal , ")" ;
//! quantity   = product , { ( "+" | "-" ) , product } ;
//! product    = factor , { ( "*" | "/" ) , factor } ;
//! factor     = number | "-" , number | path
//!            | function , "(" , quantity , { "," , quantity } , ")"
//!            | "(" , quantity , ")" ;
//! function   = "len" | "sum" | "min" | "max" | "mean" | "median" ;
//! path       = name , "." , name , { "." , name | step } ;  (* no space inside *)
//! step       = "[" , ( "*" | field , claim | element name ) , "]" ;
//!                                      (* no quantity against, no string *)
//! literal    = integer | decimal | percentage | fraction | number words
//!            | scaled number | ordinal | fraction words | string | game
//!            | "true" | "false" ;
//! string     = '"' , { any character but '"' } , '"' ;
//! game       = "{" , side , bars , side , "}" | short ;   (* GameTable::read *)
//! side       = [ game , { "," , game } ] | game , bars , game ;
//! bars       = "|" , { "|" } ;            (* the most bars split; one run of them *)
//! short      = ( "+-" | "±" ) , number
//!            | [ number ] , [ ups ] , [ ( "*" | "∗" ) , [ digits ] ] ; (* not all empty *)
//! ups        = arrow , { arrow } | arrow , digits | digits , "·" , arrow ;
//! arrow      = "^" | "v" | "↑" | "↓" ;                     (* one kind in a run *)
//! number     = [ "-" | "−" ] , digits , [ "/" , digits ] ; (* a power of two below *)
//! ```
//!
//! A `name` is letters, digits, `_` and `-`; a `-` followed by a number
//! that ends the word, or after a `)`, is a minus (`b.whole-1`,
//! `len(x.a)-1`), and any other is part of the name (`two-rows.grid`). An
//! expression has at most [`parser::MAX_TOKENS`] tokens. `..` is a
//! half-open range (`9..10` leaves 10 out), `..=` a closed one; `(` and `)`
//! leave their end out, `[` and `]` keep it, but `[a, b]` after `in` is a
//! set, the value one of its elements. `by P` gives `~` a precision
//! (`~ 13.5 by 0.5`); without it `~` rounds to the literal's own
//! ([`ast::LiteralKind::Exact`]). A game literal is read by the core's
//! reader of `CGSuite`'s notation ([`crate::cgt::canonical::GameTable::read`],
//! spaces free inside it) and compared as a game ([`game`]): `=` equality of
//! games, `<`, `>`, `<=`, `>=` the order of games, `||` confusion; a number
//! against a value that is a game, and two values that are games, compare
//! so too. `true` and `false` compare with values that are true or false.
//! A quantity on the right may be a list of the data, compared as a list
//! literal is (`=`, `same as`, `contains`); arithmetic on a list works
//! element by element, on a list and a number or on two lists of one
//! length. docs/claims.md says what each form means, with examples.
//!
//! # Files
//!
//! They import one another in one direction, no loop: [`ratio`] (exact
//! numbers), [`number_words`], [`ast`], [`literal`] (literals read), then
//! [`lexer`] and [`parser`]; [`print`](mod@print) (values shown as a reader reads
//! them), [`game`] (games compared), [`decide`] (claims decided, printing
//! the values they name through [`print`](mod@print), which imports nothing of them),
//! [`path`], [`terms`] (quantities valued), then [`evaluate`](mod@evaluate).
//! [`data`] is below them all. The parser and the evaluator meet only in
//! the tree.

pub mod ast;
pub mod data;
pub mod decide;
pub mod evaluate;
pub mod game;
pub mod lexer;
pub mod literal;
pub mod number_words;
pub mod parser;
pub mod path;
pub mod print;
pub mod ratio;
#[cfg(test)]
mod round_trip;
pub mod terms;

pub use ast::{Action, Expr};
pub use data::{EssayData, FigureData, is_name};
pub use decide::ratio_of;
pub use evaluate::{Evaluation, evaluate};
pub use parser::find_all;
pub use path::resolve;
pub use ratio::Ratio;
