//! Numbers as prose writes them: English cardinals, ordinals and
//! fractions read as exact numbers, whole numbers written in words, and
//! ordinals in digits (`2nd`).
//!
//! It imports only [`super::ratio`].

use super::ratio::{Ratio, decimal};
use rust_decimal::Decimal;

/// A number as prose writes it: a cardinal, a zero word (`none`, `nought`,
/// `no`), `a dozen`, `single`, `both`, `twice`, `double`, an ordinal (`the
/// third`, `twenty-first`, `5th`), a fraction or mixed number in words (`a
/// half`, `three fifths`, `one and a half`), or digits or words with a scale
/// (`8.5 million`, `a thousand`).
pub fn words(text: &str) -> Option<Ratio> {
    let lower = text.trim().to_lowercase();
    // A minus sign before words (`−four`, `−a half`, `−one and a half`); a
    // zero word, an ordinal or `both` takes none. (Before digits, as in
    // `−8.5 million`, the digits carry it.)
    if let Some(magnitude) = lower
        .strip_prefix('-')
        .filter(|rest| rest.starts_with(char::is_alphabetic))
    {
        let value = fraction_words(magnitude).or_else(|| {
            let n = cardinal(magnitude).filter(|&n| n > 0)?;
            Some(Ratio::whole(n.into()))
        })?;
        return Some(Ratio {
            num: -value.num,
            den: value.den,
        });
    }
    let lower = lower.strip_prefix("the ").unwrap_or(&lower);
    let whole = |n: i64| Some(Ratio::whole(n.into()));
    match lower {
        "zero" | "nought" | "none" | "no" => return whole(0),
        "single" => return whole(1),
        "both" | "twice" | "double" => return whole(2),
        "a dozen" => return whole(12),
        _ => {}
    }
    if let Some(n) = ordinal(lower) {
        return whole(n);
    }
    if let Some(r) = fraction_words(lower) {
        return Some(r);
    }
    if let Some(Scaled { value, .. }) = scaled(lower) {
        return (value.fract() == Decimal::ZERO).then_some(Ratio::whole(value));
    }
    cardinal(lower).map(|n| Ratio::whole(n.into()))
}

/// Digits with a scale word, as `8.5 million` writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scaled {
    /// 8,500,000.
    pub value: Decimal,
    /// The decimal places of the digits: 1.
    pub places: u32,
    /// The scale word's value: 1,000,000.
    pub scale: i64,
}

/// `text` (lower case) as digits and a scale word, if it is written so and
/// its value does not overflow.
pub fn scaled(text: &str) -> Option<Scaled> {
    let (digits, scale_word) = text.rsplit_once(' ')?;
    let ((digits, places), scale) = decimal(digits).zip(scale(scale_word))?;
    Some(Scaled {
        value: digits.checked_mul(Decimal::from(scale))?,
        places,
        scale,
    })
}

/// The `n`th, in digits as a reader counts (from 1): `1st`, `2nd`, `3rd`,
/// `11th`, `22nd`.
pub fn nth(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// An ordinal: `first`, `twenty-first`, `a hundredth`, `5th`.
fn ordinal(text: &str) -> Option<i64> {
    if let Some(n) = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| text.strip_suffix(s)?.parse::<i64>().ok())
    {
        let written = usize::try_from(n).ok().filter(|&n| n > 0).map(nth);
        return (written.as_deref() == Some(text)).then_some(n);
    }
    let (head, last) = match text.rfind([' ', '-']) {
        Some(i) => (&text[..=i], &text[i + 1..]),
        None => ("", text),
    };
    let cardinal_word = ORDINALS
        .iter()
        .find(|(o, _)| *o == last)
        .map(|(_, c)| c.to_string())
        .or_else(|| {
            let stem = last.strip_suffix("th")?;
            let stem = stem
                .strip_suffix("ie")
                .map_or(stem.to_string(), |s| format!("{s}y"));
            (ORDINALS.iter().all(|(_, c)| *c != stem)).then_some(stem)
        })?;
    let n = cardinal(&format!("{head}{cardinal_word}"))?;
    (n > 0).then_some(n)
}

/// Ordinal words that are not their cardinal and `th`.
const ORDINALS: [(&str, &str); 7] = [
    ("first", "one"),
    ("second", "two"),
    ("third", "three"),
    ("fifth", "five"),
    ("eighth", "eight"),
    ("ninth", "nine"),
    ("twelfth", "twelve"),
];

/// A fraction or mixed number in words: `half`, `a half`, `a third`, `three
/// fifths`, `one and a half`, `thirteen and three quarters`.
fn fraction_words(text: &str) -> Option<Ratio> {
    let (whole, part) = match text.split_once(" and ") {
        Some((w, p)) if !w.contains(" and ") => (cardinal(w)?, p),
        _ => (0, text),
    };
    let (count, denominator) = match part.rsplit_once(' ') {
        Some((count, d)) => (count, d),
        None if part == "half" && whole == 0 => ("a", "half"),
        None => return None,
    };
    let count = match count {
        "a" => 1,
        c => cardinal(c).filter(|&n| n > 1 || (n == 1 && whole == 0))?,
    };
    let den = DENOMINATORS.iter().find_map(|(one, many, d)| {
        let word = if count == 1 { one } else { many };
        (*word == denominator).then_some(*d)
    })?;
    Some(Ratio {
        num: Decimal::from(whole * den + count),
        den: Decimal::from(den),
    })
}

/// What a fraction in words is written to, which `~` rounds to: the
/// nearest 1/(2 x its denominator) for a fraction (`half`: 1/4, `a third`:
/// 1/6), the nearest 1/its denominator for a mixed number (`thirteen and a
/// half`: 1/2); `None` for anything else.
pub fn written_to(text: &str) -> Option<Ratio> {
    let lower = text.trim().to_lowercase();
    let lower = lower.strip_prefix('-').unwrap_or(&lower);
    let r = fraction_words(lower)?;
    let times = if lower.contains(" and ") { 1 } else { 2 };
    Some(Ratio {
        num: Decimal::ONE,
        den: r.den * Decimal::from(times),
    })
}

/// A fraction's denominator in words: one part, several parts.
const DENOMINATORS: [(&str, &str, i64); 10] = [
    ("half", "halves", 2),
    ("third", "thirds", 3),
    ("quarter", "quarters", 4),
    ("fourth", "fourths", 4),
    ("fifth", "fifths", 5),
    ("sixth", "sixths", 6),
    ("seventh", "sevenths", 7),
    ("eighth", "eighths", 8),
    ("ninth", "ninths", 9),
    ("tenth", "tenths", 10),
];

/// An English cardinal: "Ninety-five", "a hundred and forty-three", "two
/// thousand nine hundred and sixteen". Scales descend, each once; `and`
/// stands only before the last part under a hundred; anything else ("one
/// one", "thousand thousand") is not a number.
pub fn cardinal(text: &str) -> Option<i64> {
    let lower = text.to_lowercase();
    // A hyphen joins two words; one before or after all of them is a sign
    // (read by [`words`]) or a slip, never nothing.
    let trimmed = lower.trim();
    if trimmed.starts_with('-') || trimmed.ends_with('-') || trimmed.contains("--") {
        return None;
    }
    let mut words = Words {
        words: lower
            .split(|c: char| c.is_whitespace() || c == '-')
            .filter(|w| !w.is_empty())
            .collect(),
        at: 0,
    };
    if words.words == ["zero"] {
        return Some(0);
    }
    let (mut total, mut last_scale) = (0i64, i64::MAX);
    loop {
        let and = total > 0 && words.eat("and");
        let group = words.below_thousand()?;
        match words.peek().and_then(scale) {
            Some(s) if !and && s < last_scale => {
                words.at += 1;
                total = total.checked_add(group.checked_mul(s)?)?;
                last_scale = s;
                if words.done() {
                    return Some(total);
                }
            }
            Some(_) => return None,
            None if and && group >= 100 => return None,
            None => return total.checked_add(group).filter(|_| words.done()),
        }
    }
}

/// The words of a cardinal, read left to right.
struct Words<'a> {
    words: Vec<&'a str>,
    at: usize,
}

impl Words<'_> {
    fn peek(&self) -> Option<&str> {
        self.words.get(self.at).copied()
    }

    fn done(&self) -> bool {
        self.at == self.words.len()
    }

    fn eat(&mut self, word: &str) -> bool {
        let here = self.peek() == Some(word);
        self.at += usize::from(here);
        here
    }

    /// A word worth 1 to 19.
    fn unit(&mut self) -> Option<i64> {
        let n = SMALL[1..].iter().position(|u| Some(*u) == self.peek())?;
        let n = i64::try_from(n).ok()? + 1;
        self.at += 1;
        Some(n)
    }

    /// 1 to 99: a unit, or tens with an optional unit below ten.
    fn below_hundred(&mut self) -> Option<i64> {
        if let Some(n) = self.unit() {
            return Some(n);
        }
        let tens = TENS[2..].iter().position(|t| Some(*t) == self.peek())?;
        let tens = i64::try_from(tens).ok()?;
        self.at += 1;
        let save = self.at;
        let unit = match self.unit() {
            Some(u) if u < 10 => u,
            Some(_) => {
                self.at = save;
                0
            }
            None => 0,
        };
        Some(20 + 10 * tens + unit)
    }

    /// 1 to 999, or the `a` of "a thousand".
    fn below_thousand(&mut self) -> Option<i64> {
        let start = self.at;
        let lead = if self.eat("a") { Some(1) } else { self.unit() };
        if let Some(lead) = lead.filter(|&l| l < 10)
            && self.eat("hundred")
        {
            let rest = if self.eat("and") {
                self.below_hundred()?
            } else {
                self.below_hundred().unwrap_or(0)
            };
            return Some(lead * 100 + rest);
        }
        self.at = start;
        if self.peek() == Some("a") {
            self.at += 1;
            return self.peek().and_then(scale).map(|_| 1);
        }
        self.below_hundred()
    }
}

/// The value of a scale word.
fn scale(word: &str) -> Option<i64> {
    SCALES.iter().find(|(_, w)| *w == word).map(|(s, _)| *s)
}

/// The number words below twenty.
const SMALL: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

/// The tens, by their digit (none for 0 and 1).
const TENS: [&str; 10] = [
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// The scale words, largest first.
const SCALES: [(i64, &str); 6] = [
    (1_000_000_000_000_000_000, "quintillion"),
    (1_000_000_000_000_000, "quadrillion"),
    (1_000_000_000_000, "trillion"),
    (1_000_000_000, "billion"),
    (1_000_000, "million"),
    (1_000, "thousand"),
];

/// A whole number in English words: "fifty-four", "two thousand nine
/// hundred and sixteen" (the form [`cardinal`] reads).
#[allow(
    clippy::cast_possible_truncation,
    reason = "the helpers' n is below 1000, an index into SMALL or TENS"
)]
pub fn english(n: i64) -> String {
    fn below_hundred(n: u64) -> String {
        match n {
            0..20 => SMALL[n as usize].to_string(),
            _ if n.is_multiple_of(10) => TENS[(n / 10) as usize].to_string(),
            _ => format!("{}-{}", TENS[(n / 10) as usize], SMALL[(n % 10) as usize]),
        }
    }
    fn below_thousand(n: u64) -> String {
        match (n / 100, n % 100) {
            (0, r) => below_hundred(r),
            (h, 0) => format!("{} hundred", SMALL[h as usize]),
            (h, r) => format!("{} hundred and {}", SMALL[h as usize], below_hundred(r)),
        }
    }
    let sign = if n < 0 { "minus " } else { "" };
    let n = n.unsigned_abs();
    if n == 0 {
        return "zero".into();
    }
    let mut parts = Vec::new();
    let mut rest = n;
    for (scale, name) in SCALES {
        // Every scale is positive.
        let scale = scale.unsigned_abs();
        if rest >= scale {
            parts.push(format!("{} {name}", below_thousand(rest / scale)));
            rest %= scale;
        }
    }
    match rest {
        0 => {}
        // British usage: "and" before a last part under a hundred.
        1..100 if !parts.is_empty() => parts.push(format!("and {}", below_hundred(rest))),
        _ => parts.push(below_thousand(rest)),
    }
    format!("{sign}{}", parts.join(" "))
}

/// An ordinal in English words: "first", "twenty-first", "one hundredth".
pub fn english_ordinal(n: i64) -> String {
    let words = english(n);
    let (head, last) = match words.rfind([' ', '-']) {
        Some(i) => words.split_at(i + 1),
        None => ("", words.as_str()),
    };
    let last = match ORDINALS.iter().find(|(_, c)| *c == last) {
        Some((o, _)) => o.to_string(),
        None => match last.strip_suffix('y') {
            Some(stem) => format!("{stem}ieth"),
            None => format!("{last}th"),
        },
    };
    format!("{head}{last}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_english_cardinals() {
        assert_eq!(cardinal("Ninety-five"), Some(95));
        assert_eq!(cardinal("a hundred and forty-three"), Some(143));
        assert_eq!(cardinal("one thousand and forty-two"), Some(1042));
        assert_eq!(cardinal("Twenty-one"), Some(21));
        assert_eq!(cardinal("zero"), Some(0));
        assert_eq!(
            cardinal("two million three hundred thousand"),
            Some(2_300_000)
        );
        assert_eq!(cardinal("many"), None);
        assert_eq!(cardinal("and"), None);
        assert_eq!(cardinal("forty three"), Some(43));
        assert_eq!(cardinal("a thousand"), Some(1000));
        assert_eq!(
            cardinal("two thousand nine hundred and sixteen"),
            Some(2916)
        );
        assert_eq!(cardinal("a thousand and five"), Some(1005));
        assert_eq!(cardinal("nine hundred thousand"), Some(900_000));
    }

    #[test]
    fn refuses_words_that_are_not_a_number() {
        for nonsense in [
            "one one",
            "thousand thousand nine hundred and sixteen",
            "thousand",
            "a",
            "twenty twenty",
            "twenty-eleven",
            "five twenty",
            "a thousand a thousand",
            "one thousand two million",
            "hundred",
            "one hundred and",
            "and five",
            "two thousand and three hundred",
            "zero one",
            "ten hundred",
        ] {
            assert_eq!(cardinal(nonsense), None, "{nonsense}");
        }
    }

    #[allow(
        clippy::unnecessary_wraps,
        reason = "compared with what the reader returns"
    )]
    fn ratio(num: i64, den: i64) -> Option<Ratio> {
        Some(Ratio {
            num: num.into(),
            den: den.into(),
        })
    }

    #[test]
    fn reads_numbers_as_prose_writes_them() {
        let whole = |n: i64| ratio(n, 1);
        for (text, value) in [
            ("none", whole(0)),
            ("Nought", whole(0)),
            ("no", whole(0)),
            ("zero", whole(0)),
            ("single", whole(1)),
            ("both", whole(2)),
            ("twice", whole(2)),
            ("double", whole(2)),
            ("a dozen", whole(12)),
            ("a thousand", whole(1000)),
            ("two thousand", whole(2000)),
            ("a million", whole(1_000_000)),
            ("8.5 million", whole(8_500_000)),
            ("2 thousand", whole(2000)),
            ("first", whole(1)),
            ("the third", whole(3)),
            ("twenty-first", whole(21)),
            ("Twentieth", whole(20)),
            ("a hundredth", whole(100)),
            ("5th", whole(5)),
            ("22nd", whole(22)),
            ("113th", whole(113)),
            ("half", ratio(1, 2)),
            ("a half", ratio(1, 2)),
            ("a third", ratio(1, 3)),
            ("three fifths", ratio(3, 5)),
            ("a tenth", ratio(1, 10)),
            ("three quarters", ratio(3, 4)),
            ("one and a half", ratio(3, 2)),
            ("thirteen and a half", ratio(27, 2)),
            ("Seventy-nine", whole(79)),
            ("seventy nine", whole(79)),
            ("twenty first", whole(21)),
            ("Twenty-First", whole(21)),
            ("A third", ratio(1, 3)),
            ("Half", ratio(1, 2)),
            ("Both", whole(2)),
            ("A dozen", whole(12)),
            ("A thousand", whole(1000)),
            ("None", whole(0)),
            ("First", whole(1)),
            ("two and three quarters", ratio(11, 4)),
            ("nine tenths", ratio(9, 10)),
            ("1.25 thousand", whole(1250)),
            ("8.0 million", whole(8_000_000)),
            ("a hundred and one", whole(101)),
            ("one hundred and first", whole(101)),
        ] {
            assert_eq!(words(text), value, "{text}");
        }
    }

    #[test]
    fn refuses_prose_that_is_not_a_number() {
        for text in [
            "nothing",
            "a",
            "two third",
            "a thirds",
            "one fifths",
            "half and a half",
            "and a half",
            "1th",
            "2st",
            "0th",
            "oneth",
            "twelveth",
            "8.5 millions",
            "8.55555 thousand",
            "the",
            "a couple",
            "79228162514264337593 trillion",
            "nine hundred quintillion",
            "a half dozen",
            "one and one",
            "a and a half",
            "8.5 million and a half",
            "half a",
            "twice twice",
            "no one",
        ] {
            assert_eq!(words(text), None, "{text}");
        }
    }

    #[test]
    fn scaled_digits_keep_their_places_and_scale() {
        let scaled_as = |value: i64, places, scale| {
            Some(Scaled {
                value: value.into(),
                places,
                scale,
            })
        };
        assert_eq!(scaled("8.5 million"), scaled_as(8_500_000, 1, 1_000_000));
        assert_eq!(scaled("8.50 million"), scaled_as(8_500_000, 2, 1_000_000));
        assert_eq!(scaled("2 thousand"), scaled_as(2000, 0, 1000));
        assert_eq!(scaled("two thousand"), None);
        assert_eq!(scaled("8.5"), None);
    }

    #[test]
    fn numbers_in_words_read_back_as_the_same_numbers() {
        for n in (0..2000).chain([2916, 10_000, 21_212, 100_001, 8_503_056, 1_000_000_000]) {
            let words = english(n);
            assert_eq!(cardinal(&words), Some(n), "{words}");
            if n > 0 {
                let ordinal = english_ordinal(n);
                assert_eq!(
                    super::words(&ordinal),
                    Some(Ratio::whole(n.into())),
                    "{ordinal}"
                );
            }
        }
        assert_eq!(english(54), "fifty-four");
        assert_eq!(english(2916), "two thousand nine hundred and sixteen");
        assert_eq!(english(-3), "minus three");
        assert!(
            english(i64::MIN).starts_with("minus nine quintillion")
                || english(i64::MIN).starts_with("minus ")
        );
        assert_eq!(english_ordinal(21), "twenty-first");
        assert_eq!(english_ordinal(20), "twentieth");
        assert_eq!(english_ordinal(12), "twelfth");
        assert_eq!(english_ordinal(100), "one hundredth");
    }
}
