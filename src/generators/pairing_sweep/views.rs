//! The views of `pairing-sweep`, drawn from its data alone.

use super::{BoardFigures, Example, GrundyEntry, PairingSweepParams, Rectangle};
use crate::generators::draw::{Axis, Board, Chart, Drawing, Mark, Role, Scale, Series, Table};
use crate::generators::{Data, Params};
use serde_json::Value;

pub fn draw(view: &str, params: &Params, data: &Data) -> Result<Option<Drawing>, String> {
    let boards = || data.field::<Vec<BoardFigures>>("boards");
    Ok(match view {
        "firings" => firings(&boards()?),
        "expansions" => expansions(&boards()?),
        "pairing" => pairing(&data.field("example")?)?,
        "grundy" => grundy(params, &data.field::<Vec<_>>("grundy")?),
        "per-board" => per_board(&boards()?),
        "refusals" => refusals(&data.field::<Vec<_>>("rectangles")?),
        other => return Err(format!("no view `{other}`")),
    })
}

/// A series of bars: its name and the count it shows of each board.
type Count = (&'static str, fn(&BoardFigures) -> u64);

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
                    .map(|(i, b)| (i as f64, count(b) as f64))
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
            ("half turn", |b| b.half_turn),
            ("reflection", |b| b.reflection),
        ],
    )
}

/// Positions the measured solver expands per board under each setting, on a
/// log scale: the 4 × 4 and the 2 × 6 take one expansion with the half turn,
/// the 4 × 5 thousands.
fn expansions(boards: &[BoardFigures]) -> Option<Drawing> {
    let y = Axis::new("positions expanded", Scale::Log);
    bars(
        boards,
        y,
        &[
            ("no check", |b| b.expansions.none),
            ("half turn", |b| b.expansions.half_turn),
            ("reflection", |b| b.expansions.reflection),
            ("both", |b| b.expansions.both),
        ],
    )
}

/// The letter of pair `k`: a to z, then aa, ab, ...
fn pair_letter(k: usize) -> String {
    let letter = |i: usize| char::from(b'a' + (i % 26) as u8);
    match k / 26 {
        0 => letter(k).to_string(),
        n => format!("{}{}", letter(n - 1), letter(k)),
    }
}

/// The example position: filled cells, and each pair of partners in the
/// colour and the letter of its pair. Its values list the pairs.
fn pairing(example: &Example) -> Result<Option<Drawing>, String> {
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
                    return Err(format!(
                        "the example's free cell (row {}, column {}) has no partner",
                        cell[0], cell[1]
                    ));
                }
            };
            cells.push(role);
            labels.push(label);
        }
    }
    let at = |[r, c]: [usize; 2]| Value::from(format!("row {r}, column {c}"));
    let values = Table {
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

/// Each empty rectangle with the verdict of the half turn and of each mirror:
/// "fires", or the clause that refuses it, the self-paired-domino clause
/// written "domino" so that a row fits a phone's line.
fn refusals(rectangles: &[Rectangle]) -> Option<Drawing> {
    let short =
        |verdict: &str| Value::from(verdict.strip_prefix("self-paired ").unwrap_or(verdict));
    if rectangles.is_empty() {
        return None;
    }
    Some(Drawing::Table(Table {
        columns: [
            "rectangle",
            "half turn",
            "vertical mirror",
            "horizontal mirror",
        ]
        .map(String::from)
        .to_vec(),
        rows: rectangles
            .iter()
            .map(|r| {
                std::iter::once(Value::from(r.name.as_str()))
                    .chain([&r.half_turn, &r.vertical, &r.horizontal].map(|v| short(v)))
                    .collect()
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{default_run, params};
    use super::*;
    use crate::generators::Generator;
    use crate::generators::pairing_sweep::PairingSweep;
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
    fn expansions_are_four_settings_on_a_log_scale() {
        let Drawing::Chart(chart) = default_view("expansions") else {
            panic!("the expansions are a chart");
        };
        assert_eq!(chart.y.scale, Scale::Log);
        let values = chart.values();
        assert_eq!(
            values.columns,
            ["board", "no check", "half turn", "reflection", "both"]
        );
        let big = row(&values, "4 × 5");
        assert_eq!(
            (&big[1], &big[2], &big[4]),
            (&json!(17_348), &json!(17_258), &json!(17_242))
        );
        // The half turn fires at the root of the 4 x 4: one expansion.
        assert_eq!(row(&values, "4 × 4")[2], json!(1));
        // Every value is positive, as a log scale needs.
        let positive = |v: &Value| v.as_u64().is_some_and(|n| n > 0);
        assert!(values.rows.iter().all(|r| r[1..].iter().all(positive)));
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
    fn the_refusals_table_gives_each_rectangle_each_maps_verdict() {
        let Drawing::Table(table) = default_view("refusals") else {
            panic!("the refusals are a table");
        };
        assert_eq!(table.rows.len(), 28);
        // By hand: the 2 x 3's half turn pairs its middle column with itself,
        // its vertical mirror fixes that column, and its horizontal mirror
        // maps the middle vertical domino onto itself. The 2 x 2's half turn
        // fires; the 3 x 3's centre is fixed by all three.
        let domino = json!("domino");
        assert_eq!(
            row(&table, "2 × 3"),
            [
                json!("2 × 3"),
                domino.clone(),
                json!("fixed cell"),
                domino.clone()
            ]
        );
        assert_eq!(row(&table, "2 × 2")[1], "fires");
        assert!(row(&table, "3 × 3")[1..].iter().all(|v| v == "fixed cell"));
        assert!(
            table
                .rows
                .iter()
                .all(|r| r[2] != "fires" && r[3] != "fires")
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
        let err = PairingSweep.draw("firings", &p, &data).unwrap_err();
        assert!(err.contains("no key `boards`"), "{err}");
        assert!(PairingSweep.draw("wall", &p, &default_data()).is_err());
        let mut example = default_run().data["example"].clone();
        example["pairs"] = json!([]);
        let data = Data::from_value(json!({ "example": example })).unwrap();
        let err = PairingSweep.draw("pairing", &p, &data).unwrap_err();
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
