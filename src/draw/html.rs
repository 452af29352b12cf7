//! Tables (with their CSV), and how a value is written for a reader: through
//! the core's typesetter ([`typeset`]), games in the reader's notation and
//! numbers with thousands separators, the minus sign and the places a view
//! declares. It draws no shapes (catalogues do, in `catalogue.rs`), so the
//! drawings may write their values with it.

use super::escape;
use crate::cgt::canonical::typeset;
use serde_json::Value;

/// Tabular values: an HTML `<table>` on the page and a CSV beside it. The
/// first column heads its row. The CSV holds the values exactly; the page
/// writes each column in its [`Format`].
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Table {
    /// The column headings.
    pub columns: Vec<String>,
    /// The rows, each a value per column.
    pub rows: Vec<Vec<Value>>,
    /// Each column's format (a column past the end is [`Format::Plain`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub formats: Vec<Format>,
}

/// How a column's values are written on the page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Format {
    /// As [`display`] writes any value.
    #[default]
    Plain,
    /// Numbers in the view's declared precision.
    Number(Numbers),
}

/// The precision a view declares for its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Numbers {
    /// With this many decimal places: `1.5`, `13.6`.
    Places(usize),
    /// A share written as a percentage with this many places: `12.5%`.
    Percent(usize),
    /// Exact dyadic fractions: `−3/4`, `5/8`, `2` (a game's stops, means
    /// and temperatures, as the site's notation writes them).
    Fractions,
}

impl Numbers {
    /// `v` as the view writes it.
    pub fn write(self, v: f64) -> String {
        match self {
            Numbers::Places(places) => typeset::decimal(v, places),
            Numbers::Percent(places) => format!("{}%", typeset::decimal(100.0 * v, places)),
            Numbers::Fractions => typeset::dyadic(v),
        }
    }

    /// Decimal places of the number as written (of the percentage for a
    /// share); a fraction has none.
    pub fn places(self) -> usize {
        match self {
            Numbers::Places(p) | Numbers::Percent(p) => p,
            Numbers::Fractions => 0,
        }
    }

    /// One precision for all of `values`: whole numbers when they are, else
    /// the places that give the largest of them three significant digits
    /// (at most four).
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped to 0..=4 places"
    )]
    pub fn fit(values: impl IntoIterator<Item = f64>) -> Numbers {
        let mut largest: f64 = 0.0;
        let mut whole = true;
        for v in values {
            largest = largest.max(v.abs());
            whole &= super::is_whole(v);
        }
        if whole || largest == 0.0 {
            Numbers::Places(0)
        } else {
            Numbers::Places((2 - largest.log10().floor() as i64).clamp(0, 4) as usize)
        }
    }
}

impl Format {
    /// A value as this format writes it.
    pub fn write(self, v: &Value) -> String {
        match (self, v.as_f64()) {
            (Format::Number(numbers), Some(n)) => numbers.write(n),
            _ => display(v),
        }
    }
}

impl Table {
    /// A table of plain columns.
    pub fn new<S: Into<String>>(
        columns: impl IntoIterator<Item = S>,
        rows: Vec<Vec<Value>>,
    ) -> Table {
        Table {
            columns: columns.into_iter().map(Into::into).collect(),
            rows,
            formats: Vec::new(),
        }
    }

    /// The table with column `i` written in `format`.
    pub fn with_format(mut self, i: usize, format: Format) -> Table {
        if self.formats.len() <= i {
            self.formats.resize(i + 1, Format::Plain);
        }
        self.formats[i] = format;
        self
    }

    /// Column `i`'s format.
    pub fn format(&self, i: usize) -> Format {
        self.formats.get(i).copied().unwrap_or_default()
    }

    /// The table as CSV, written by the `csv` crate: a field is quoted when it
    /// holds a comma, a quote or a line break (RFC 4180), and a record of one
    /// empty field as `""`, so that no line is blank; an empty cell is
    /// `null`'s. Rows may differ in length.
    pub fn to_csv(&self) -> String {
        let cell = |v: &Value| match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        };
        let mut csv = csv::WriterBuilder::new()
            .flexible(true)
            .from_writer(Vec::new());
        let records = std::iter::once(self.columns.clone())
            .chain(self.rows.iter().map(|row| row.iter().map(cell).collect()));
        for record in records {
            csv.write_record(&record)
                .expect("a flexible CSV writer into memory cannot fail");
        }
        let bytes = csv
            .into_inner()
            .expect("flushing a CSV writer into memory cannot fail");
        String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8")
    }

    /// The table as HTML: header cells for the columns and for each row's
    /// first cell, numbers (and the heads of columns of numbers) aligned
    /// right, inside a box that scrolls sideways on a narrow screen. A column
    /// of numbers written to a declared precision says so in `data-places`
    /// (and `data-percent`), for a reader of the page to check.
    pub fn to_html(&self) -> String {
        let mut out =
            String::from("<div class=\"table-box\"><table class=\"values\">\n<thead><tr>");
        for (i, c) in self.columns.iter().enumerate() {
            let cells = || self.rows.iter().filter_map(|row| row.get(i));
            let numbers =
                cells().any(Value::is_number) && cells().all(|v| v.is_number() || v.is_null());
            let class = if numbers { " class=\"num\"" } else { "" };
            let precision = match self.format(i) {
                Format::Number(n @ Numbers::Places(_)) => {
                    format!(" data-places=\"{}\"", n.places())
                }
                Format::Number(n @ Numbers::Percent(_)) => {
                    format!(" data-places=\"{}\" data-percent=\"\"", n.places())
                }
                Format::Number(Numbers::Fractions) => {
                    " data-places=\"0\" data-fractions=\"\"".into()
                }
                Format::Plain => String::new(),
            };
            out.push_str(&format!(
                "<th scope=\"col\"{class}{precision}>{}</th>",
                escape(c)
            ));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for row in &self.rows {
            out.push_str("<tr>");
            for (i, v) in row.iter().enumerate() {
                let class = if v.is_number() { " class=\"num\"" } else { "" };
                let text = escape(&self.format(i).write(v));
                match i {
                    0 => out.push_str(&format!("<th scope=\"row\"{class}>{text}</th>")),
                    _ => out.push_str(&format!("<td{class}>{text}</td>")),
                }
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table></div>");
        out
    }
}

/// A value as a reader reads it: whole numbers with thousands separators and
/// the minus sign, other numbers as written (with the minus sign), a game in
/// `CGSuite`'s notation typeset ([`text`]), other text as it is, `null` empty.
pub fn display(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => text(s),
        Value::Number(n) => match n.as_i64() {
            Some(i) => typeset::integer(i),
            None => n.to_string().replacen('-', "\u{2212}", 1),
        },
        other => other.to_string(),
    }
}

/// Text as a reader reads it: a game in `CGSuite`'s notation (`*2`,
/// `{1|-1/2}`) typeset, anything else as it is.
pub fn text(s: &str) -> String {
    typeset::game(s).unwrap_or_else(|| s.to_string())
}

/// A whole number as a reader reads it: `−12,345`.
pub fn whole(n: impl Into<i64>) -> String {
    typeset::integer(n.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn quotes_csv_fields_and_leaves_null_empty() {
        let t = Table {
            formats: Vec::new(),
            columns: vec!["a".into(), "b,c".into()],
            rows: vec![vec![json!(1), json!("x\"y")], vec![json!(null), json!(2)]],
        };
        assert_eq!(t.to_csv(), "a,\"b,c\"\n1,\"x\"\"y\"\n,2\n");
    }

    #[test]
    fn the_csv_reads_back_field_for_field() {
        let t = Table {
            formats: Vec::new(),
            columns: vec!["name".into(), "value".into()],
            rows: vec![
                vec![json!("two\r\nlines"), json!("{1 | -1}")],
                vec![json!(null)],
                vec![json!("\"quoted\", comma"), json!(0.5)],
            ],
        };
        let csv = t.to_csv();
        // A record of one empty field is written `""`, never a blank line.
        assert!(csv.contains("\n\"\"\n"), "{csv}");
        let read: Vec<Vec<String>> = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(csv.as_bytes())
            .records()
            .map(|r| r.unwrap().iter().map(String::from).collect())
            .collect();
        let want = [
            vec!["name", "value"],
            vec!["two\r\nlines", "{1 | -1}"],
            vec![""],
            vec!["\"quoted\", comma", "0.5"],
        ];
        assert_eq!(read, want);
    }

    #[test]
    fn html_tables_head_rows_and_align_numbers() {
        let t = Table {
            formats: Vec::new(),
            columns: vec!["n".into(), "<v>".into()],
            rows: vec![vec![json!(3), json!(-25000)]],
        };
        let html = t.to_html();
        assert!(
            html.contains("<th scope=\"col\" class=\"num\">&lt;v&gt;</th>"),
            "{html}"
        );
        assert!(
            html.contains("<th scope=\"row\" class=\"num\">3</th>"),
            "{html}"
        );
        assert!(
            html.contains("<td class=\"num\">\u{2212}25,000</td>"),
            "{html}"
        );
    }

    #[test]
    fn values_are_written_as_a_reader_reads_them() {
        assert_eq!(display(&json!(-1234567)), "\u{2212}1,234,567");
        assert_eq!(display(&json!(0.25)), "0.25");
        assert_eq!(display(&json!(-0.5)), "\u{2212}0.5");
        assert_eq!(display(&json!("*2")), "\u{2217}2");
        assert_eq!(display(&json!("{0|-1}")), "{0\u{2009}|\u{2009}\u{2212}1}");
        assert_eq!(display(&json!("4 × 5")), "4 × 5");
        assert_eq!(whole(-3), "\u{2212}3");
    }

    #[test]
    fn a_column_of_declared_precision_shows_it_and_the_csv_keeps_the_value() {
        let t = Table::new(
            ["x", "mean", "share"],
            vec![vec![json!(1), json!(0.13023255813953488), json!(0.25)]],
        )
        .with_format(1, Format::Number(Numbers::Places(2)))
        .with_format(2, Format::Number(Numbers::Percent(1)));
        let html = t.to_html();
        assert!(
            html.contains("<td class=\"num\">0.13</td><td class=\"num\">25.0%</td>"),
            "{html}"
        );
        assert!(
            html.contains("<th scope=\"col\" class=\"num\" data-places=\"2\">mean</th>"),
            "{html}"
        );
        assert!(
            html.contains("data-places=\"1\" data-percent=\"\">share</th>"),
            "{html}"
        );
        assert_eq!(t.to_csv(), "x,mean,share\n1,0.13023255813953488,0.25\n");
    }

    #[test]
    fn one_precision_fits_a_charts_values() {
        assert_eq!(Numbers::fit([1.0, 25.0]), Numbers::Places(0));
        assert_eq!(Numbers::fit([1.0, 1.5, 15.84]), Numbers::Places(1));
        assert_eq!(Numbers::fit([0.13, 0.58]), Numbers::Places(3));
        assert_eq!(Numbers::Places(2).write(-1234.567), "\u{2212}1,234.57");
    }
}
