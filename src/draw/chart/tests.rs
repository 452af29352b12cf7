//! Charts drawn from samples of every kind, read back.

use super::super::svg_text::{attributes, texts};
use super::*;
use crate::draw::Axis;

fn series(name: &str, mark: Mark, points: &[(f64, f64)]) -> Series {
    Series {
        name: name.into(),
        mark,
        points: points.to_vec(),
    }
}

fn chart(x: Scale, y: Scale, series: Vec<Series>) -> Chart {
    Chart {
        x: Axis::new("wall column", x),
        y: Axis::new("positions", y),
        series,
    }
}

fn names(names: &[&str]) -> Scale {
    Scale::Categories(names.iter().map(std::string::ToString::to_string).collect())
}

/// The wide and the narrow drawing of a chart.
fn drawings(chart: &Chart) -> [String; 2] {
    let marked = markers(chart);
    [svg(chart, &WIDE, &marked), svg(chart, &NARROW, &marked)]
}

/// The tags of `svg` whose text starts with `start`.
fn tags<'s>(svg: &'s str, start: &str) -> Vec<&'s str> {
    svg.split('<')
        .filter(|t| t.starts_with(start))
        .map(|t| t.split('>').next().unwrap_or_default())
        .collect()
}

/// The number in attribute `name` of `tag`.
fn number(tag: &str, name: &str) -> f64 {
    let value = attributes(tag, name);
    value[0]
        .parse()
        .unwrap_or_else(|_| panic!("{name} in {tag}"))
}

/// The two numbers of attribute `name` of the plot's group.
fn pair(svg: &str, name: &str) -> (f64, f64) {
    let plot = tags(svg, "g class=\"plot\"")[0];
    let value = attributes(plot, name)[0];
    let (a, b) = value.split_once(' ').unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

/// Where `v` lies on the axis `axis` ("x" or "y") of `svg`, by the plot's
/// data attributes alone.
fn mapped(svg: &str, axis: &str, v: f64) -> f64 {
    let plot = tags(svg, "g class=\"plot\"")[0];
    let log = attributes(plot, &format!("data-{axis}-scale"))[0] == "log";
    let f = |v: f64| if log { v.log10() } else { v };
    let (d0, d1) = pair(svg, &format!("data-{axis}-domain"));
    let (r0, r1) = pair(svg, &format!("data-{axis}-range"));
    r0 + (f(v) - f(d0)) / (f(d1) - f(d0)) * (r1 - r0)
}

/// Charts of every kind: points on a log axis, lines, bars with long
/// names and a zero, bars asked for on a log axis, many categories.
fn samples() -> Vec<Chart> {
    let boards = [
        "2 × 6", "3 × 4", "2 × 7", "3 × 5", "4 × 4", "4 × 5", "3 × 6",
    ];
    let depths: Vec<String> = (1..=12).map(|d| format!("depth {d}")).collect();
    let depths: Vec<&str> = depths.iter().map(String::as_str).collect();
    let bars = |k: f64| {
        (0..7)
            .map(|i| (f64::from(i), k * f64::from(i * i)))
            .collect::<Vec<_>>()
    };
    vec![
        chart(
            Scale::Linear,
            Scale::Log,
            vec![
                series(
                    "whole",
                    Mark::Points,
                    &[(1.0, 2916.0), (2.0, 2750.0), (3.0, 2916.0)],
                ),
                series(
                    "sum",
                    Mark::Points,
                    &[(1.0, 2916.0), (2.0, 555.0), (3.0, 108.0)],
                ),
            ],
        ),
        chart(
            Scale::Linear,
            Scale::Linear,
            vec![series(
                "a",
                Mark::Line,
                &[(0.0, -25000.0), (0.5, 12.5), (2.25, 31000.0)],
            )],
        ),
        chart(
            names(&boards),
            Scale::Linear,
            vec![
                series("half turn", Mark::Bars, &bars(13.0)),
                series("reflection", Mark::Bars, &bars(3.0)),
            ],
        ),
        chart(
            names(&boards),
            Scale::Log,
            vec![
                series("none", Mark::Bars, &bars(400.0)[1..]),
                series("both", Mark::Bars, &bars(1.0)[1..]),
            ],
        ),
        chart(
            names(&depths),
            Scale::Linear,
            vec![series("proved", Mark::Bars, &bars(1000.0))],
        ),
    ]
}

#[test]
fn each_drawing_sets_its_text_at_the_size_it_is_read_and_fits_its_column() {
    for chart in samples() {
        let [wide, narrow] = drawings(&chart);
        // The wide drawing is shown at its size in a column of 684 px, the
        // narrow one in a column of 347 px (a phone 390 px wide).
        assert_eq!(attributes(&wide, "width")[0], "684");
        let narrow_width: u32 = attributes(&narrow, "width")[0].parse().unwrap();
        assert!(narrow_width <= 347);
        for svg in [&wide, &narrow] {
            let sizes = attributes(svg, "font-size");
            assert!(!sizes.is_empty());
            for size in sizes {
                // Only crowded category names drop to 12 px.
                assert!(size == "14" || size == "12", "{size} in {svg}");
            }
        }
        assert!(texts(&wide).contains(&"wall column"));
        assert!(texts(&narrow).contains(&"positions"));
    }
}

#[test]
fn every_mark_stands_where_its_value_maps_to() {
    let mut checked = 0;
    for chart in samples() {
        for svg in drawings(&chart) {
            for tag in tags(&svg, "rect class=\"role-series") {
                let (top, height) = (number(tag, "y"), number(tag, "height"));
                let v = number(tag, "data-y");
                let (end, zero) = (mapped(&svg, "y", v), mapped(&svg, "y", 0.0));
                // From zero to the value, a tiny bar at least 1 px tall.
                assert!(
                    (top.min(top + height) - end.min(zero)).abs() <= 1.0,
                    "{tag}"
                );
                assert!((top + height - end.max(zero)).abs() <= 1.0, "{tag}");
                checked += 1;
            }
            for tag in tags(&svg, "circle class=\"role-series") {
                let (x, y) = (number(tag, "data-x"), number(tag, "data-y"));
                assert!(
                    (number(tag, "cx") - mapped(&svg, "x", x)).abs() <= 0.1,
                    "{tag}"
                );
                assert!(
                    (number(tag, "cy") - mapped(&svg, "y", y)).abs() <= 0.1,
                    "{tag}"
                );
                checked += 1;
            }
            // A marker's corners average to its centre.
            for tag in tags(&svg, "polygon class=\"role-series") {
                let corners: Vec<(f64, f64)> = attributes(tag, "points")[0]
                    .split(' ')
                    .map(|p| p.split_once(',').unwrap())
                    .map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap()))
                    .collect();
                let n = corners.len() as f64;
                let cx = corners.iter().map(|c| c.0).sum::<f64>() / n;
                let cy = corners.iter().map(|c| c.1).sum::<f64>() / n;
                let (x, y) = (number(tag, "data-x"), number(tag, "data-y"));
                assert!((cx - mapped(&svg, "x", x)).abs() <= 0.2, "{tag}");
                assert!((cy - mapped(&svg, "y", y)).abs() <= 0.2, "{tag}");
                checked += 1;
            }
            for tag in tags(&svg, "polyline class=\"role-series") {
                let drawn = attributes(tag, "points")[0].split(' ');
                let values = attributes(tag, "data-points")[0].split(' ');
                for (at, value) in drawn.zip(values) {
                    let (px, py) = at.split_once(',').unwrap();
                    let (vx, vy) = value.split_once(',').unwrap();
                    let x = mapped(&svg, "x", vx.parse().unwrap());
                    let y = mapped(&svg, "y", vy.parse().unwrap());
                    assert!((px.parse::<f64>().unwrap() - x).abs() <= 0.1, "{tag}");
                    assert!((py.parse::<f64>().unwrap() - y).abs() <= 0.1, "{tag}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 90, "{checked}");
}

#[test]
fn bars_stand_side_by_side_with_nothing_laid_over_them() {
    let [wide, narrow] = drawings(&samples()[2]);
    for svg in [&wide, &narrow] {
        let bars = tags(svg, "rect class=\"role-series");
        assert_eq!(bars.len(), 14);
        // No marker of either series: a bar's series is its place and colour.
        assert!(tags(svg, "circle").is_empty() && tags(svg, "polygon").is_empty());
        // The two bars of a board do not overlap.
        for (a, b) in bars[..7].iter().zip(&bars[7..]) {
            assert!(
                number(a, "x") + number(a, "width") <= number(b, "x"),
                "{a} {b}"
            );
        }
    }
    // The legend keys of bars are bars alone.
    let legend = html(&samples()[2]);
    let keys: Vec<&str> = legend.split("<svg class=\"key\"").skip(1).collect();
    assert_eq!(keys.len(), 2);
    assert!(
        keys.iter()
            .all(|k| k.matches("<rect").count() == 1 && !k.contains("<circle"))
    );
}

#[test]
fn a_log_axis_carries_points_not_bars() {
    let chart = &samples()[3];
    for svg in drawings(chart) {
        assert!(tags(&svg, "rect class=\"role-series").is_empty(), "{svg}");
        assert_eq!(tags(&svg, "circle class=\"role-series-0\"").len(), 6);
    }
    let html = html(chart);
    assert!(!html.contains("<rect class=\"role-series"), "{html}");
}

#[test]
fn category_names_never_break_inside_a_name() {
    for chart in &samples()[2..4] {
        for svg in drawings(chart) {
            let texts = texts(&svg);
            assert_eq!(
                texts.iter().filter(|t| t.contains(" × ")).count(),
                7,
                "{texts:?}"
            );
            assert!(
                texts
                    .iter()
                    .all(|t| !t.ends_with('×') && !t.starts_with('×'))
            );
        }
    }
}

#[test]
fn ticks_are_written_as_the_site_writes_numbers() {
    let [wide, narrow] = drawings(&samples()[1]);
    for svg in [&wide, &narrow] {
        let texts = texts(svg);
        assert!(
            texts.contains(&"\u{2212}30,000") || texts.contains(&"\u{2212}40,000"),
            "{texts:?}"
        );
        assert!(texts.contains(&"20,000"), "{texts:?}");
        assert!(texts.iter().all(|t| !t.contains('-')), "{texts:?}");
    }
}

#[test]
fn values_over_bars_share_one_precision_and_shares_are_percentages() {
    let c = Chart {
        x: Axis::new("depth", names(&["1", "3", "5"])),
        y: Axis::new("ratio", Scale::Linear).numbers(Numbers::Places(1)),
        series: vec![series(
            "r",
            Mark::Bars,
            &[(0.0, 1.0), (1.0, 1.5), (2.0, 15.84)],
        )],
    };
    let [wide, _] = drawings(&c);
    let labels: Vec<&str> = tags(&wide, "text class=\"role-ink\" data-series")
        .iter()
        .map(|t| {
            wide.split(t).nth(1).unwrap()[1..]
                .split('<')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(labels, ["1.0", "1.5", "15.8"]);
    let shares = Chart {
        y: Axis::new("share", Scale::Linear).numbers(Numbers::Percent(1)),
        series: vec![series(
            "s",
            Mark::Bars,
            &[(0.0, 0.0), (1.0, 0.125), (2.0, 0.5)],
        )],
        ..c
    };
    let [wide, _] = drawings(&shares);
    let texts = texts(&wide);
    assert!(
        texts.contains(&"12.5%") && texts.contains(&"50.0%"),
        "{texts:?}"
    );
    let values = shares.values();
    assert_eq!(values.to_csv(), "depth,s\n1,0\n3,0.125\n5,0.5\n");
    assert!(values.to_html().contains("<td class=\"num\">12.5%</td>"));
}

#[test]
fn log_axes_are_labelled_at_one_two_and_five_times_powers_of_ten() {
    let [wide, narrow] = drawings(&samples()[0]);
    assert_eq!(
        &texts(&wide)[..6],
        ["100", "200", "500", "1,000", "2,000", "5,000"]
    );
    let labels = ["100", "200", "500", "1,000", "2,000", "5,000"];
    assert!(texts(&narrow)[..2].iter().all(|t| labels.contains(t)));
}

#[test]
fn an_axis_of_few_whole_numbers_is_ticked_at_its_values() {
    let c = chart(
        Scale::Linear,
        Scale::Linear,
        vec![series(
            "a",
            Mark::Points,
            &[(2.0, 1.0), (3.0, 1.0), (5.0, 2.0), (8.0, 3.0)],
        )],
    );
    let [wide, _] = drawings(&c);
    // y ticks at whole numbers from 0, then x at the data's values.
    assert_eq!(texts(&wide)[..8], ["0", "1", "2", "3", "2", "3", "5", "8"]);
    let many: Vec<(f64, f64)> = (1..=20).map(|x| (f64::from(x), 1.0)).collect();
    let c = chart(
        Scale::Linear,
        Scale::Linear,
        vec![series("a", Mark::Points, &many)],
    );
    let [wide, narrow] = drawings(&c);
    let all: Vec<String> = (1..=20).map(|x| x.to_string()).collect();
    let ticks = format!(" {} wall column positions", all.join(" "));
    assert!(
        texts(&wide).join(" ").ends_with(&ticks),
        "{:?}",
        texts(&wide)
    );
    let ticks = " 2 5 10 15 20 wall column positions";
    assert!(
        texts(&narrow).join(" ").ends_with(ticks),
        "{:?}",
        texts(&narrow)
    );
}

#[test]
fn points_alone_are_not_joined_and_lines_are() {
    let points = [(1.0, 1.0), (2.0, 3.0), (3.0, 2.0)];
    let c = chart(
        Scale::Linear,
        Scale::Linear,
        vec![
            series("a", Mark::Points, &points),
            series("b", Mark::Line, &points),
        ],
    );
    for svg in drawings(&c) {
        let lines = tags(&svg, "polyline class=\"role-series");
        assert_eq!(lines.len(), 1, "{svg}");
        assert!(lines[0].contains("role-series-1"));
    }
}

#[test]
fn coinciding_series_stay_visible() {
    let points = [(1.0, 1.0), (2.0, 3.0), (3.0, 2.0)];
    let c = chart(
        Scale::Linear,
        Scale::Linear,
        vec![
            series("a", Mark::Line, &points),
            series("b", Mark::Line, &points),
        ],
    );
    let [wide, _] = drawings(&c);
    // The first line is wider and solid; the second, drawn over it, dashed.
    let lines = tags(&wide, "polyline class=\"role-series");
    assert_eq!(attributes(lines[0], "stroke-width"), ["3"]);
    assert!(attributes(lines[0], "stroke-dasharray").is_empty());
    assert_eq!(attributes(lines[1], "stroke-width"), ["2"]);
    assert_eq!(attributes(lines[1], "stroke-dasharray"), ["8 4"]);
    // Its markers are outlines around the first's filled circles.
    assert_eq!(tags(&wide, "circle class=\"role-series-0\"").len(), 3);
    let outlines = tags(&wide, "polygon class=\"role-series-1\"");
    assert_eq!(outlines.len(), 3);
    assert!(outlines.iter().all(|t| t.contains("fill=\"none\"")));
}

#[test]
fn a_bar_of_zero_says_so() {
    for chart in [&samples()[2], &samples()[4]] {
        for svg in drawings(chart) {
            // Each series' first bar is zero, and 0 is a tick of the axis.
            let zeros = texts(&svg).iter().filter(|t| **t == "0").count();
            assert!(zeros > chart.series.len(), "{svg}");
            let heights: Vec<f64> = tags(&svg, "rect class=\"role-series-")
                .iter()
                .map(|r| number(r, "height"))
                .collect();
            assert_eq!(heights.len(), 7 * chart.series.len());
            assert_eq!(
                heights.iter().filter(|h| **h == 0.0).count(),
                chart.series.len()
            );
        }
    }
}

#[test]
fn crowded_names_wrap_shrink_or_turn() {
    let [wide, narrow] = drawings(&samples()[4]);
    // Two lines each on a wide screen.
    assert_eq!(texts(&wide).iter().filter(|t| **t == "depth").count(), 12);
    // Only the y axis's title is turned on a wide screen; on a phone the
    // names are too.
    assert_eq!(wide.matches("rotate(-90").count(), 1);
    assert_eq!(narrow.matches("rotate(-90").count(), 12 + 1, "{narrow}");
}

#[test]
fn the_legend_is_html_under_both_drawings() {
    let html = html(&samples()[0]);
    let wide = html.find("<svg class=\"chart-wide\"").unwrap();
    let narrow = html.find("<svg class=\"chart-narrow\"").unwrap();
    let legend = html
        .find("<ul class=\"legend\"><li><svg class=\"key\"")
        .unwrap();
    assert!(wide < narrow && narrow < legend);
    assert!(html.ends_with("sum</li></ul>"));
    // One series needs no legend.
    let single = chart(
        Scale::Linear,
        Scale::Linear,
        vec![series("a", Mark::Line, &[(1.0, 1.0)])],
    );
    assert!(!super::html(&single).contains("legend"));
}

#[test]
fn every_coloured_mark_carries_its_role_and_drawings_are_deterministic() {
    for chart in samples() {
        let body = html(&chart);
        for tag in body.split('<').skip(1) {
            let tag = tag.split('>').next().unwrap_or_default();
            let coloured = tag.contains("=\"#");
            assert_eq!(coloured, tag.contains(" class=\"role-"), "{tag}");
        }
        assert_eq!(body, html(&chart));
    }
}

#[test]
fn charts_of_nothing_or_of_one_point_still_draw() {
    let one = series("a", Mark::Points, &[(3.0, 7.0)]);
    let zero = series("a", Mark::Bars, &[(0.0, 0.0)]);
    for c in [
        chart(Scale::Linear, Scale::Linear, vec![]),
        chart(Scale::Linear, Scale::Log, vec![one.clone()]),
        chart(Scale::Log, Scale::Linear, vec![one]),
        chart(names(&["only"]), Scale::Log, vec![zero.clone()]),
        chart(names(&["only"]), Scale::Linear, vec![zero]),
    ] {
        for svg in drawings(&c) {
            assert!(svg.ends_with("</svg>"), "{svg}");
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
        }
    }
}

#[test]
fn chart_drawings_stay_small() {
    let total: usize = samples().iter().map(|c| html(c).len()).sum();
    assert!(total < 5 * 20_000, "{total} bytes");
}

#[test]
fn a_line_going_straight_up_keeps_every_vertex_in_the_table() {
    // A thermograph's wall: vertical at 0 from -1 to 1/4, then slanting.
    let wall = series(
        "left wall",
        Mark::Line,
        &[(0.0, -1.0), (0.0, 0.25), (-0.875, 1.125)],
    );
    let mast = series("mast", Mark::Line, &[(-0.875, 1.125), (-0.875, 3.0)]);
    let table = chart(Scale::Reversed, Scale::Linear, vec![wall, mast]).values();
    let rows: Vec<String> = table
        .rows
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect();
    assert_eq!(
        rows,
        [
            "[-0.875,1.125,1.125]",
            "[-0.875,null,3]",
            "[0,-1,null]",
            "[0,0.25,null]"
        ]
    );
}
