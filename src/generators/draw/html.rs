//! The HTML kinds of the vocabulary: tables (with their CSV) and catalogues of
//! small shapes, and how a value is written for a reader.

use super::{Board, Catalogue};
use serde_json::Value;

/// Tabular values: an HTML `<table>` on the page and a CSV beside it. The
/// first column heads its row.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

impl Table {
    /// The table as CSV (RFC 4180 quoting); an empty cell is `null`'s.
    pub fn to_csv(&self) -> String {
        fn field(s: &str) -> String {
            if s.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_string()
            }
        }
        let cell = |v: &Value| match v {
            Value::String(s) => field(s),
            Value::Null => String::new(),
            other => field(&other.to_string()),
        };
        let mut out = self
            .columns
            .iter()
            .map(|c| field(c))
            .collect::<Vec<_>>()
            .join(",");
        out.push('\n');
        for row in &self.rows {
            out.push_str(&row.iter().map(cell).collect::<Vec<_>>().join(","));
            out.push('\n');
        }
        out
    }

    /// The table as HTML: header cells for the columns and for each row's
    /// first cell, numbers (and the heads of columns of numbers) aligned
    /// right, inside a box that scrolls sideways on a narrow screen.
    pub fn to_html(&self) -> String {
        let mut out =
            String::from("<div class=\"table-box\"><table class=\"values\">\n<thead><tr>");
        for (i, c) in self.columns.iter().enumerate() {
            let cells = || self.rows.iter().filter_map(|row| row.get(i));
            let numbers =
                cells().any(Value::is_number) && cells().all(|v| v.is_number() || v.is_null());
            let class = if numbers { " class=\"num\"" } else { "" };
            out.push_str(&format!("<th scope=\"col\"{class}>{}</th>", escape(c)));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for row in &self.rows {
            out.push_str("<tr>");
            for (i, v) in row.iter().enumerate() {
                let class = if v.is_number() { " class=\"num\"" } else { "" };
                let text = escape(&display(v));
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
/// a minus sign, other numbers as written, text as it is, `null` empty.
pub fn display(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => grouped(i),
            None => n.to_string().replacen('-', "\u{2212}", 1),
        },
        other => other.to_string(),
    }
}

/// `-12345` as `−12,345`.
pub fn grouped(n: i64) -> String {
    let sign = if n < 0 { "\u{2212}" } else { "" };
    format!("{sign}{}", thousands(&n.unsigned_abs().to_string()))
}

/// `v` with `places` decimals, thousands separators and a minus sign:
/// `decimal(-1234.5, 1)` is `−1,234.5`; nothing that rounds to zero is negative.
pub fn decimal(v: f64, places: usize) -> String {
    let digits = format!("{:.places$}", v.abs());
    let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
    let zero = digits.bytes().all(|b| matches!(b, b'0' | b'.'));
    let sign = if v < 0.0 && !zero { "\u{2212}" } else { "" };
    let point = if fraction.is_empty() { "" } else { "." };
    format!("{sign}{}{point}{fraction}", thousands(whole))
}

/// A string of digits with a comma before each group of three from the right.
fn thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `&`, `<`, `>` and `"` as entities: safe in text and in a double-quoted attribute.
pub fn escape(s: &str) -> String {
    html_escape::encode_double_quoted_attribute(s).into_owned()
}

/// A catalogue as a wrapped grid: a key naming the values under each shape,
/// then per group its heading and a list of tiles, each a small drawing (from
/// `shape`) above its values, one to a line, marked ones in `<mark>`.
pub fn catalogue(catalogue: &Catalogue, shape: &dyn Fn(&Board) -> String) -> String {
    let mut out = String::from("<div class=\"catalogue\">\n");
    if !catalogue.columns.is_empty() {
        let names: Vec<String> = catalogue.columns.iter().map(|c| escape(c)).collect();
        out.push_str(&format!(
            "<p class=\"key\">Under each shape: {}.</p>\n",
            names.join(", ")
        ));
    }
    for group in &catalogue.groups {
        out.push_str("<section class=\"group\">");
        if !group.heading.is_empty() {
            out.push_str(&format!(
                "<p class=\"group-heading\">{}</p>",
                escape(&group.heading)
            ));
        }
        out.push_str("<ul class=\"tiles\">\n");
        for item in &group.items {
            out.push_str("<li>");
            out.push_str(&shape(&item.shape));
            for (i, v) in item.values.iter().enumerate() {
                let text = escape(&display(v));
                match item.marked.contains(&i) {
                    true => out.push_str(&format!("<span><mark>{text}</mark></span>")),
                    false => out.push_str(&format!("<span>{text}</span>")),
                }
            }
            out.push_str("</li>\n");
        }
        out.push_str("</ul></section>\n");
    }
    out.push_str("</div>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn quotes_csv_fields_and_leaves_null_empty() {
        let t = Table {
            columns: vec!["a".into(), "b,c".into()],
            rows: vec![vec![json!(1), json!("x\"y")], vec![json!(null), json!(2)]],
        };
        assert_eq!(t.to_csv(), "a,\"b,c\"\n1,\"x\"\"y\"\n,2\n");
    }

    #[test]
    fn html_tables_head_rows_and_align_numbers() {
        let t = Table {
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
    fn groups_thousands() {
        assert_eq!(decimal(-1234.5, 1), "\u{2212}1,234.5");
        assert_eq!(decimal(25000.0, 0), "25,000");
        assert_eq!(decimal(-0.001, 2), "0.00");
        assert_eq!(decimal(0.05, 2), "0.05");
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1042), "1,042");
        assert_eq!(grouped(-1234567), "\u{2212}1,234,567");
        assert_eq!(display(&json!(0.25)), "0.25");
        assert_eq!(display(&json!(-0.5)), "\u{2212}0.5");
    }
}
