//! A chart's axes as drawn: each one's frame (its range and its ticks) for
//! its scale and its length, with as many ticks as fit without their labels
//! crowding, and category names wrapped (never inside a name such as
//! `2 × 6`), shrunk or turned to fit.

use super::super::Numbers;
use super::super::{Scale, is_whole, text_width as width};
use crate::cgt::canonical::typeset::{decimal, dyadic, integer};

/// The smallest text a chart draws, in CSS px, when a category's label
/// would not fit at the variant's size.
const SMALLEST_TEXT: u32 = 12;

/// The pieces `text` may break into: its words, a word of no letter or
/// digit (`×`, `/`, `−`) held to its neighbours, so that `2 × 6` and
/// `a / b` stay whole.
fn pieces(text: &str) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut hold = false;
    for word in text.split_whitespace() {
        let symbol = !word.chars().any(char::is_alphanumeric);
        match pieces.last_mut() {
            Some(last) if hold || symbol => {
                last.push(' ');
                last.push_str(word);
            }
            _ => pieces.push(word.to_string()),
        }
        hold = symbol;
    }
    pieces
}

/// `text` broken between words into lines of at most `room` px (a piece
/// longer than that has a line of its own).
pub(super) fn wrap(text: &str, px: f64, room: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in pieces(text) {
        let word = word.as_str();
        match lines.last_mut() {
            Some(line) if width(line, px) + width(word, px) + 0.3 * px <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// An axis as drawn: its values are placed linearly between `lo` and `hi`
/// (of their `log10` on a log axis), and it is labelled at its ticks.
#[derive(Debug)]
pub(super) struct Frame {
    pub(super) log: bool,
    pub(super) lo: f64,
    pub(super) hi: f64,
    /// Each tick's value and its label's lines.
    pub(super) ticks: Vec<(f64, Vec<String>)>,
}

impl Frame {
    /// Where `v` lies on the axis, from 0 at `lo` to 1 at `hi`; a value that
    /// is not positive lies at the foot of a log axis.
    pub(super) fn share(&self, v: f64) -> f64 {
        let v = match self.log {
            true if v <= 0.0 => self.lo,
            true => v.log10(),
            false => v,
        };
        (v - self.lo) / (self.hi - self.lo)
    }

    /// The widest line of a tick label.
    pub(super) fn widest(&self, px: f64) -> f64 {
        let lines = self.ticks.iter().flat_map(|t| &t.1);
        lines.map(|l| width(l, px)).fold(0.0, f64::max)
    }
}

/// The first of `frames` whose labels do not crowd (`fits`), or the last.
fn first_fitting(frames: impl Iterator<Item = Frame>, fits: impl Fn(&Frame) -> bool) -> Frame {
    let mut last = None;
    for frame in frames {
        if fits(&frame) {
            return frame;
        }
        last = Some(frame);
    }
    last.expect("at least one frame")
}

/// Frames over `lo..hi` with ticks `step` apart, `step` being 1, 2 or 5
/// times a power of ten (a power of two for fractions; whole when `whole`),
/// from the finest step up; labelled as `numbers` writes values (a share
/// as a percentage, a fraction exactly, else to the step's places).
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "the log of a finite positive f64 is within +-1100"
)]
fn linear(lo: f64, hi: f64, whole: bool, numbers: Numbers) -> impl Iterator<Item = Frame> {
    let (lo, hi) = match lo < hi {
        true => (lo, hi),
        false if lo == 0.0 => (0.0, 1.0),
        false => (lo - lo.abs() / 2.0, hi + hi.abs() / 2.0),
    };
    let fractions = numbers == Numbers::Fractions;
    let steps: Vec<(f64, i32)> = if fractions {
        let first = ((hi - lo) / 50.0).log2().floor() as i32;
        (first..first + 60).map(|e| (2f64.powi(e), 0)).collect()
    } else {
        let first = ((hi - lo) / 50.0).log10().floor() as i32;
        (first..first + 40)
            .flat_map(|e| [1.0, 2.0, 5.0].map(|m| (m * 10f64.powi(e), e)))
            .collect()
    };
    steps
        .into_iter()
        .filter(move |&(step, _)| !whole || step >= 1.0)
        .map(move |(step, e)| {
            let places = (-e).max(0) as usize;
            let (a, b) = ((lo / step).floor() as i64, (hi / step).ceil() as i64);
            let ticks: Vec<_> = (a..=b)
                .map(|i| {
                    let v = i as f64 * step;
                    let label = match numbers {
                        Numbers::Percent(_) => {
                            format!("{}%", decimal(100.0 * v, places.saturating_sub(2)))
                        }
                        Numbers::Fractions => dyadic(v),
                        Numbers::Places(_) => decimal(v, places),
                    };
                    (v, vec![label])
                })
                .collect();
            Frame {
                log: false,
                lo: a as f64 * step,
                hi: b as f64 * step,
                ticks,
            }
        })
}

/// `[1, 2, 5][i mod 3]` times `10^(i div 3)`: the values a log axis is
/// labelled at, and its label.
#[allow(
    clippy::cast_sign_loss,
    reason = "e is 0..=17 in this arm; places are clamped at 0"
)]
fn one_two_five(i: i32) -> (f64, String) {
    let (e, m) = (i.div_euclid(3), [1u8, 2, 5][i.rem_euclid(3) as usize]);
    let v = f64::from(m) * 10f64.powi(e);
    match e {
        0..=17 => (v, integer(i64::from(m) * 10i64.pow(e as u32))),
        _ => (v, decimal(v, (-e).max(0) as usize)),
    }
}

/// Frames of a log axis over the positive `values`, from 1, 2 and 5 times
/// each power of ten in range down to every few powers of ten; with `whole`
/// nothing under 1 is labelled.
#[allow(
    clippy::cast_possible_truncation,
    reason = "the log of a finite positive f64 is within +-1100"
)]
fn log(values: &[f64], whole: bool) -> impl Iterator<Item = Frame> {
    let positive = || values.iter().copied().filter(|v| *v > 0.0);
    let (min, max) = match positive().next() {
        Some(v) => positive().fold((v, v), |(a, b), v| (a.min(v), b.max(v))),
        None => (1.0, 10.0),
    };
    // The 1-2-5 value at or below the least value, and at or above the most.
    let mut i = (min.log10().floor() as i32) * 3 + 2;
    while one_two_five(i).0 > min * (1.0 + 1e-9) {
        i -= 1;
    }
    let mut j = i + 1;
    while one_two_five(j).0 < max * (1.0 - 1e-9) {
        j += 1;
    }
    let (lo, hi) = (one_two_five(i).0.log10(), one_two_five(j).0.log10());
    // Every 1-2-5 value, then every power of ten, then every second one, ...
    let every = [(1, 1)].into_iter().chain((1..=6).map(|n| (3, n)));
    every.map(move |(period, n)| Frame {
        log: true,
        lo,
        hi,
        ticks: (i..=j)
            .filter(|k| k.rem_euclid(period) == 0 && (k / 3).rem_euclid(n) == 0)
            .map(one_two_five)
            .filter(|(v, _)| !whole || *v >= 1.0)
            .map(|(v, label)| (v, vec![label]))
            .collect(),
    })
}

/// Frames of an axis of a few whole numbers: ticks on the values
/// themselves, every value first, then those that are multiples of 2, 5, 10,
/// 20, ... Half the least gap between values pads each end.
#[allow(
    clippy::cast_possible_truncation,
    reason = "a linear axis's ticks are whole numbers far below 2^63"
)]
fn discrete(values: &[f64]) -> impl Iterator<Item = Frame> {
    let gap = values
        .windows(2)
        .map(|w| w[1] - w[0])
        .fold(f64::INFINITY, f64::min);
    let pad = if gap.is_finite() { gap / 2.0 } else { 0.5 };
    let (lo, hi) = (values[0] - pad, values[values.len() - 1] + pad);
    let values = values.to_vec();
    let steps = (0..19).flat_map(|e| [1, 2, 5].map(|m| m * 10i64.pow(e)));
    steps.map(move |step| {
        let mut ticks: Vec<f64> = values
            .iter()
            .copied()
            .filter(|v| (v.round() as i64) % step == 0)
            .collect();
        if ticks.len() < 2 {
            ticks = vec![values[0], values[values.len() - 1]];
            ticks.dedup();
        }
        Frame {
            log: false,
            lo,
            hi,
            ticks: ticks
                .into_iter()
                .map(|v| (v, vec![decimal(v, 0)]))
                .collect(),
        }
    })
}

/// Whether no two neighbouring labels of an axis `length` px long overlap:
/// along the axis each takes `size` (its width on an x axis, a line's height
/// on a y axis) and keeps `space` clear.
fn uncrowded(frame: &Frame, length: f64, size: impl Fn(&[String]) -> f64, space: f64) -> bool {
    frame.ticks.windows(2).all(|w| {
        let apart = (frame.share(w[1].0) - frame.share(w[0].0)).abs() * length;
        apart >= f64::midpoint(size(&w[0].1), size(&w[1].1)) + space
    })
}

/// The y axis over `ys`, its ticks as many as `length` px hold apart and
/// labelled as `numbers` writes values; a linear one includes zero under
/// bars (or when it is near), a log one (which carries only points) has its
/// foot a little below the least point.
pub(super) fn y_frame(
    scale: &Scale,
    ys: &[f64],
    bars: bool,
    numbers: Numbers,
    length: f64,
    line: f64,
) -> Frame {
    let whole = ys.iter().all(|y| is_whole(*y)) && !matches!(numbers, Numbers::Percent(_));
    let tall = |f: &Frame| uncrowded(f, length, |_| line, line);
    if *scale == Scale::Log {
        let mut frame = first_fitting(log(ys, whole), tall);
        // Points at the foot stand clear of the x axis.
        frame.lo -= (frame.hi - frame.lo) / 20.0;
        return frame;
    }
    let min = ys.iter().copied().fold(f64::INFINITY, f64::min);
    let max = ys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (min, max) = if min.is_finite() {
        (min, max)
    } else {
        (0.0, 1.0)
    };
    let zero = bars || (min > 0.0 && min <= max / 2.0) || (max < 0.0 && max >= min / 2.0);
    let (min, max) = if zero {
        (min.min(0.0), max.max(0.0))
    } else {
        (min, max)
    };
    first_fitting(linear(min, max, whole, numbers), tall)
}

/// The x axis over the distinct, sorted `xs`, `length` px long, its labels
/// at `px` and as many as fit. Category names go on one line, else on two,
/// else on two at the smallest size, else turned to run down from the axis:
/// the size they are drawn at and whether turned come with the frame.
pub(super) fn x_frame(
    scale: &Scale,
    xs: &[f64],
    numbers: Numbers,
    px: f64,
    length: f64,
) -> (Frame, f64, bool) {
    let wide = |f: &Frame| uncrowded(f, length, |l| width(&l[0], px), px);
    let whole = xs.iter().all(|x| is_whole(*x));
    let frame = match scale {
        Scale::Categories(names) => {
            let slot = length / names.len().max(1) as f64 - 4.0;
            let fit = |size: f64| {
                let lines: Vec<Vec<String>> = names.iter().map(|n| wrap(n, size, slot)).collect();
                let fits = lines.iter().flatten().all(|line| width(line, size) <= slot);
                (fits && lines.iter().all(|l| l.len() <= 2)).then_some((lines, size, false))
            };
            let turned = || (names.iter().map(|n| vec![n.clone()]).collect(), px, true);
            let smallest = f64::from(SMALLEST_TEXT);
            let (labels, size, turned) = fit(px).or_else(|| fit(smallest)).unwrap_or_else(turned);
            let frame = Frame {
                log: false,
                lo: -0.5,
                hi: names.len().max(1) as f64 - 0.5,
                ticks: (0..).map(f64::from).zip(labels).collect(),
            };
            return (frame, size, turned);
        }
        Scale::Log => first_fitting(log(xs, whole), wide),
        Scale::Reversed => {
            let (mut frame, px, turned) = x_frame(&Scale::Linear, xs, numbers, px, length);
            std::mem::swap(&mut frame.lo, &mut frame.hi);
            return (frame, px, turned);
        }
        Scale::Linear => match xs {
            [] => first_fitting(linear(0.0, 1.0, false, numbers), wide),
            _ if whole && xs.len() <= 40 => first_fitting(discrete(xs), wide),
            [min, .., max] => first_fitting(linear(*min, *max, whole, numbers), wide),
            [one] => first_fitting(linear(*one, *one, whole, numbers), wide),
        },
    };
    (frame, px, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_one_two_and_five_times_powers_of_ten_written_as_the_site_writes_numbers() {
        assert_eq!(one_two_five(-4), (0.05, "0.05".to_string()));
        assert_eq!(one_two_five(13).1, "20,000");
    }

    #[test]
    fn names_break_between_words_only() {
        assert_eq!(pieces("2 × 6"), ["2 × 6"]);
        assert_eq!(pieces("depth 12"), ["depth", "12"]);
        assert_eq!(pieces("proof / plain search"), ["proof / plain", "search"]);
        assert_eq!(wrap("2 × 6", 14.0, 10.0), ["2 × 6"]);
        assert_eq!(wrap("depth 12", 14.0, 30.0), ["depth", "12"]);
    }

    #[test]
    fn shares_are_labelled_as_percentages() {
        let percent = Numbers::Percent(0);
        let frame = y_frame(&Scale::Linear, &[0.13, 0.58], true, percent, 300.0, 18.0);
        let labels: Vec<&str> = frame.ticks.iter().map(|t| t.1[0].as_str()).collect();
        assert_eq!(labels.first(), Some(&"0%"));
        assert!(
            labels.contains(&"50%") || labels.contains(&"40%"),
            "{labels:?}"
        );
    }

    #[test]
    fn fractions_are_labelled_exactly_at_powers_of_two() {
        let ys = [-1.0, 0.25, 1.125];
        let frame = y_frame(&Scale::Linear, &ys, false, Numbers::Fractions, 300.0, 18.0);
        let labels: Vec<&str> = frame.ticks.iter().map(|t| t.1[0].as_str()).collect();
        assert!(
            labels.contains(&"\u{2212}1") && labels.contains(&"0"),
            "{labels:?}"
        );
        // Each label reads its tick's value, and the step is a power of two.
        for (v, label) in &frame.ticks {
            assert_eq!(dyadic(*v), label[0]);
        }
        let step = frame.ticks[1].0 - frame.ticks[0].0;
        assert_eq!(step.log2().fract(), 0.0, "{step}");
        assert_eq!(dyadic(-0.875), "\u{2212}7/8");
        assert_eq!(dyadic(2.5), "5/2");
        assert_eq!(dyadic(-3.0), "\u{2212}3");
    }
}
