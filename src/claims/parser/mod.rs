//! The claim language's parser: the tokens of a `{{ ... }}` ([`super::lexer`])
//! to its tree ([`super::ast`]), by the grammar in [`super`]'s doc, and the
//! `{{ ... }}` of a text found.
//!
//! It imports the lexer, the tree, the literals and the data's names;
//! nothing in the claims but [`super`] imports it.

use super::ast::{
    Action, Against, Bounds, Claim, Expr, Filter, Function, Literal, LiteralKind, Op, Path, Step,
    Term, Test,
};
use super::data::is_name;
use super::lexer::{Kind, Token, lex};
use super::literal;
use crate::site::diagnostics::{ContentError, cut};
use rust_decimal::Decimal;

/// One `{{ ... }}` found in a text.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// Where the whole `{{ ... }}` starts in the text.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// What it says, or why it cannot be read.
    pub expr: Result<Expr, ContentError>,
}

/// The most tokens (numbers, words, operators, parentheses and commas) an
/// expression may have: its parse, its value and its printing recurse once
/// for each parenthesis and operator, so this bounds how deep they go.
pub const MAX_TOKENS: usize = 256;

/// Finds every `{{ ... }}` in `text`; `\{{` is not one (markdown shows it
/// as `{{`).
pub fn find_all(text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|i| i + from) {
        if text[..open].ends_with('\\') {
            from = open + 2;
            continue;
        }
        // A quote or a brace left open reads to the first `}}`, for the lexer
        // or the game's reader to refuse.
        let after = &text[open + 2..];
        let Some(close) = closing_braces(after)
            .or_else(|| after.find("}}"))
            .map(|i| i + open + 2)
        else {
            out.push(Found {
                start: open,
                end: text.len(),
                expr: Err("`{{` is not closed by `}}`".into()),
            });
            break;
        };
        // A string literal may itself contain `}}`: extend to the closing quote.
        let close = match text[open + 2..close].matches('"').count() % 2 {
            1 => text[close..]
                .find('"')
                .and_then(|q| text[close + q..].find("}}").map(|c| close + q + c))
                .unwrap_or(close),
            _ => close,
        };
        out.push(Found {
            start: open,
            end: close + 2,
            expr: parse(&text[open + 2..close]),
        });
        from = close + 2;
    }
    out
}

/// Where the `}}` closing a `{{` is in the text after it: the first outside
/// quotes and a game literal's braces (`{{ g.v = {0|{0|-1}} }}`), or `None`
/// when the braces do not balance.
fn closing_braces(text: &str) -> Option<usize> {
    let (mut depth, mut quoted) = (0usize, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '}' if depth == 0 => return text[i..].starts_with("}}").then_some(i),
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Parses the inside of `{{ ... }}`.
pub fn parse(inner: &str) -> Result<Expr, ContentError> {
    let tokens = lex(inner)?;
    if tokens.len() > MAX_TOKENS {
        return Err(format!(
            "`{}` has more than {MAX_TOKENS} numbers, names, operators and parentheses; a \
             claim states a quantity of a few",
            cut(inner.trim())
        )
        .into());
    }
    let end = tokens.len();
    let mut parser = Parser {
        text: inner,
        tokens,
        at: 0,
        end,
    };
    parser.expression()
}

/// Parses a quantity alone (a term of a claim).
pub fn parse_term(text: &str) -> Result<Term, ContentError> {
    match parse(text)? {
        Expr {
            term,
            action: Action::Show,
        } => Ok(term),
        _ => Err(format!("`{}` is not a quantity", text.trim()).into()),
    }
}

struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token<'a>>,
    at: usize,
    /// Tokens from here on are not seen (while a part of the text is read).
    end: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<Kind<'a>> {
        (self.at < self.end).then(|| self.tokens[self.at].kind)
    }

    fn eat(&mut self, symbol: &str) -> bool {
        let here = matches!(self.peek(), Some(Kind::Symbol(s) | Kind::Word(s)) if s == symbol);
        self.at += usize::from(here);
        here
    }

    /// The text of tokens `from..to`.
    fn slice(&self, from: usize, to: usize) -> &'a str {
        if from < to {
            &self.text[self.tokens[from].span.start..self.tokens[to - 1].span.end]
        } else {
            ""
        }
    }

    /// What the next token is, for an error.
    fn found(&self) -> String {
        match self.peek() {
            None => "the end".to_string(),
            Some(_) => format!("`{}`", self.slice(self.at, self.at + 1)),
        }
    }

    /// `quantity [ "|" filter | op against [ "by" literal ] [ ":" string ] ]`
    fn expression(&mut self) -> Result<Expr, ContentError> {
        let term = self.quantity()?;
        let action = if self.eat("|") {
            let filter = parse_filter(self.slice(self.at, self.end).trim())?;
            self.at = self.end;
            Action::Filter(filter)
        } else if let Some(op) = self.op() {
            Action::Claim(Box::new(self.claim(op)?))
        } else if self.peek().is_none() {
            Action::Show
        } else {
            return Err(format!(
                "unexpected {} in `{}`: expected an operator (`= ~ < > <= >= || in contains \
                 same as`) or a filter (`|`)",
                self.found(),
                self.text.trim()
            )
            .into());
        };
        Ok(Expr { term, action })
    }

    fn op(&mut self) -> Option<Op> {
        if self.eat("same") {
            return if self.eat("as") {
                Some(Op::SameAs)
            } else {
                self.at -= 1;
                None
            };
        }
        let op = Op::ALL
            .iter()
            .find(|(s, op)| {
                *op != Op::SameAs
                    && matches!(self.peek(), Some(Kind::Symbol(t) | Kind::Word(t)) if t == *s)
            })
            .map(|(_, op)| *op)?;
        self.at += 1;
        Some(op)
    }

    /// A claim's right side, precision and words.
    fn claim(&mut self, op: Op) -> Result<Claim, ContentError> {
        let against = match op {
            Op::In if self.peek() == Some(Kind::Symbol("[")) && self.closer() == Some("]") => {
                Against::List(self.list(op)?)
            }
            Op::In => Against::Range(self.range()?),
            _ if self.peek() == Some(Kind::Symbol("[")) => Against::List(self.list(op)?),
            _ => self.single(op)?,
        };
        let by = match self.eat("by") {
            true if op == Op::Approx => {
                let to = self.until(&[":"]);
                let by = literal::read(self.slice(self.at, to))?;
                self.at = to;
                match literal::number(&by) {
                    Some(p) if p.num > Decimal::ZERO => Some(by),
                    _ => return Err(format!("`by {by}`: a precision is a number above 0").into()),
                }
            }
            true => {
                return Err(format!(
                    "`by` states the precision `~` rounds to, not `{}`'s",
                    op.symbol()
                )
                .into());
            }
            false => None,
        };
        let prints = if self.eat(":") {
            match self.peek() {
                Some(Kind::Str(words)) if self.at + 1 == self.end => {
                    self.at += 1;
                    Some(unescaped(words))
                }
                _ => {
                    return Err(format!(
                        "expected the words the claim prints in quotes after `:`, found `{}`",
                        self.slice(self.at, self.end)
                    )
                    .into());
                }
            }
        } else {
            None
        };
        if self.peek().is_some() {
            return Err(format!("unexpected {} in `{}`", self.found(), self.text.trim()).into());
        }
        Ok(Claim {
            op,
            against,
            by,
            prints,
        })
    }

    /// The first token from here at depth 0 that is one of `stops`, or the
    /// end (or `by`).
    fn until(&self, stops: &[&str]) -> usize {
        let mut depth = 0usize;
        for i in self.at..self.end {
            match self.tokens[i].kind {
                Kind::Symbol("(" | "[" | "{") => depth += 1,
                Kind::Symbol(s @ (")" | "]")) if depth == 0 && stops.contains(&s) => return i,
                Kind::Symbol(")" | "]" | "}") => depth = depth.saturating_sub(1),
                Kind::Symbol(s) if depth == 0 && stops.contains(&s) => return i,
                Kind::Word("by") if depth == 0 => return i,
                _ => {}
            }
        }
        self.end
    }

    /// What closes the `[` or `(` here: the first `)` or `]` at its depth.
    fn closer(&self) -> Option<&'static str> {
        let mut depth = 0usize;
        for token in &self.tokens[self.at..self.end] {
            match token.kind {
                Kind::Symbol("(" | "[" | "{") => depth += 1,
                Kind::Symbol(s @ (")" | "]")) if depth == 1 => return Some(s),
                Kind::Symbol(")" | "]" | "}") => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        None
    }

    /// A literal up to the first of `stops`.
    fn literal(&mut self, op: Op, stops: &[&str]) -> Result<Literal, ContentError> {
        let to = self.until(stops);
        if to == self.at {
            return Err(format!("expected a literal, found {}", self.found()).into());
        }
        let lit = comparable(op, literal::read(self.slice(self.at, to))?)?;
        self.at = to;
        Ok(lit)
    }

    /// A literal, or another quantity.
    fn single(&mut self, op: Op) -> Result<Against, ContentError> {
        let to = self.until(&[":"]);
        if to == self.at {
            return Err(format!(
                "expected a literal or a quantity after `{}`, found {}",
                op.symbol(),
                self.found()
            )
            .into());
        }
        let written = self.slice(self.at, to);
        let literal_error = match literal::read(written) {
            Ok(lit) => {
                self.at = to;
                return Ok(Against::Literal(comparable(op, lit)?));
            }
            Err(e) => e,
        };
        let (start, end) = (self.at, self.end);
        self.end = to;
        let term = self.quantity().ok().filter(|_| self.at == to);
        self.end = end;
        match term {
            Some(_) if op == Op::Approx => Err(format!(
                "`~` rounds to a literal's precision: write a literal, not `{written}`"
            )
            .into()),
            Some(term) => Ok(Against::Term(term)),
            None => {
                self.at = start;
                Err(literal_error)
            }
        }
    }

    /// `[ literal { "," literal } ]`
    fn list(&mut self, op: Op) -> Result<Vec<Literal>, ContentError> {
        self.eat("[");
        let mut items = Vec::new();
        let element = if matches!(op, Op::SameAs | Op::Contains | Op::In) {
            Op::Eq
        } else {
            op
        };
        if !self.eat("]") {
            loop {
                items.push(self.literal(element, &[",", "]"])?);
                if self.eat("]") {
                    break;
                }
                if !self.eat(",") {
                    return Err(format!(
                        "a list's elements are separated by `,` and it is closed by `]`, found {}",
                        self.found()
                    )
                    .into());
                }
            }
        }
        Ok(items)
    }

    /// `literal (".." | "..=") literal | ("(" | "[") literal "," literal (")" | "]")`
    fn range(&mut self) -> Result<Bounds, ContentError> {
        let bracketed = self.peek();
        let bounds = if let Some(Kind::Symbol(open @ ("(" | "["))) = bracketed {
            self.at += 1;
            let low = self.literal(Op::Ge, &[","])?;
            self.eat(",");
            let high = self.literal(Op::Le, &[")", "]"])?;
            let Some(Kind::Symbol(close @ (")" | "]"))) = self.peek() else {
                return Err(format!("a range `{open}a, b` is closed by `)` or `]`").into());
            };
            self.at += 1;
            Bounds {
                low,
                high,
                low_open: open == "(",
                high_open: close == ")",
                dots: false,
            }
        } else {
            let low = self.literal(Op::Ge, &["..", "..="])?;
            let high_open = match self.peek() {
                Some(Kind::Symbol("..")) => true,
                Some(Kind::Symbol("..=")) => false,
                _ => {
                    return Err(format!(
                        "`in` takes a range, `9..=10` (both ends in), `9..10` (10 out), \
                         `(0.5, 0.6)` (both out), `(0.5, 0.6]` or `[0.5, 0.6)`, or a set, \
                         `[6, 7, 9]`; found {}",
                        self.found()
                    )
                    .into());
                }
            };
            self.at += 1;
            let high = self.literal(Op::Le, &[":"])?;
            Bounds {
                low,
                high,
                low_open: false,
                high_open,
                dots: true,
            }
        };
        match (literal::number(&bounds.low), literal::number(&bounds.high)) {
            (Some(low), Some(high)) if low.compare(high)?.is_le() => Ok(bounds),
            (Some(_), Some(_)) => Err(format!(
                "the range's low end `{}` is above its high end `{}`",
                bounds.low, bounds.high
            )
            .into()),
            _ => Err("a range's ends are numbers".into()),
        }
    }

    /// `product { ("+" | "-") product }`
    fn quantity(&mut self) -> Result<Term, ContentError> {
        self.chain(&['+', '-'], Parser::product)
    }

    /// `factor { ("*" | "/") factor }`
    fn product(&mut self) -> Result<Term, ContentError> {
        self.chain(&['*', '/'], Parser::factor)
    }

    fn chain(
        &mut self,
        ops: &[char],
        operand: fn(&mut Parser<'a>) -> Result<Term, ContentError>,
    ) -> Result<Term, ContentError> {
        let mut term = operand(self)?;
        while let Some(&op) = ops
            .iter()
            .find(|&&op| self.eat(op.encode_utf8(&mut [0; 4])))
        {
            term = Term::Binary(Box::new(term), op, Box::new(operand(self)?));
        }
        Ok(term)
    }

    /// A number, a path, a call or a parenthesised quantity.
    fn factor(&mut self) -> Result<Term, ContentError> {
        let found = self.found();
        let Some(kind) = self.peek() else {
            return Err("expected a quantity, found the end".into());
        };
        self.at += 1;
        match kind {
            Kind::Symbol("(") => {
                let term = self.quantity()?;
                if self.eat(")") {
                    Ok(term)
                } else {
                    Err("a `(` is not closed".into())
                }
            }
            Kind::Symbol("-") => match self.peek() {
                Some(Kind::Word(w)) if number(w).is_some() => {
                    self.at += 1;
                    Ok(Term::Number(-number(w).unwrap_or_default()))
                }
                _ => Err(format!(
                    "a `-` before {} (a sign goes before a number only; write `0 - x`)",
                    self.found()
                )
                .into()),
            },
            Kind::Word(word) => {
                if let Some(n) = number(word) {
                    return Ok(Term::Number(n));
                }
                // `04`, `4e0` or 30 places: a number that is not one, not a path.
                if word.starts_with(|c: char| c.is_ascii_digit()) {
                    literal::bounded(word)?;
                }
                if let Some(&(_, function)) = Function::ALL.iter().find(|(n, _)| *n == word)
                    && self.eat("(")
                {
                    let mut args = vec![self.quantity()?];
                    while self.eat(",") {
                        args.push(self.quantity()?);
                    }
                    if !self.eat(")") {
                        return Err(format!("`{word}(` is not closed").into());
                    }
                    return Ok(Term::Call(function, args));
                }
                self.path(word).map(Term::Path)
            }
            _ => Err(format!("expected a quantity, found {found}").into()),
        }
    }

    /// A path starting with `word`, its steps the tokens written directly
    /// after it.
    fn path(&mut self, word: &'a str) -> Result<Path, ContentError> {
        let start = self.at - 1;
        let mut names = word.split('.');
        let id = names.next().unwrap_or_default();
        let mut steps: Vec<Step> = names.map(|n| Step::Key(n.to_string())).collect();
        let adjacent = |p: &Parser<'a>| {
            p.at < p.end && p.tokens[p.at].span.start == p.tokens[p.at - 1].span.end
        };
        while adjacent(self) {
            match self.peek() {
                Some(Kind::Step(inner)) if !steps.is_empty() => steps.push(step(inner)?),
                Some(Kind::Step(_)) => {
                    return Err(format!("`{word}[`: name a key before `[` (`ID.KEY[...]`)").into());
                }
                Some(Kind::Word(more)) if more.starts_with('.') => {
                    steps.extend(more[1..].split('.').map(|n| Step::Key(n.to_string())));
                }
                Some(Kind::Symbol(_) | Kind::Str(_)) | None => break,
                Some(Kind::Word(_)) => {
                    return Err(format!(
                        "`{}`: expected `.` or `[` after `]`",
                        self.slice(start, self.at + 1)
                    )
                    .into());
                }
            }
            self.at += 1;
        }
        let written = self.slice(start, self.at);
        let keys = std::iter::once(id).chain(steps.iter().filter_map(|s| match s {
            Step::Key(k) => Some(k.as_str()),
            _ => None,
        }));
        for name in keys {
            if name.ends_with('-') {
                return Err(format!(
                    "`{written}`: a name does not end in `-`; a `-` between terms takes a \
                     space after it (`x - y`)"
                )
                .into());
            }
            if !is_name(name) {
                return Err(if steps.is_empty() || name == id {
                    format!(
                        "expected `ID.KEY` (a figure id and a dotted key), a number or a \
                     function ({}), found `{written}`",
                        Function::ALL.map(|(n, _)| n).join(", ")
                    )
                } else {
                    format!("`{written}`: `{name}` is not a key")
                }
                .into());
            }
        }
        match steps.first() {
            Some(Step::Key(_)) => Ok(Path {
                id: id.to_string(),
                steps,
            }),
            _ => Err(format!(
                "expected `ID.KEY` (a figure id and a dotted key), a number or a function \
                 ({}), found `{written}`",
                Function::ALL.map(|(n, _)| n).join(", ")
            )
            .into()),
        }
    }
}

/// A claim's words as they print: `\"` a quote and `\\` a backslash
/// (any other backslash is kept).
fn unescaped(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    let mut chars = words.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(next @ ('"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// A number written in digits in a quantity (`2`, `0.5`, `2,916`), as a
/// literal writes one ([`literal::plain`]: not `04` or `4e0`).
fn number(word: &str) -> Option<Decimal> {
    literal::plain(word)
}

/// `step = "[" , ( "*" | field , op , against | element name ) , "]"`: the
/// inside of `[...]`: `*`, a filter (a field compared as a claim compares
/// a value, with a literal, a list or a range) or an element's name.
pub(super) fn step(inner: &str) -> Result<Step, ContentError> {
    let written = inner.split_whitespace().collect::<Vec<_>>().join(" ");
    if written == "*" {
        return Ok(Step::All);
    }
    let Some((at, symbol)) = operator(&written) else {
        return if written.is_empty() {
            Err(
                "`[]` selects nothing: write an element's name (`boards[4x5]`), a \
                     filter (`positions[survivors > 1]`) or `[*]` for every element"
                    .into(),
            )
        } else {
            Ok(Step::Name(written))
        };
    };
    let field = written[..at].trim();
    let names: Vec<String> = field.split('.').map(str::to_string).collect();
    if !names.iter().all(|n| is_name(n)) {
        return Err(format!(
            "`[{written}]`: a filter compares a field of each element (`[survivors > 1]`), \
             not `{field}`"
        )
        .into());
    }
    let op = Op::ALL
        .iter()
        .find(|(s, _)| *s == symbol)
        .map(|(_, op)| *op)
        .ok_or_else(|| {
            format!(
                "`[{written}]`: a filter compares as a claim does (`= ~ < > <= >= || in \
                 contains same as`), not with `{symbol}`"
            )
        })?;
    let claim =
        comparison(op, &written[at + symbol.len()..]).map_err(|e| format!("`[{written}]`: {e}"))?;
    Ok(Step::Filter(Test {
        written,
        field: names,
        claim: Box::new(claim),
    }))
}

/// A filter's comparison after its operator: what a claim compares with,
/// but not another quantity, and no words to print.
fn comparison(op: Op, text: &str) -> Result<Claim, ContentError> {
    let tokens = lex(text)?;
    let end = tokens.len();
    let mut parser = Parser {
        text,
        tokens,
        at: 0,
        end,
    };
    let claim = parser.claim(op)?;
    match claim.against {
        Against::Term(_) => Err(
            "a filter compares each element with a literal, a list or a range, not with a \
             quantity of the data"
                .into(),
        ),
        _ if claim.prints.is_some() => Err("a filter prints nothing: no words after `:`".into()),
        _ => Ok(claim),
    }
}

/// The first comparison (an operator a claim uses, a word operator between
/// spaces) or filter bar outside quotes, and where it is.
fn operator(inner: &str) -> Option<(usize, &'static str)> {
    let mut quoted = false;
    for (i, c) in inner.char_indices() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            _ => {
                let word =
                    |s: &str| inner[..i].ends_with(' ') && inner[i + s.len()..].starts_with(' ');
                if let Some((symbol, _)) = Op::ALL.iter().find(|(s, _)| {
                    inner[i..].starts_with(s) && (!s.starts_with(char::is_alphabetic) || word(s))
                }) {
                    return Some((i, symbol));
                }
                if c == '|' {
                    return Some((i, "|"));
                }
            }
        }
    }
    None
}

/// A literal that `op` can compare with: a quoted string, `true` or `false` only with `=`, a
/// game not with `~`, and `||` only a game or an exact number.
fn comparable(op: Op, literal: Literal) -> Result<Literal, ContentError> {
    match literal.kind {
        LiteralKind::Game(_) if op == Op::Approx => Err(format!(
            "`~` rounds numbers; a game `{}` is compared exactly (`=`, `<`, `>`, `<=`, `>=`, \
             `||`)",
            literal.text
        )
        .into()),
        LiteralKind::String(_)
        | LiteralKind::Bool(_)
        | LiteralKind::Decimal { .. }
        | LiteralKind::Percent { .. }
            if op == Op::Confused =>
        {
            Err(format!(
                "`||` (confused with) compares games: write a game or an exact number, not `{}`",
                literal.text
            )
            .into())
        }
        LiteralKind::String(_) if !matches!(op, Op::Eq | Op::Contains | Op::SameAs) => {
            Err(format!(
                "a quoted string can only be claimed equal (`=`), not `{}`",
                op.symbol()
            )
            .into())
        }
        LiteralKind::Bool(b) if !matches!(op, Op::Eq | Op::Contains | Op::SameAs) => Err(format!(
            "`{b}` can only be claimed equal (`=`), not `{}`",
            op.symbol()
        )
        .into()),
        _ => Ok(literal),
    }
}

fn parse_filter(filter: &str) -> Result<Filter, ContentError> {
    let bad = || {
        ContentError::new(format!(
            "unknown filter `{filter}`; expected `percent(N)`, `fixed(N)`, `round(N)`, \
             `millions(N)`, `words`, `ordinal` or `game`"
        ))
    };
    match filter {
        "words" => return Ok(Filter::Words),
        "game" => return Ok(Filter::Game),
        "ordinal" => return Ok(Filter::Ordinal),
        _ => {}
    }
    let (name, rest) = filter.split_once('(').ok_or_else(bad)?;
    let n: usize = rest
        .strip_suffix(')')
        .and_then(|n| n.trim().parse().ok())
        .filter(|&n| n <= 12)
        .ok_or_else(bad)?;
    match name.trim() {
        "percent" => Ok(Filter::Percent(n)),
        "fixed" => Ok(Filter::Fixed(n)),
        "round" if n > 0 => Ok(Filter::Round(n)),
        "millions" => Ok(Filter::Millions(n)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests;
