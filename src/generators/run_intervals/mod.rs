//! The `run-intervals` generator: every Domineering region shape of 1 to N
//! cells (up to the mirrors and the half turn) with its canonical value, its
//! runs, its packings in each direction and the interval the packings bound
//! the value by; what the run lengths decide and what they do not.
//!
//! For each shape the optimistic packing (most same-direction dominoes) and the
//! pessimistic one (fewest dominoes leaving no slot of that direction) are
//! found by search and compared with their closed forms over the runs,
//! `sum floor(l/2)` and `sum ceil((l-1)/3)`. The interval is
//! `[pesV - optH, optV - pesH]`. Beside the packings, the fewest dominoes of
//! the other direction that leave a direction no room, which the pessimistic
//! packing is not. Its views are drawn in `views.rs`.

mod packing;
mod spec;
mod views;

use super::{Check, Params, Solve, Spec};
use crate::cgt::canonical::GameTable;
use crate::cgt::dyadic::Dyadic;
use crate::cgt::partizan::Values;
use crate::games::domineering::{Direction, Domineering, Region, Shape, shapes_up_to};
use packing::{fewest_to_block, max_packing, min_maximal_packing, runs};
use serde::{Deserialize, Serialize};
use spec::{Results, RunIntervalsParams, SPEC};
use std::collections::BTreeMap;

/// The `run-intervals` generator: each small Domineering region's value within the interval its packings bound.
pub struct RunIntervals;

/// One shape of the catalogue with everything the figures read.
#[derive(Serialize, Deserialize, Clone)]
struct Entry {
    grid: String,
    cells: u32,
    value: String,
    number: bool,
    down: Vec<u32>,
    across: Vec<u32>,
    opt_v: u32,
    pes_v: u32,
    opt_h: u32,
    pes_h: u32,
    block_v: Option<u32>,
    block_h: Option<u32>,
    low: i64,
    high: i64,
    width: i64,
    #[serde(skip)]
    number_value: Option<Dyadic>,
}

impl Entry {
    fn interval(&self) -> String {
        format!("[{},{}]", self.low, self.high)
    }
}

#[derive(Serialize, Deserialize)]
struct Member {
    grid: String,
    value: String,
    number: bool,
}

#[derive(Serialize, Deserialize)]
struct Group {
    down: Vec<u32>,
    across: Vec<u32>,
    interval: String,
    shapes: Vec<Member>,
    /// Indices into `shapes` of the first shape worth the group's smallest
    /// number and of the first worth its largest.
    witnesses: [usize; 2],
}

#[derive(Serialize, Deserialize)]
struct RunWidth {
    length: u32,
    opt: i64,
    pes: i64,
    width: i64,
    formula: i64,
    runs: usize,
}

#[derive(Serialize, Deserialize)]
struct ValueCount {
    value: String,
    count: usize,
}

fn opt_closed(runs: &[u32]) -> u32 {
    runs.iter().map(|l| l / 2).sum()
}

fn pes_closed(runs: &[u32]) -> u32 {
    runs.iter().map(|l| (l - 1).div_ceil(3)).sum()
}

/// Width one run of `l` cells adds to the interval, by the closed forms.
fn width_formula(l: u32) -> i64 {
    i64::from(l / 2) - i64::from((l - 1).div_ceil(3))
}

/// The guess `(cells - even runs) / 2`, when it is a whole number.
fn pes_guess(cells: u32, runs: &[u32]) -> Option<u32> {
    let even = u32::try_from(runs.iter().filter(|&&l| l % 2 == 0).count())
        .expect("a region has fewer runs than its u32 cells");
    let twice = cells - even;
    twice.is_multiple_of(2).then_some(twice / 2)
}

fn entry(games: &GameTable, values: &Values<Domineering>, shape: Shape) -> Entry {
    let v = values.value(games, &Region::from(shape));
    let (opt_v, pes_v) = (
        max_packing(&shape, Direction::Vertical),
        min_maximal_packing(&shape, Direction::Vertical),
    );
    let (opt_h, pes_h) = (
        max_packing(&shape, Direction::Horizontal),
        min_maximal_packing(&shape, Direction::Horizontal),
    );
    let low = i64::from(pes_v) - i64::from(opt_h);
    let high = i64::from(opt_v) - i64::from(pes_h);
    Entry {
        grid: shape.to_string(),
        cells: shape.size(),
        value: games.display(v),
        number: games.number_value(v).is_some(),
        number_value: games.number_value(v),
        down: runs(&shape, Direction::Vertical),
        across: runs(&shape, Direction::Horizontal),
        opt_v,
        pes_v,
        opt_h,
        pes_h,
        block_v: fewest_to_block(&shape, Direction::Vertical),
        block_h: fewest_to_block(&shape, Direction::Horizontal),
        low,
        high,
        width: high - low,
    }
}

fn member(e: &Entry) -> Member {
    Member {
        grid: e.grid.clone(),
        value: e.value.clone(),
        number: e.number,
    }
}

/// The groups of two or more shapes that share their runs (down, across),
/// each as indices into `catalogue`, in the order of their runs.
fn run_groups(catalogue: &[Entry]) -> Vec<Vec<usize>> {
    let mut by_runs: BTreeMap<(Vec<u32>, Vec<u32>), Vec<usize>> = BTreeMap::new();
    for (i, e) in catalogue.iter().enumerate() {
        by_runs
            .entry((e.down.clone(), e.across.clone()))
            .or_default()
            .push(i);
    }
    by_runs.into_values().filter(|g| g.len() >= 2).collect()
}

/// The groups whose shapes all share one interval.
fn one_interval(catalogue: &[Entry], groups: &[Vec<usize>]) -> usize {
    groups
        .iter()
        .filter(|g| {
            g.iter()
                .all(|&i| catalogue[i].interval() == catalogue[g[0]].interval())
        })
        .count()
}

/// The groups of `numbered` whose numbers differ, with the first shape worth
/// the least and the first worth the most as witnesses.
fn split_groups(catalogue: &[Entry], numbered: &[&Vec<usize>]) -> Vec<Group> {
    numbered
        .iter()
        .filter_map(|g| {
            let worth = |k: &usize| catalogue[g[*k]].number_value;
            let numbers = (0..g.len()).filter(|k| worth(k).is_some());
            let least = numbers.clone().min_by_key(worth)?;
            let most = numbers.min_by_key(|k| std::cmp::Reverse(worth(k)))?;
            let first = &catalogue[g[0]];
            (worth(&least) != worth(&most)).then(|| Group {
                down: first.down.clone(),
                across: first.across.clone(),
                interval: first.interval(),
                shapes: g.iter().map(|&i| member(&catalogue[i])).collect(),
                witnesses: [least, most],
            })
        })
        .collect()
}

/// The interval the shapes of `example` share: "several" when they do not,
/// "none" when there are none.
fn shared_interval(example: &[&Entry]) -> String {
    match example.first() {
        Some(f) if example.iter().all(|e| e.interval() == f.interval()) => f.interval(),
        Some(_) => "several".to_string(),
        None => "none".to_string(),
    }
}

/// The shapes of `example` worth each number, by number.
fn by_value(example: &[&Entry]) -> BTreeMap<Dyadic, usize> {
    let mut by_value: BTreeMap<Dyadic, usize> = BTreeMap::new();
    for x in example.iter().filter_map(|e| e.number_value) {
        *by_value.entry(x).or_default() += 1;
    }
    by_value
}

/// Every run length of the catalogue, with repeats.
fn run_lengths(catalogue: &[Entry]) -> impl Iterator<Item = u32> + '_ {
    catalogue
        .iter()
        .flat_map(|e| e.down.iter().chain(&e.across))
        .copied()
}

/// The interval's width each run length from 1 to `longest` gives, read off
/// the straight line of that length, with the closed form and how many runs
/// of the catalogue have that length.
fn width_by_length(catalogue: &[Entry], longest: u32) -> Vec<RunWidth> {
    (1..=longest)
        .map(|l| {
            let line = catalogue
                .iter()
                .find(|e| e.across == [l] && e.down.len() == l as usize);
            let line = line.expect("the straight line of every run length is in the catalogue");
            let (opt, pes) = (i64::from(line.opt_h), i64::from(line.pes_h));
            RunWidth {
                length: l,
                opt,
                pes,
                width: opt - pes,
                formula: width_formula(l),
                runs: run_lengths(catalogue).filter(|&r| r == l).count(),
            }
        })
        .collect()
}

/// The lengths whose line is a point interval.
fn point_lengths(width_by_length: &[RunWidth]) -> Vec<u32> {
    width_by_length
        .iter()
        .filter(|w| w.width == 0)
        .map(|w| w.length)
        .collect()
}

/// The identities a run asserts over its catalogue of `n` shapes.
fn checks(data: &Results, point_rule: usize) -> Vec<Check> {
    let n = data.shapes;
    let widths = &data.width_by_length;
    vec![
        Check::equal("optimistic closed form", data.opt_closed_form_exact, n),
        Check::equal("pessimistic closed form", data.pes_closed_form_exact, n),
        Check::equal(
            "point interval iff every run has a point length",
            point_rule,
            n,
        ),
        Check::equal(
            "groups share one interval",
            data.groups_one_interval,
            data.groups,
        ),
        Check::that(
            "width formula",
            widths.iter().all(|w| w.width == w.formula),
            widths
                .iter()
                .map(|w| format!("{}: {} vs {}", w.length, w.width, w.formula))
                .collect::<Vec<_>>()
                .join("; "),
        ),
    ]
}

/// Everything the figures need, and the identities, from the catalogue.
/// The catalogue up to `max_cells` and the example family, the shapes with
/// `runs` (down, across).
fn compute(max_cells: u32, runs: (&[u32], &[u32])) -> (Results, Vec<Check>) {
    let games = GameTable::new();
    let values = Values::new(Domineering::default());
    let catalogue: Vec<Entry> = shapes_up_to(max_cells)
        .into_iter()
        .map(|s| entry(&games, &values, s))
        .collect();
    let count = |f: &dyn Fn(&Entry) -> bool| catalogue.iter().filter(|e| f(e)).count();

    let groups = run_groups(&catalogue);
    let numbered: Vec<&Vec<usize>> = groups
        .iter()
        .filter(|g| g.iter().filter(|&&i| catalogue[i].number).count() >= 2)
        .collect();
    let split = split_groups(&catalogue, &numbered);

    let example: Vec<&Entry> = catalogue
        .iter()
        .filter(|e| e.down == runs.0 && e.across == runs.1)
        .collect();
    let example_by_value = by_value(&example);

    let longest_run = run_lengths(&catalogue).max().unwrap_or(1);
    let width_by_length = width_by_length(&catalogue, longest_run);
    // A shape is a point when all its runs have a point length.
    let point_lengths = point_lengths(&width_by_length);
    let short = |e: &Entry| {
        e.down
            .iter()
            .chain(&e.across)
            .all(|l| point_lengths.contains(l))
    };
    let point_rule = count(&|e| (e.width == 0) == short(e));
    let widths = || width_by_length.iter().map(|w| w.width);

    let data = Results {
        max_cells,
        shapes: catalogue.len(),
        by_size: (1..=max_cells)
            .map(|k| catalogue.iter().filter(|e| e.cells == k).count())
            .collect(),
        numbers: count(&|e| e.number),
        opt_closed_form_exact: count(&|e| {
            opt_closed(&e.down) == e.opt_v && opt_closed(&e.across) == e.opt_h
        }),
        pes_closed_form_exact: count(&|e| {
            pes_closed(&e.down) == e.pes_v && pes_closed(&e.across) == e.pes_h
        }),
        point_intervals: count(&|e| e.width == 0),
        point_numbers: count(&|e| e.width == 0 && e.number),
        point_is_value: count(&|e| e.width == 0 && e.number_value == Some(Dyadic::integer(e.low))),
        point_lengths: point_lengths.clone(),
        short_runs: count(&short),
        value_is_opt_difference: count(&|e| {
            e.number_value == Some(Dyadic::integer(i64::from(e.opt_v) - i64::from(e.opt_h)))
        }),
        numbers_in_interval: count(&|e| {
            e.number_value
                .is_some_and(|x| Dyadic::integer(e.low) <= x && x <= Dyadic::integer(e.high))
        }),
        pes_guess_vertical: count(&|e| pes_guess(e.cells, &e.down) == Some(e.pes_v)),
        pes_guess_horizontal: count(&|e| pes_guess(e.cells, &e.across) == Some(e.pes_h)),
        block_below_pes: count(&|e| {
            e.block_v.is_some_and(|b| b < e.pes_v) || e.block_h.is_some_and(|b| b < e.pes_h)
        }),
        groups: groups.len(),
        groups_one_interval: one_interval(&catalogue, &groups),
        groups_with_numbers: numbered.len(),
        split_groups: split.len(),
        split,
        example_count: example.len(),
        example_numbers: example.iter().filter(|e| e.number).count(),
        example_values: example_by_value.keys().map(ToString::to_string).collect(),
        example_interval: shared_interval(&example),
        example_by_value: example_by_value
            .into_iter()
            .map(|(v, count)| ValueCount {
                value: v.to_string(),
                count,
            })
            .collect(),
        example: example.into_iter().map(member).collect(),
        example_down: runs.0.to_vec(),
        example_across: runs.1.to_vec(),
        shortest_run: run_lengths(&catalogue).min().unwrap_or(1),
        longest_run,
        width_at_longest: width_by_length.last().map_or(0, |w| w.width),
        min_run_width: widths().min().unwrap_or(0),
        max_run_width: widths().max().unwrap_or(0),
        width_by_length,
        widest: catalogue.iter().map(|e| e.width).max().unwrap_or(0),
        catalogue,
    };
    let checks = checks(&data, point_rule);
    (data, checks)
}

impl Solve for RunIntervals {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: RunIntervalsParams = params.typed();
        let (data, checks) = compute(p.max_cells, (&p.example_down, &p.example_across));
        (data, checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw;
    use crate::generators::{Data, Generator};

    #[test]
    fn refuses_a_catalogue_past_the_limit_naming_max_cells() {
        let p = Params::from_text(&SPEC, &[("max_cells", "13")]).unwrap();
        let err = SPEC.check_limits(&p).unwrap_err().to_string();
        assert!(
            err.starts_with("catalogue cells is 13, over the limit of 12 ("),
            "{err}"
        );
        assert!(
            err.ends_with("; lower `max_cells = 13`, or raise the limit on purpose with `max_catalogue_cells = 13`"),
            "{err}"
        );
        let twelve = Params::from_text(&SPEC, &[("max_cells", "12")]).unwrap();
        SPEC.check_limits(&twelve).unwrap();
    }

    // The published figures of the catalogue, N = 8.
    #[test]
    fn reproduces_the_essay_figures_for_eight_cells() {
        let out = RunIntervals.run(&Params::defaults(&SPEC).unwrap());
        let d = &out.data;
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        assert_eq!(d["shapes"], 1042);
        assert_eq!(
            d["by_size"],
            serde_json::json!([1, 2, 3, 9, 21, 68, 208, 730])
        );
        assert_eq!(d["numbers"], 315);
        assert_eq!(d["opt_closed_form_exact"], 1042);
        assert_eq!(d["pes_closed_form_exact"], 1042);
        assert_eq!(d["point_intervals"], 505);
        // The referee's count, by its own search (issue 42): of the point
        // intervals, 145 are numbers and 45 equal the point.
        assert_eq!(
            (&d["point_numbers"], &d["point_is_value"]),
            (&145.into(), &45.into())
        );
        // The 2 x 2 square by hand: a minimum maximal packing of two in each
        // direction, but one domino of the other direction leaves none.
        let square = d["catalogue"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["grid"] == "..|..")
            .unwrap();
        assert_eq!(
            (&square["pes_v"], &square["block_v"]),
            (&2.into(), &1.into())
        );
        assert_eq!(
            (&square["pes_h"], &square["block_h"]),
            (&2.into(), &1.into())
        );
        assert_eq!(d["short_runs"], 505);
        assert_eq!(d["value_is_opt_difference"], 141);
        assert_eq!(d["pes_guess_vertical"], 115);
        assert_eq!(d["pes_guess_horizontal"], 115);
        assert_eq!(d["groups"], 143);
        assert_eq!(d["groups_with_numbers"], 60);
        assert_eq!(d["split_groups"], 21);
        // A published count gives four such regions (three worth -1/4, one 0):
        // those are the number-valued ones drawn in a 3 x 5 box with the run of five on
        // top. The whole run-length class has 22 shapes, 13 of them numbers.
        assert_eq!(d["example_count"], 22);
        assert_eq!(d["example_numbers"], 13);
        assert_eq!(d["example_interval"], "[0,0]");
        assert_eq!(d["example_values"], serde_json::json!(["-1", "-1/4", "0"]));
        assert_eq!(d["example_by_value"][1]["value"], "-1/4");
        assert_eq!(d["example_by_value"][1]["count"], 7);
        // The lines of 4 and of 6 to 8 cells can be spoiled (widths above).
        assert_eq!(d["point_lengths"], serde_json::json!([1, 2, 3, 5]));
        // Hand count: a line of 4 holds two dominoes and can be spoiled by one;
        // a line of 5 holds two and cannot be spoiled below two.
        let line = |l: usize| &d["width_by_length"][l - 1];
        assert_eq!(
            (line(4)["opt"].clone(), line(4)["pes"].clone()),
            (2.into(), 1.into())
        );
        assert_eq!(
            (line(5)["opt"].clone(), line(5)["pes"].clone()),
            (2.into(), 2.into())
        );
        // The example family is one of the split groups; its witnesses are
        // worth the ends of example_values.
        let family = d["split"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["down"] == serde_json::json!([1, 1, 1, 2, 3]))
            .filter(|g| g["across"] == serde_json::json!([1, 1, 1, 5]))
            .unwrap();
        let witness = |k: usize| {
            let at = usize::try_from(family["witnesses"][k].as_u64().unwrap()).unwrap();
            &family["shapes"][at]
        };
        assert_eq!(witness(0)["value"], "-1");
        assert_eq!(witness(1)["value"], "0");
    }

    /// The data of a run with these parameters.
    fn data(pairs: &[(&str, &str)]) -> (Params, Data) {
        let p = Params::from_text(&SPEC, pairs).unwrap();
        let out = RunIntervals.run(&p);
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        (p, Data::from_value(out.data).unwrap())
    }

    fn drawn(view: &str, (p, data): &(Params, Data)) -> Option<draw::Drawing> {
        RunIntervals.draw(view, p, data).unwrap()
    }

    fn catalogue(view: &str, run: &(Params, Data)) -> draw::Catalogue {
        match drawn(view, run) {
            Some(draw::Drawing::Catalogue(c)) => c,
            other => panic!("{view} is not a catalogue: {other:?}"),
        }
    }

    /// Each tile's first value (its canonical value), group by group.
    fn values(c: &draw::Catalogue) -> Vec<Vec<String>> {
        let text = |item: &draw::Item| item.values[0].as_str().unwrap().to_string();
        c.groups
            .iter()
            .map(|g| g.items.iter().map(text).collect())
            .collect()
    }

    /// A catalogue's shape, a board.
    fn board(shape: &draw::Shape) -> &draw::Board {
        match shape {
            draw::Shape::Board(board) => board,
            draw::Shape::Graph(_) => panic!("a shape of cells is a board"),
        }
    }

    /// The lengths of the runs of a drawn shape's cells, sorted: down its
    /// columns when `down`, else along its rows.
    fn runs(shape: &draw::Shape, down: bool) -> Vec<usize> {
        let shape = board(shape);
        let (lines, along) = if down {
            (shape.cols, shape.rows)
        } else {
            (shape.rows, shape.cols)
        };
        let filled = |line: usize, at: usize| {
            let (r, c) = if down { (at, line) } else { (line, at) };
            shape.cells[r * shape.cols + c] != draw::Role::Paper
        };
        let mut runs: Vec<usize> = (0..lines)
            .flat_map(|line| {
                let cells: String = (0..along)
                    .map(|at| if filled(line, at) { '#' } else { ' ' })
                    .collect();
                cells.split_whitespace().map(str::len).collect::<Vec<_>>()
            })
            .collect();
        runs.sort_unstable();
        runs
    }

    #[test]
    fn the_table_groups_the_small_shapes_by_size() {
        let run = data(&[("max_cells", "4")]);
        let table = catalogue("table", &run);
        let headings: Vec<&str> = table.groups.iter().map(|g| g.heading.as_str()).collect();
        assert_eq!(headings, ["1 cell", "2 cells", "3 cells", "4 cells"]);
        // Hand count: one monomino, two dominoes (vertical and horizontal),
        // three trominoes (the two lines and the L, whose four turns are
        // mirror images of one another) and nine tetrominoes.
        let sizes: Vec<usize> = table.groups.iter().map(|g| g.items.len()).collect();
        assert_eq!(sizes, [1, 2, 3, 9]);
        // The single cell is worth 0; a vertical domino is one move for Left
        // (1) and a horizontal one a move for Right (-1), each interval a point.
        let first = |g: usize, i: usize| &table.groups[g].items[i];
        assert_eq!(first(0, 0).values, ["0", "[0, 0]"]);
        let dominoes: Vec<(usize, usize, &serde_json::Value)> = table.groups[1]
            .items
            .iter()
            .map(|i| (board(&i.shape).rows, board(&i.shape).cols, &i.values[0]))
            .collect();
        assert!(dominoes.contains(&(2, 1, &"1".into())), "{dominoes:?}");
        assert!(dominoes.contains(&(1, 2, &"-1".into())), "{dominoes:?}");
        // Intervals below zero take the minus sign.
        let two = &table.groups[1].items;
        assert!(two.iter().any(|i| i.values[1] == "[\u{2212}1, \u{2212}1]"));
        // The CSV holds what the tiles show, after their group.
        let csv = draw::Drawing::Catalogue(table)
            .render()
            .values
            .unwrap()
            .to_csv();
        assert!(
            csv.starts_with("group,value,interval\n1 cell,0,\"[0, 0]\"\n"),
            "{csv}"
        );
        // Only sizes that were computed are drawn.
        let table = catalogue("table", &data(&[("max_cells", "2"), ("table_cells", "5")]));
        assert_eq!(table.groups.len(), 2);
    }

    #[test]
    fn the_widths_are_points_of_the_search_and_the_formula() {
        let run = data(&[("max_cells", "6")]);
        let Some(draw::Drawing::Chart(chart)) = drawn("widths", &run) else {
            panic!("widths is a chart");
        };
        assert!(chart.series.iter().all(|s| s.mark == draw::Mark::Points));
        // Hand count (see the line test above): widths 0, 0, 0, 1, 0, 1.
        assert_eq!(
            chart.values().to_csv(),
            "run length (cells),by search,by formula\n\
             1,0,0\n2,0,0\n3,0,0\n4,1,1\n5,0,0\n6,1,1\n"
        );
    }

    #[test]
    fn the_run_lengths_present_run_from_one_cell_and_bound_the_widths() {
        // Hand count: every catalogue has a single cell, and the widths of
        // lines of 1 to 6 cells are 0, 0, 0, 1, 0, 1 (see above).
        for (cells, widths) in [(1, (0, 0)), (3, (0, 0)), (4, (0, 1)), (6, (0, 1))] {
            let p = Params::from_text(&SPEC, &[("max_cells", &cells.to_string())]).unwrap();
            let d = RunIntervals.run(&p).data;
            assert_eq!(d["shortest_run"], 1);
            assert_eq!(d["longest_run"], cells);
            let found = (d["min_run_width"].clone(), d["max_run_width"].clone());
            assert_eq!(found, (widths.0.into(), widths.1.into()), "{cells} cells");
            // The formula over the lengths 1..=cells gives the same bounds.
            let formula = (1..=cells).map(width_formula);
            let bounds = (formula.clone().min().unwrap(), formula.max().unwrap());
            assert_eq!(bounds, widths);
        }
    }

    #[test]
    fn the_split_groups_show_two_shapes_of_their_runs_worth_different_numbers() {
        let run = data(&[]);
        let split = catalogue("split", &run);
        assert_eq!(split.groups.len(), 21);
        for group in &split.groups {
            let [a, b] = &group.items[..] else {
                panic!("{} has not two shapes", group.heading);
            };
            assert_ne!(a.values, b.values, "{}", group.heading);
            // Both shapes have the runs the heading names.
            let named = |down| {
                let lengths: Vec<String> =
                    runs(&a.shape, down).iter().map(usize::to_string).collect();
                lengths.join(", ")
            };
            for down in [true, false] {
                assert_eq!(runs(&a.shape, down), runs(&b.shape, down));
            }
            let prefix = format!("down {}; across {}; interval ", named(true), named(false));
            assert!(group.heading.starts_with(&prefix), "{}", group.heading);
        }
        let family = split
            .groups
            .iter()
            .find(|g| {
                g.heading
                    .starts_with("down 1, 1, 1, 2, 3; across 1, 1, 1, 5;")
            })
            .unwrap();
        assert_eq!(
            family.heading,
            "down 1, 1, 1, 2, 3; across 1, 1, 1, 5; interval [0, 0]; 22 shapes"
        );
        let worth: Vec<&serde_json::Value> = family.items.iter().map(|i| &i.values[0]).collect();
        assert_eq!(worth, ["-1", "0"]);
        // Up to four cells no two shapes with the same runs differ in number value.
        assert!(drawn("split", &data(&[("max_cells", "4")])).is_none());
    }

    #[test]
    fn the_family_is_drawn_by_value() {
        let run = data(&[]);
        let family = catalogue("family", &run);
        let headings: Vec<&str> = family.groups.iter().map(|g| g.heading.as_str()).collect();
        assert_eq!(
            headings,
            [
                "worth \u{2212}1: 3 shapes",
                "worth \u{2212}1/4: 7 shapes",
                "worth 0: 3 shapes"
            ]
        );
        for (group, tiles) in family.groups.iter().zip(values(&family)) {
            let worth = group
                .heading
                .split_once(':')
                .unwrap()
                .0
                .strip_prefix("worth ")
                .unwrap();
            assert!(tiles.iter().all(|v| draw::text(v) == worth), "{tiles:?}");
        }
        // The heading states the value: no value is written under a shape.
        assert!(family.under.is_empty());
        // Every drawn shape has the example's runs, which the data states.
        for item in family.groups.iter().flat_map(|g| &g.items) {
            assert_eq!(runs(&item.shape, true), [1, 1, 1, 2, 3]);
            assert_eq!(runs(&item.shape, false), [1, 1, 1, 5]);
        }
        let stated = |key| run.1.field::<Vec<usize>>(key).unwrap();
        assert_eq!(stated("example_down"), [1, 1, 1, 2, 3]);
        assert_eq!(stated("example_across"), [1, 1, 1, 5]);
        // No shape of eight cells has a single run each way of length 2.
        let none = data(&[("example_down", "[2]"), ("example_across", "[2]")]);
        assert!(drawn("family", &none).is_none());
    }

    #[test]
    fn views_are_deterministic_and_unknown_ones_refused() {
        let (a, b) = (data(&[]), data(&[]));
        assert_eq!(a.1, b.1);
        for view in SPEC.views.iter().map(|v| v.name) {
            let render = |run| drawn(view, run).unwrap().render();
            assert_eq!(render(&a), render(&b), "{view}");
        }
        assert!(RunIntervals.draw("pie", &a.0, &a.1).is_err());
    }
    #[test]
    fn the_pessimistic_packing_of_a_line_takes_one_domino_per_three_cells() {
        // Hand count: a line of 4 is spoiled by one domino in the middle; a
        // line of 5 needs two; a line of 7 needs two (cells 2-3 and 5-6).
        for (l, pes) in [(1, 0), (2, 1), (3, 1), (4, 1), (5, 2), (6, 2), (7, 2)] {
            let line = crate::games::domineering::Board::empty(1, l)
                .shape()
                .unwrap();
            assert_eq!(
                min_maximal_packing(&line, Direction::Horizontal),
                pes,
                "{l}"
            );
            assert_eq!(pes_closed(&[u32::try_from(l).unwrap()]), pes);
        }
        assert_eq!(width_formula(10), 2);
        assert_eq!(width_formula(5), 0);
        assert_eq!(width_formula(4), 1);
    }

    #[test]
    fn the_guess_is_not_exact_when_it_is_not_whole() {
        assert_eq!(pes_guess(3, &[2, 1]), Some(1));
        assert_eq!(pes_guess(3, &[3]), None);
        assert_eq!(pes_guess(2, &[1, 1]), Some(1));
        assert_eq!(pes_guess(4, &[4]), None);
    }
}
