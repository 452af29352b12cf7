//! The views of `pairing-sweep`, drawn from its data alone.

use super::{BoardFigures, Example, GrundyEntry, PairingSweepParams, Rectangle, Results};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::{
    self, Axis, Board, Boards, Chart, Drawing, Mark, Numbers, Role, Scale, Series, Table,
};
use crate::generators::{DataError, Params, Views};
use serde_json::Value;

impl Views for Results {
    fn draw(&self, view: &str, params: &Params) -> Result<Option<draw::Drawing>, DataError> {
        Ok(match view {
            "firings" => firings(&self.boards),
            "expansions" => expansions(&self.boards),
            "pairing" => pairing(&self.example)?,
            "grundy" => grundy(params, &self.grundy),
            "per-board" => per_board(&self.boards),
            "refusals" => refusals(&self.rectangles)?,
            other => return Err(DataError::no_view(other)),
        })
    }
}

/// The share of the unchecked search's expansions that a search of `with`
/// expansions saves on board `b`.
fn saved(with: u64, b: &BoardFigures) -> f64 {
    match b.expansions.none {
        0 => 0.0,
        none => none.saturating_sub(with) as f64 / none as f64,
    }
}

/// A series of bars: its name and what it shows of each board.
type Count = (&'static str, fn(&BoardFigures) -> f64);

/// Bars per board, one series per count; nothing without boards.
fn bars(boards: &[BoardFigures], y: Axis, series: &[Count]) -> Option<Drawing> {
    if boards.is_empty() {
        return None;
    }
    let names = boards.iter().map(|b| b.name.clone()).collect();
    Some(Drawing::Chart(Chart {
        x: Axis::new("board", Scale::Categories(names)),
        y,
        series: series
            .iter()
            .map(|&(name, count)| Series {
                name: name.into(),
                mark: Mark::Bars,
                points: boards
                    .iter()
                    .enumerate()
                    .map(|(i, b)| (i as f64, count(b)))
                    .collect(),
            })
            .collect(),
    }))
}

/// Positions where the half turn and where the reflection fire, per board.
fn firings(boards: &[BoardFigures]) -> Option<Drawing> {
    let y = Axis::new("positions where it fires", Scale::Linear);
    bars(
        boards,
        y,
        &[
            ("half turn", |b| b.half_turn as f64),
            ("reflection", |b| b.reflection as f64),
        ],
    )
}

/// What each check saves the measured solver per board: the share of the
/// unchecked search's expansions it spares, on a linear scale from zero, so
/// that the half turn's saving and the little the mirror adds to it are
/// seen at their sizes.
fn expansions(boards: &[BoardFigures]) -> Option<Drawing> {
    let y = Axis::new("share of the unchecked search saved", Scale::Linear)
        .numbers(Numbers::Percent(1));
    bars(
        boards,
        y,
        &[
            ("half turn", |b| saved(b.expansions.half_turn, b)),
            ("reflection", |b| saved(b.expansions.reflection, b)),
            ("both", |b| saved(b.expansions.both, b)),
        ],
    )
}

/// The letter of pair `k`: a to z, then aa, ab, ...
fn pair_letter(k: usize) -> String {
    let letter = |i: usize| char::from(b'a' + u8::try_from(i % 26).expect("below 26"));
    match k / 26 {
        0 => letter(k).to_string(),
        n => format!("{}{}", letter(n - 1), letter(k)),
    }
}

/// The example position: filled cells, and each pair of partners in the
/// colour and the letter of its pair. Its values list the pairs.
fn pairing(example: &Example) -> Result<Option<Drawing>, DataError> {
    if example.board.is_empty() {
        return Ok(None);
    }
    let rows: Vec<Vec<char>> = example
        .grid
        .split('|')
        .map(|r| r.chars().collect())
        .collect();
    let cols = rows.first().map_or(0, Vec::len);
    let mut cells = Vec::new();
    let mut labels = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let cell = [r + 1, c + 1];
            let pair = example.pairs.iter().position(|p| p.contains(&cell));
            let (role, label) = match (ch, pair) {
                ('#', _) => (Role::Blocked, String::new()),
                (_, Some(k)) => (Role::Series(k), pair_letter(k)),
                (_, None) => {
                    return Err(DataError::Unpaired {
                        row: cell[0],
                        col: cell[1],
                    });
                }
            };
            cells.push(role);
            labels.push(label);
        }
    }
    let at = |[r, c]: [usize; 2]| Value::from(format!("row {r}, column {c}"));
    let values = Table {
        formats: Vec::new(),
        columns: ["pair", "cell", "partner"].map(String::from).to_vec(),
        rows: example
            .pairs
            .iter()
            .enumerate()
            .map(|(k, &[a, b])| vec![pair_letter(k).into(), at(a), at(b)])
            .collect(),
    };
    Ok(Some(Drawing::Board(Board {
        rows: rows.len(),
        cols,
        cells,
        labels,
        row_labels: Vec::new(),
        col_labels: Vec::new(),
        legend: vec![(Role::Blocked, "filled cell".into())],
        values: Some(values),
    })))
}

/// The Grundy values as a table: a row for each number of rows m, a column
/// for each number of columns n; a rectangle not computed is an empty cell.
fn grundy(params: &Params, grundy: &[GrundyEntry]) -> Option<Drawing> {
    if grundy.is_empty() {
        return None;
    }
    let p: PairingSweepParams = params.typed();
    let (rows, cols) = (p.grundy_rows, p.grundy_cols);
    let value = |m: usize, n: usize| {
        let key = (m.min(n), m.max(n));
        grundy
            .iter()
            .find(|g| (g.rows, g.cols) == key)
            .map_or(Value::Null, |g| g.nimber.clone().into())
    };
    Some(Drawing::Table(Table {
        formats: Vec::new(),
        columns: std::iter::once("rows \\ columns".to_string())
            .chain((1..=cols).map(|n| n.to_string()))
            .collect(),
        rows: (1..=rows)
            .map(|m| {
                std::iter::once(Value::from(m))
                    .chain((1..=cols).map(|n| value(m, n)))
                    .collect()
            })
            .collect(),
    }))
}

/// Each board's positions and firings: of the half turn, of the reflection,
/// of the reflection where the half turn does not fire, and the unsound ones.
fn per_board(boards: &[BoardFigures]) -> Option<Drawing> {
    if boards.is_empty() {
        return None;
    }
    Some(Drawing::Table(Table {
        formats: Vec::new(),
        columns: [
            "board",
            "positions",
            "half turn",
            "reflection",
            "reflection only",
            "unsound",
        ]
        .map(String::from)
        .to_vec(),
        rows: boards
            .iter()
            .map(|b| {
                vec![
                    b.name.clone().into(),
                    b.positions.into(),
                    b.half_turn.into(),
                    b.reflection.into(),
                    b.reflection_only.into(),
                    b.wrong.into(),
                ]
            })
            .collect(),
    }))
}

/// What each verdict on an empty rectangle means, in the legend's order,
/// with the role its cells are drawn in.
const VERDICTS: [(&str, Role, &str); 4] = [
    ("fires", Role::Winning, "fires"),
    (
        "fixed cell",
        Role::Blocked,
        "refused: a cell is its own image",
    ),
    (
        "self-paired domino",
        Role::Struck,
        "refused: a domino is its own image",
    ),
    ("closure", Role::Series(0), "refused: not closed"),
];

/// A map's title and its verdict on a rectangle.
type Verdict = (&'static str, fn(&Rectangle) -> &str);

/// The rows and columns of a rectangle named `m × n`.
fn sides(name: &str) -> Option<(usize, usize)> {
    let (m, n) = name.split_once(" \u{d7} ")?;
    Some((m.parse().ok()?, n.parse().ok()?))
}

/// Each empty rectangle's verdicts as three boards, one for the half turn
/// and one for each mirror: a row for each number of rows, a column for
/// each number of columns, each rectangle's cell in the role of its
/// verdict ("fires", or the clause that refuses it); the legend names them.
fn refusals(rectangles: &[Rectangle]) -> Result<Option<Drawing>, DataError> {
    if rectangles.is_empty() {
        return Ok(None);
    }
    let sized = rectangles
        .iter()
        .map(|r| sides(&r.name).map(|s| (s, r)))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| DataError::Malformed {
            what: "a rectangle's name is not `m × n`",
        })?;
    let role = |verdict: &str| {
        VERDICTS
            .iter()
            .find(|v| v.0 == verdict)
            .map(|v| v.1)
            .ok_or_else(|| DataError::Unknown {
                what: "verdict",
                name: verdict.to_string(),
            })
    };
    let rows: Vec<usize> = sized.iter().map(|((m, _), _)| *m).collect();
    let cols: Vec<usize> = sized.iter().map(|((_, n), _)| *n).collect();
    let (row_from, row_to) = (
        *rows.iter().min().unwrap_or(&1),
        *rows.iter().max().unwrap_or(&1),
    );
    let (col_from, col_to) = (
        *cols.iter().min().unwrap_or(&1),
        *cols.iter().max().unwrap_or(&1),
    );
    let maps: [Verdict; 3] = [
        ("half turn", |r| &r.half_turn),
        ("vertical mirror", |r| &r.vertical),
        ("horizontal mirror", |r| &r.horizontal),
    ];
    let mut drawn: Vec<Role> = Vec::new();
    let mut panels = Vec::new();
    for (title, verdict) in maps {
        let mut cells = Vec::new();
        for m in row_from..=row_to {
            for n in col_from..=col_to {
                let cell = match sized.iter().find(|(s, _)| *s == (m, n)) {
                    Some((_, r)) => role(verdict(r))?,
                    None => Role::Paper,
                };
                drawn.push(cell);
                cells.push(cell);
            }
        }
        let mut board = Board::new(row_to - row_from + 1, col_to - col_from + 1, |r, c| {
            cells[r * (col_to - col_from + 1) + c]
        });
        board.row_labels = (row_from..=row_to).map(|m| m.to_string()).collect();
        board.col_labels = (col_from..=col_to).map(|n| n.to_string()).collect();
        panels.push((title.to_string(), board));
    }
    let legend = VERDICTS
        .iter()
        .filter(|v| drawn.contains(&v.1))
        .map(|v| (v.1, v.2.to_string()))
        .collect();
    let values = Table::new(
        [
            "rectangle",
            "half turn",
            "vertical mirror",
            "horizontal mirror",
        ],
        rectangles
            .iter()
            .map(|r| {
                [&r.name, &r.half_turn, &r.vertical, &r.horizontal]
                    .map(|v| Value::from(v.as_str()))
                    .to_vec()
            })
            .collect(),
    );
    Ok(Some(Drawing::Boards(Boards {
        panels,
        legend,
        values: Some(values),
    })))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{default_run, params};
    use super::*;
    use crate::generators::pairing_sweep::PairingSweep;
    use crate::generators::{Data, Generator};
    use serde_json::json;

    fn drawn(pairs: &[(&str, &str)], data: &Data, view: &str) -> Option<Drawing> {
        PairingSweep.draw(view, &params(pairs), data).unwrap()
    }

    fn default_data() -> Data {
        Data::from_value(default_run().data.clone()).unwrap()
    }

    fn default_view(view: &str) -> Drawing {
        drawn(&[], &default_data(), view).unwrap_or_else(|| panic!("{view} draws nothing"))
    }

    /// The row of `table` whose first cell is `head`.
    fn row<'t>(table: &'t Table, head: &str) -> &'t [Value] {
        table
            .rows
            .iter()
            .find(|r| r[0] == head)
            .unwrap_or_else(|| panic!("no row {head}"))
    }

    #[test]
    fn firings_are_bars_of_the_half_turn_and_the_reflection_per_board() {
        let Drawing::Chart(chart) = default_view("firings") else {
            panic!("the firings are a chart");
        };
        assert!(chart.series.iter().all(|s| s.mark == Mark::Bars));
        let Scale::Categories(names) = &chart.x.scale else {
            panic!("boards are categories");
        };
        assert_eq!(names.len(), 7);
        let values = chart.values();
        assert_eq!(values.columns, ["board", "half turn", "reflection"]);
        // The essay's counts (see the solver's tests).
        assert_eq!(
            row(&values, "4 × 5"),
            [json!("4 × 5"), json!(645), json!(129)]
        );
        assert_eq!(
            row(&values, "2 × 7"),
            [json!("2 × 7"), json!(133), json!(57)]
        );
        assert_eq!(row(&values, "3 × 5"), [json!("3 × 5"), json!(0), json!(0)]);
    }

    #[test]
    fn expansions_are_the_shares_each_setting_saves_from_zero() {
        let Drawing::Chart(chart) = default_view("expansions") else {
            panic!("the expansions are a chart");
        };
        assert_eq!(chart.y.scale, Scale::Linear);
        assert!(chart.series.iter().all(|s| s.mark == Mark::Bars));
        let values = chart.values();
        assert_eq!(values.columns, ["board", "half turn", "reflection", "both"]);
        // The essay's counts: on the 4 x 5, 17,348 expansions unchecked,
        // 17,258 with the half turn and 17,242 with both.
        let big = row(&values, "4 × 5");
        let share = |v: &Value| v.as_f64().unwrap();
        assert!((share(&big[1]) - 90.0 / 17_348.0).abs() < 1e-12);
        assert!((share(&big[3]) - 106.0 / 17_348.0).abs() < 1e-12);
        // The half turn fires at the root of the 4 x 4: one expansion left.
        assert!((share(&row(&values, "4 × 4")[1]) - 3111.0 / 3112.0).abs() < 1e-12);
        // The 3 x 5 saves nothing; the page writes shares as percentages.
        assert_eq!(row(&values, "3 × 5")[1..], [json!(0), json!(0), json!(0)]);
        assert!(values.to_html().contains("<td class=\"num\">0.5%</td>"));
    }

    #[test]
    fn the_pairing_letters_partners_alike_and_lists_them() {
        let Drawing::Board(board) = default_view("pairing") else {
            panic!("the pairing is a board");
        };
        let example = &default_run().data["example"];
        assert_eq!((board.rows, board.cols), (4, 5));
        let free = board.cells.iter().filter(|&&r| r != Role::Blocked).count();
        assert_eq!(json!(free), example["free_cells"]);
        // Each letter marks exactly two cells, of one colour, and the pairs
        // are the data's, in order.
        let pairs = example["pairs"].as_array().unwrap();
        for (k, pair) in pairs.iter().enumerate() {
            let marked: Vec<usize> = (0..board.cells.len())
                .filter(|&i| board.labels[i] == pair_letter(k))
                .collect();
            assert_eq!(marked.len(), 2, "pair {k}");
            assert!(marked.iter().all(|&i| board.cells[i] == Role::Series(k)));
            let at = |i: usize| json!([i / board.cols + 1, i % board.cols + 1]);
            assert_eq!(json!([at(marked[0]), at(marked[1])]), *pair);
        }
        assert_eq!(board.legend, [(Role::Blocked, "filled cell".to_string())]);
        let values = board.values.unwrap();
        assert_eq!(values.rows.len(), pairs.len());
        assert_eq!(values.rows[0][0], "a");
    }

    #[test]
    fn pairs_are_lettered() {
        assert_eq!(pair_letter(0), "a");
        assert_eq!(pair_letter(25), "z");
        assert_eq!(pair_letter(26), "aa");
        assert_eq!(pair_letter(53), "bb");
    }

    /// Values by hand: a 1 × 1 has no move (0); a 1 × 2 moves to 0 (*); a
    /// 1 × 4 moves to a 1 × 2 (*) or to two 1 × 1 (0), so it is *2; a 2 × 2
    /// is answered move for move (0). The table is symmetric, and a
    /// rectangle of more than 24 cells is empty.
    #[test]
    fn the_grundy_table_has_a_row_per_m_and_a_column_per_n() {
        let Drawing::Table(table) = default_view("grundy") else {
            panic!("the Grundy values are a table");
        };
        assert_eq!(table.columns.len(), 9);
        assert_eq!(table.columns[0], "rows \\ columns");
        assert_eq!(table.rows.len(), 5);
        let at = |m: usize, n: usize| &table.rows[m - 1][n];
        assert_eq!(table.rows[2][0], json!(3));
        assert_eq!(*at(1, 1), "0");
        assert_eq!(*at(1, 2), "*");
        assert_eq!(*at(1, 4), "*2");
        assert_eq!(*at(2, 2), "0");
        assert_eq!(*at(2, 7), "*");
        assert_eq!(at(3, 2), at(2, 3));
        let three_by_eight = default_run().data["grundy"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"] == "3 × 8")
            .unwrap();
        assert_eq!(*at(3, 8), three_by_eight["nimber"]);
        assert_eq!(*at(4, 7), Value::Null);
        assert_eq!(*at(5, 5), Value::Null);
    }

    #[test]
    fn the_per_board_table_counts_firings_and_unsound_ones() {
        let Drawing::Table(table) = default_view("per-board") else {
            panic!("the per-board firings are a table");
        };
        assert_eq!(
            table.columns,
            [
                "board",
                "positions",
                "half turn",
                "reflection",
                "reflection only",
                "unsound"
            ]
        );
        assert_eq!(table.rows.len(), 7);
        assert_eq!(
            row(&table, "4 × 5"),
            [
                json!("4 × 5"),
                json!(58_830),
                json!(645),
                json!(129),
                json!(40),
                json!(0)
            ]
        );
        assert_eq!(row(&table, "2 × 7")[4], json!(10));
        // Each row is its board's data.
        for (r, b) in table
            .rows
            .iter()
            .zip(default_run().data["boards"].as_array().unwrap())
        {
            let keys = [
                "name",
                "positions",
                "half_turn",
                "reflection",
                "reflection_only",
                "wrong",
            ];
            assert_eq!(*r, keys.map(|k| b[k].clone()));
        }
    }

    #[test]
    fn the_refusals_are_three_boards_of_rows_by_columns_coloured_by_verdict() {
        let Drawing::Boards(boards) = default_view("refusals") else {
            panic!("the refusals are boards");
        };
        let titles: Vec<&str> = boards.panels.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(
            titles,
            ["half turn", "vertical mirror", "horizontal mirror"]
        );
        // By hand: the 2 x 3's half turn pairs its middle column with itself,
        // its vertical mirror fixes that column, and its horizontal mirror
        // maps the middle vertical domino onto itself. The 2 x 2's half turn
        // fires; the 3 x 3's centre is fixed by all three. Rows 2 to 8 down,
        // columns 2 to 8 across; a rectangle is drawn once, rows <= columns.
        let at = |p: usize, m: usize, n: usize| {
            let board = &boards.panels[p].1;
            board.cells[(m - 2) * board.cols + (n - 2)]
        };
        assert_eq!((boards.panels[0].1.rows, boards.panels[0].1.cols), (7, 7));
        assert_eq!(boards.panels[0].1.row_labels[0], "2");
        assert_eq!(
            [0, 1, 2].map(|p| at(p, 2, 3)),
            [Role::Struck, Role::Blocked, Role::Struck]
        );
        assert_eq!(at(0, 2, 2), Role::Winning);
        assert_eq!([0, 1, 2].map(|p| at(p, 3, 3)), [Role::Blocked; 3]);
        assert_eq!(at(0, 3, 2), Role::Paper);
        // The mirrors never fire; the legend names the three verdicts drawn.
        for p in [1, 2] {
            assert!(!boards.panels[p].1.cells.contains(&Role::Winning));
        }
        let legend: Vec<Role> = boards.legend.iter().map(|l| l.0).collect();
        assert_eq!(legend, [Role::Winning, Role::Blocked, Role::Struck]);
        let table = boards.values.unwrap();
        assert_eq!(table.rows.len(), 28);
        assert_eq!(
            row(&table, "2 × 3"),
            [
                json!("2 × 3"),
                json!("self-paired domino"),
                json!("fixed cell"),
                json!("self-paired domino")
            ]
        );
    }

    #[test]
    fn views_with_nothing_to_show_draw_nothing() {
        // No boards: no bars, no per-board rows, no example.
        let none = [
            ("firing_boards", "[]"),
            ("search_boards", "[]"),
            ("rectangles_up_to", "2"),
            ("grundy_max_cells", "4"),
        ];
        let out = PairingSweep.run(&params(&none));
        let data = Data::from_value(out.data).unwrap();
        for view in ["firings", "expansions", "per-board", "pairing"] {
            assert_eq!(drawn(&none, &data, view), None, "{view}");
        }
        assert!(drawn(&none, &data, "grundy").is_some());
        assert!(drawn(&none, &data, "refusals").is_some());
        // The 3 x 4 has no position only the reflection settles.
        let plain = [("firing_boards", "[[3, 4]]"), ("search_boards", "[]")];
        let out = PairingSweep.run(&params(&plain));
        let data = Data::from_value(out.data).unwrap();
        assert_eq!(drawn(&plain, &data, "pairing"), None);
        assert!(drawn(&plain, &data, "per-board").is_some());
    }

    #[test]
    fn data_lacking_a_key_or_an_unknown_view_is_an_error() {
        let data = Data::from_value(json!({"grundy": []})).unwrap();
        let p = params(&[]);
        let err = PairingSweep
            .draw("firings", &p, &data)
            .unwrap_err()
            .to_string();
        assert!(err.contains("missing field `boards`"), "{err}");
        assert!(PairingSweep.draw("wall", &p, &default_data()).is_err());
        let mut whole = default_run().data.clone();
        whole["example"]["pairs"] = json!([]);
        let data = Data::from_value(whole).unwrap();
        let err = PairingSweep
            .draw("pairing", &p, &data)
            .unwrap_err()
            .to_string();
        assert!(err.contains("has no partner"), "{err}");
    }

    #[test]
    fn drawings_are_deterministic() {
        for view in super::super::SPEC.views {
            let (a, b) = (default_view(view.name), default_view(view.name));
            assert_eq!(a, b, "{}", view.name);
            assert_eq!(a.render(), b.render(), "{}", view.name);
        }
    }
}
