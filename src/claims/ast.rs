//! The claim language's syntax tree: what [`super::parser`] makes of a
//! `{{ ... }}` and [`super::evaluate`](mod@super::evaluate) reads, and its
//! one spelling (`Display`), which parses back to the same tree.
//!
//! It imports only [`super::ratio`] (the exact numbers literals hold).

use super::ratio::Ratio;
use rust_decimal::Decimal;
use std::cmp::Ordering;
use std::fmt;

/// A parsed `{{ ... }}`: a quantity and what to do with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it shows or claims of: a path, or a quantity derived from paths.
    pub term: Term,
    /// Show it, print it through a filter, or claim something of it.
    pub action: Action,
}

/// What an expression does with its quantity.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// `{{ q }}`: print it.
    Show,
    /// `{{ q | filter }}`: print it through a filter.
    Filter(Filter),
    /// `{{ q OP against }}`: check a claim.
    Claim(Box<Claim>),
}

/// How `| FILTER` prints a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// 100 x the value with N places and `%`.
    Percent(usize),
    /// With N places.
    Fixed(usize),
    /// In words: "fifty-four".
    Words,
    /// As an ordinal in words: "twenty-first".
    Ordinal,
    /// Rounded to N significant digits: 8,503,056 is "8,500,000" at 2.
    Round(usize),
    /// In millions with N places: 8,503,056 is "8.5 million" at 1.
    Millions(usize),
    /// A game (or a number) in the site's notation: `+-1` as ±1.
    Game,
}

/// A claim: the computed value against a literal, a list, a range or
/// another value.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    /// How the two sides compare.
    pub op: Op,
    /// What the computed value is compared with.
    pub against: Against,
    /// `by P`: the precision `~` rounds to, instead of the literal's own.
    pub by: Option<Literal>,
    /// The words after `:`, printed instead of the literal.
    pub prints: Option<String>,
}

/// What a claim compares the computed value with.
#[derive(Clone, Debug, PartialEq)]
pub enum Against {
    /// One literal: `2,916`, `half`, `"{0|-2}"`, `{1|-1}`.
    Literal(Literal),
    /// A list of literals: `[4, 6, 7, 8, 9]`; after `in`, a set the value
    /// is one of.
    List(Vec<Literal>),
    /// A range: `9..=10`, `(0.5, 0.6)`.
    Range(Bounds),
    /// Another quantity of the essay's data.
    Term(Term),
}

/// A range's two bounds and whether each is open.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounds {
    /// The lower bound.
    pub low: Literal,
    /// The upper bound.
    pub high: Literal,
    /// Whether the value may not equal `low`.
    pub low_open: bool,
    /// Whether the value may not equal `high`.
    pub high_open: bool,
    /// Written with dots (`a..b`, `a..=b`) rather than brackets.
    pub dots: bool,
}

/// How a claim compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=`: exactly, or after rounding to a decimal's or percentage's places.
    Eq,
    /// `~`: after rounding both to the literal's precision.
    Approx,
    /// `<`.
    Lt,
    /// `>`.
    Gt,
    /// `<=`.
    Le,
    /// `>=`.
    Ge,
    /// `in`: inside a range, or one of a set.
    In,
    /// `contains`: a list has an element equal to the literal.
    Contains,
    /// `same as`: a list has the literals' elements, in any order.
    SameAs,
    /// `||`: confused with (games neither of which is at least the other).
    Confused,
}

impl Op {
    /// Every operator with its spelling, longer symbols first.
    pub const ALL: [(&'static str, Op); 10] = [
        ("||", Op::Confused),
        ("<=", Op::Le),
        (">=", Op::Ge),
        ("=", Op::Eq),
        ("~", Op::Approx),
        ("<", Op::Lt),
        (">", Op::Gt),
        ("in", Op::In),
        ("contains", Op::Contains),
        ("same as", Op::SameAs),
    ];

    /// How the operator is written.
    pub fn symbol(self) -> &'static str {
        Op::ALL
            .iter()
            .find(|(_, op)| *op == self)
            .map_or("=", |(s, _)| s)
    }

    /// Whether it compares one number with another (a filter's operators).
    pub fn compares(self) -> bool {
        matches!(
            self,
            Op::Eq | Op::Approx | Op::Lt | Op::Gt | Op::Le | Op::Ge
        )
    }

    /// Whether `ordering` (computed against claimed) satisfies an order.
    pub fn orders(self, ordering: Ordering) -> bool {
        match self {
            Op::Lt => ordering == Ordering::Less,
            Op::Gt => ordering == Ordering::Greater,
            Op::Le => ordering != Ordering::Greater,
            Op::Ge => ordering != Ordering::Less,
            // Numbers are never confused.
            Op::Confused => false,
            _ => ordering == Ordering::Equal,
        }
    }
}

/// A claim's literal, with the text it renders as.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    /// As written (a quoted string without its quotes).
    pub text: String,
    /// What it means.
    pub kind: LiteralKind,
}

/// What a literal means.
#[derive(Clone, Debug, PartialEq)]
pub enum LiteralKind {
    /// An exact number: integers, number words, fractions, `8.5 million`.
    Exact {
        /// Its value.
        value: Ratio,
        /// What `~` rounds to: the place of a whole number's last non-zero
        /// digit, of the last digit written before a scale word (`8.50
        /// million`: 10,000), 1/(2 x the denominator) for fraction words,
        /// the fraction for a mixed number in words, or two decimals for a
        /// fraction in digits.
        precision: Ratio,
    },
    /// Compared after rounding the computed value to `places` decimals.
    Decimal {
        /// Its value.
        value: Decimal,
        /// Its decimal places.
        places: u32,
    },
    /// Compared after rounding 100 x the computed ratio to `places` decimals.
    Percent {
        /// 100 x its value.
        value: Decimal,
        /// Its decimal places.
        places: u32,
    },
    /// A quoted string, compared with the value as shown.
    String(String),
    /// `true` or `false`, compared with a value of the data that is one.
    Bool(bool),
    /// A game in `CGSuite`'s notation or the site's (`{1|-1}`, `^`, `±1`),
    /// as written: compared as a game.
    Game(String),
}

/// A quantity, before the data is known.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// `ID.KEY...`: keys, indexes, names and filters.
    Path(Path),
    /// A number written in digits.
    Number(Decimal),
    /// `a + b`, `a - b`, `a * b`, `a / b`.
    Binary(Box<Term>, char, Box<Term>),
    /// A function of its arguments.
    Call(Function, Vec<Term>),
}

/// The functions a quantity may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// The number of a list's elements.
    Len,
    /// Their sum.
    Sum,
    /// The least.
    Min,
    /// The greatest.
    Max,
    /// Their mean.
    Mean,
    /// Their median.
    Median,
}

impl Function {
    /// Every function with its name.
    pub const ALL: [(&'static str, Function); 6] = [
        ("len", Function::Len),
        ("sum", Function::Sum),
        ("min", Function::Min),
        ("max", Function::Max),
        ("mean", Function::Mean),
        ("median", Function::Median),
    ];

    /// Its name.
    pub fn name(self) -> &'static str {
        Function::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("", |(n, _)| n)
    }
}

/// A path into a figure's data, before the data is known.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// The figure or data block.
    pub id: String,
    /// The steps into its data; the first is a key.
    pub steps: Vec<Step>,
}

/// One step of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// `.key`: an object's key, a list's index, or (on a list, not a
    /// number) the key of each element.
    Key(String),
    /// `[name]`: the element of a list named `name`.
    Name(String),
    /// `[field OP against]`: the elements of a list whose field satisfies
    /// the comparison, any a claim makes of a literal, a list or a range
    /// (`[move in 17..=18]`, `[placed in [1, 3]]`, `[column contains 1]`).
    Filter(Test),
    /// `[*]`: every element of a list.
    All,
}

/// A filter's comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// As written, spaces collapsed.
    pub written: String,
    /// The compared field of an element, split on dots.
    pub field: Vec<String>,
    /// The comparison, as a claim of the field states it: never a
    /// quantity on the right nor words after `:`.
    pub claim: Box<Claim>,
}

impl Expr {
    /// The figure ids it reads, on both sides of a claim.
    pub fn ids(&self) -> Vec<&str> {
        let mut ids = self.term.ids();
        if let Action::Claim(claim) = &self.action
            && let Against::Term(other) = &claim.against
        {
            ids.extend(other.ids());
        }
        ids
    }
}

impl Action {
    /// Whether what it prints is words, capitalised at a sentence's start.
    pub fn is_words(&self) -> bool {
        matches!(self, Action::Filter(Filter::Words | Filter::Ordinal))
    }
}

impl Claim {
    /// What the claim prints when it holds, if that is known before the
    /// data is: its words, its literal as written, or a list's literals
    /// as prose lists them ("4, 6 and 7").
    pub fn as_written(&self) -> Option<String> {
        match (&self.prints, &self.against) {
            (Some(words), _) => Some(words.clone()),
            (None, Against::Literal(lit)) => Some(lit.text.clone()),
            (None, Against::List(items)) => Some(listed(items.iter().map(|l| l.text.as_str()))),
            (None, Against::Term(_) | Against::Range(_)) => None,
        }
    }
}

/// Items as prose lists them: "4", "4 and 6", "4, 6 and 7".
pub fn listed<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl Term {
    /// The figure ids the term reads.
    pub fn ids(&self) -> Vec<&str> {
        match self {
            Term::Path(path) => vec![path.id.as_str()],
            Term::Number(_) => Vec::new(),
            Term::Binary(a, _, b) => [a.ids(), b.ids()].concat(),
            Term::Call(_, args) => args.iter().flat_map(Term::ids).collect(),
        }
    }
}

impl Path {
    /// The path as written up to (not including) step `n`.
    pub fn upto(&self, n: usize) -> String {
        let mut out = self.id.clone();
        for step in &self.steps[..n] {
            match step {
                Step::Key(key) => out += &format!(".{key}"),
                Step::Name(name) => out += &format!("[{name}]"),
                Step::Filter(test) => out += &format!("[{}]", test.written),
                Step::All => out += "[*]",
            }
        }
        out
    }
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Filter::Percent(n) => write!(f, "percent({n})"),
            Filter::Fixed(n) => write!(f, "fixed({n})"),
            Filter::Words => f.write_str("words"),
            Filter::Ordinal => f.write_str("ordinal"),
            Filter::Round(n) => write!(f, "round({n})"),
            Filter::Millions(n) => write!(f, "millions({n})"),
            Filter::Game => f.write_str("game"),
        }
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            LiteralKind::String(s) => write!(f, "\"{s}\""),
            _ => f.write_str(&self.text),
        }
    }
}

impl fmt::Display for Against {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Against::Literal(lit) => write!(f, "{lit}"),
            Against::List(items) => {
                let items: Vec<String> = items.iter().map(Literal::to_string).collect();
                write!(f, "[{}]", items.join(", "))
            }
            Against::Range(b) if b.dots => {
                let dots = if b.high_open { ".." } else { "..=" };
                write!(f, "{}{dots}{}", b.low, b.high)
            }
            Against::Range(b) => {
                let open = if b.low_open { '(' } else { '[' };
                let close = if b.high_open { ')' } else { ']' };
                write!(f, "{open}{}, {}{close}", b.low, b.high)
            }
            // Arithmetic on numbers alone is parenthesised: the parser reads
            // a literal first, and `0 * 0` reads as a game (0, star, 0).
            Against::Term(term @ Term::Binary(..)) if term.ids().is_empty() => {
                write!(f, "({term})")
            }
            Against::Term(term) => write!(f, "{term}"),
        }
    }
}

/// The expression as ladder reads it, in one spelling however it was
/// spaced: `b.whole = 2,916`, `b.share | percent(1)`, `x.n = x.m : "all"`.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.term)?;
        match &self.action {
            Action::Show => Ok(()),
            Action::Filter(filter) => write!(f, " | {filter}"),
            Action::Claim(claim) => {
                write!(f, " {} {}", claim.op.symbol(), claim.against)?;
                if let Some(by) = &claim.by {
                    write!(f, " by {by}")?;
                }
                match &claim.prints {
                    Some(words) => {
                        // Quotes read to the last one; a backslash is
                        // doubled so that it reads back as itself.
                        let words = words.replace('\\', "\\\\");
                        write!(f, " : \"{words}\"")
                    }
                    None => Ok(()),
                }
            }
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Path(path) => write!(f, "{path}"),
            Term::Number(n) => write!(f, "{n}"),
            Term::Binary(a, op, b) => {
                let side = |t: &Term| match t {
                    Term::Binary(..) => format!("({t})"),
                    _ => t.to_string(),
                };
                write!(f, "{} {op} {}", side(a), side(b))
            }
            Term::Call(function, args) => {
                let args: Vec<String> = args.iter().map(Term::to_string).collect();
                write!(f, "{}({})", function.name(), args.join(", "))
            }
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.upto(self.steps.len()))
    }
}
