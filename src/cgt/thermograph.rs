//! Thermographs of short games: the [`Thermograph`] type and the arithmetic
//! of piecewise-linear walls that builds one from its options' thermographs.
//!
//! A game `G` cooled by a temperature `t >= -1` has a Left stop and a Right
//! stop; as functions of `t` they are the thermograph's *walls* (Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 6; Siegel, *Combinatorial Game
//! Theory*, II.5). Below the game's temperature the walls are the
//! *scaffolds*
//!
//! ```text
//! L(t) = max over G^L of RW(G^L)(t) - t      R(t) = min over G^R of LW(G^R)(t) + t
//! ```
//!
//! where `RW` and `LW` are the options' right and left walls; the temperature
//! is the least `t >= -1` at which `L(t) <= R(t)`, where the scaffolds meet at
//! the mean, and from there up both walls are the *mast*, the vertical line
//! at the mean. An integer's thermograph is a mast from `t = -1`. Every other
//! game's, a non-integer number's included, comes from its canonical options
//! as above: so the number `m / 2^k` (`k >= 1`) has temperature `-1 / 2^k`,
//! and its walls below that are its options' tilted ones (CGSuite's and the
//! `cgt` crate's convention, and Siegel's).
//!
//! Everything is exact: walls are linear between vertices whose temperatures
//! and values are [`Dyadic`]. A left wall's slope (value per degree) is 0 or
//! -1, a right wall's 0 or +1, so scaffolds cross at dyadic temperatures.

use super::dyadic::Dyadic;
use std::fmt;

/// A point of a thermograph: a value at a temperature.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Point {
    /// The temperature, `t >= -1` (the vertical axis of a drawing).
    pub temperature: Dyadic,
    /// The value (the horizontal axis, Left's larger values drawn to the left).
    pub value: Dyadic,
}

/// The thermograph of a short game: its left and right walls from
/// temperature -1 up to where they meet the mast.
///
/// Each wall is given by its vertices in increasing temperature, from
/// `t = -1` to the foot of the mast, `(temperature, mean)`, where both walls
/// end; the wall is linear between consecutive vertices, and no vertex but
/// the foot is collinear with its neighbours, so two thermographs are equal
/// exactly when their walls are. Above the last vertex both walls are the mast, the
/// vertical line at the mean.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Thermograph {
    /// The left wall's vertices, then the right wall's.
    points: Box<[Point]>,
    /// How many of `points` are the left wall's.
    left: usize,
}

impl Thermograph {
    /// The thermograph of the number `x` as an integer's: a mast from -1.
    pub(crate) fn mast(x: Dyadic) -> Thermograph {
        let foot = Point {
            temperature: MINUS_ONE,
            value: x,
        };
        Thermograph {
            points: Box::new([foot, foot]),
            left: 1,
        }
    }

    /// The thermograph of a game that is not an integer, from its options'
    /// thermographs: the scaffolds, cut off where they meet, then the mast.
    /// Both sides have options (a canonical game with no options for one
    /// player is an integer).
    pub(crate) fn of_options<'a>(
        left: impl IntoIterator<Item = &'a Thermograph>,
        right: impl IntoIterator<Item = &'a Thermograph>,
    ) -> Thermograph {
        let envelope = |walls: Vec<Line>, upper: bool| {
            walls
                .into_iter()
                .reduce(|a, b| a.envelope(&b, upper))
                .expect("a game that is not an integer has options on both sides")
        };
        let mut l = envelope(
            left.into_iter()
                .map(|g| Line::of_wall(g.right_wall()))
                .collect(),
            true,
        );
        let mut r = envelope(
            right
                .into_iter()
                .map(|g| Line::of_wall(g.left_wall()))
                .collect(),
            false,
        );
        l.tilt(-1);
        r.tilt(1);
        let t = l.meets(&r);
        let mut points = l.vertices_until(t);
        let left = points.len();
        points.extend(r.vertices_until(t));
        debug_assert_eq!(points[left - 1], points[points.len() - 1]);
        Thermograph {
            points: points.into_boxed_slice(),
            left,
        }
    }

    /// The left wall's vertices, from temperature -1 to the foot of the mast.
    pub fn left_wall(&self) -> &[Point] {
        &self.points[..self.left]
    }

    /// The right wall's vertices, from temperature -1 to the foot of the mast.
    pub fn right_wall(&self) -> &[Point] {
        &self.points[self.left..]
    }

    /// The foot of the mast: where the walls meet, `(temperature, mean)`.
    pub fn foot(&self) -> Point {
        self.points[self.points.len() - 1]
    }

    /// The temperature: the least `t >= -1` at which the game cooled by `t`
    /// is infinitely close to a number.
    pub fn temperature(&self) -> Dyadic {
        self.foot().temperature
    }

    /// The mean: the number the game cooled by its temperature is infinitely
    /// close to, and where the mast stands.
    pub fn mean(&self) -> Dyadic {
        self.foot().value
    }

    /// The left wall's value at temperature `t` (its value at -1 for `t`
    /// below -1): the Left stop of the game cooled by `t`.
    pub fn left_at(&self, t: Dyadic) -> Dyadic {
        value_at(self.left_wall(), t)
    }

    /// The right wall's value at temperature `t` (its value at -1 for `t`
    /// below -1): the Right stop of the game cooled by `t`.
    pub fn right_at(&self, t: Dyadic) -> Dyadic {
        value_at(self.right_wall(), t)
    }
}

/// `left (t, x) (t, x); right (t, x) (t, x)`: each wall's vertices as
/// (temperature, value), the last of each the foot of the mast.
impl fmt::Display for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, wall) in [("left", self.left_wall()), ("; right", self.right_wall())] {
            f.write_str(name)?;
            for p in wall {
                write!(f, " ({}, {})", p.temperature, p.value)?;
            }
        }
        Ok(())
    }
}

const MINUS_ONE: Dyadic = Dyadic::integer(-1);

/// A wall's value at `t`: linear between vertices, constant above the last.
fn value_at(wall: &[Point], t: Dyadic) -> Dyadic {
    let i = wall.partition_point(|p| p.temperature <= t);
    match (i.checked_sub(1).map(|i| wall[i]), wall.get(i)) {
        (None, _) => wall[0].value,
        (Some(p), None) => p.value,
        (Some(p), Some(&q)) => p.value + (t - p.temperature).times(slope(p, q)),
    }
}

/// The slope, in value per degree, from `p` to the later `q`, two vertices of
/// a wall or scaffold (whose slopes are whole, between -2 and 2).
fn slope(p: Point, q: Point) -> i64 {
    let (dt, dx) = (q.temperature - p.temperature, q.value - p.value);
    (-2..=2)
        .find(|&k| dt.times(k) == dx)
        .expect("a wall's slopes are whole numbers between -2 and 2")
}

/// `x / d` for `d` one of -2, -1, 1, 2: the difference of two slopes of
/// walls or scaffolds where they cross.
fn divide(x: Dyadic, d: i64) -> Dyadic {
    match d {
        1 => x,
        -1 => -x,
        2 => x.half(),
        -2 => -x.half(),
        _ => unreachable!("walls and scaffolds cross with slopes 1 or 2 apart"),
    }
}

/// One straight piece of a [`Line`]: from `start` on, slope `slope`.
#[derive(Clone, Copy, Debug)]
struct Piece {
    start: Point,
    slope: i64,
}

impl Piece {
    fn at(&self, t: Dyadic) -> Dyadic {
        self.start.value + (t - self.start.temperature).times(self.slope)
    }
}

/// A continuous piecewise-linear function of the temperature on `[-1, oo)`:
/// its pieces in order, the first starting at -1, the last going on for
/// ever; consecutive pieces have different slopes.
#[derive(Clone, Debug)]
struct Line {
    pieces: Vec<Piece>,
}

impl Line {
    /// A wall as a line, constant above its last vertex.
    fn of_wall(wall: &[Point]) -> Line {
        let mut pieces: Vec<Piece> = wall
            .windows(2)
            .map(|w| Piece {
                start: w[0],
                slope: slope(w[0], w[1]),
            })
            .collect();
        pieces.push(Piece {
            start: wall[wall.len() - 1],
            slope: 0,
        });
        Line { pieces }
    }

    /// Adds `k t` to the line.
    fn tilt(&mut self, k: i64) {
        for p in &mut self.pieces {
            p.start.value = p.start.value + p.start.temperature.times(k);
            p.slope += k;
        }
    }

    /// Appends a piece from `start` with `slope`, unless it only continues
    /// the last piece.
    fn push(&mut self, start: Point, slope: i64) {
        if self.pieces.last().is_none_or(|p| p.slope != slope) {
            self.pieces.push(Piece { start, slope });
        }
    }

    /// Where either line's pieces start, in order, each once.
    fn breaks(&self, other: &Line) -> Vec<Dyadic> {
        let mut breaks: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.start.temperature)
            .collect();
        breaks.sort_unstable();
        breaks.dedup();
        breaks
    }

    /// For each interval between consecutive `breaks` (the last one
    /// unbounded), its start and end and the pieces of `self` and `other`
    /// that cover it.
    fn intervals<'a>(
        &'a self,
        other: &'a Line,
        breaks: &'a [Dyadic],
    ) -> impl Iterator<Item = (Dyadic, Option<Dyadic>, Piece, Piece)> + 'a {
        let (mut i, mut j) = (0, 0);
        breaks.iter().enumerate().map(move |(k, &b)| {
            while self
                .pieces
                .get(i + 1)
                .is_some_and(|p| p.start.temperature <= b)
            {
                i += 1;
            }
            while other
                .pieces
                .get(j + 1)
                .is_some_and(|p| p.start.temperature <= b)
            {
                j += 1;
            }
            (
                b,
                breaks.get(k + 1).copied(),
                self.pieces[i],
                other.pieces[j],
            )
        })
    }

    /// The upper envelope of the two lines (`upper`), or the lower one.
    fn envelope(&self, other: &Line, upper: bool) -> Line {
        let sign = if upper { 1 } else { -1 };
        let breaks = self.breaks(other);
        let mut out = Line { pieces: Vec::new() };
        for (b, end, f, g) in self.intervals(other, &breaks) {
            let (fb, gb) = (f.at(b), g.at(b));
            // Which is on the chosen side just after b: the further there,
            // or on a tie the one moving that way faster.
            let key = |x: Dyadic, s: i64| (x.times(sign), s * sign);
            let (top, below) = if key(fb, f.slope) >= key(gb, g.slope) {
                (f, g)
            } else {
                (g, f)
            };
            let (top_b, below_b) = (top.at(b), below.at(b));
            out.push(
                Point {
                    temperature: b,
                    value: top_b,
                },
                top.slope,
            );
            // The one below overtakes inside the interval if it moves the
            // chosen way faster and catches up before its end.
            if (below.slope - top.slope) * sign > 0 {
                let cross = b + divide(top_b - below_b, below.slope - top.slope);
                if end.is_none_or(|e| cross < e) {
                    out.push(
                        Point {
                            temperature: cross,
                            value: below.at(cross),
                        },
                        below.slope,
                    );
                }
            }
        }
        out
    }

    /// The least `t >= -1` at which this line is at or below `other`, for a
    /// left scaffold and a right one: their difference never grows, and
    /// falls for ever above their last pieces.
    fn meets(&self, other: &Line) -> Dyadic {
        let breaks = self.breaks(other);
        for (b, end, f, g) in self.intervals(other, &breaks) {
            let gap = f.at(b) - g.at(b);
            if gap <= Dyadic::ZERO {
                return b;
            }
            let closing = g.slope - f.slope;
            if closing > 0 {
                let t = b + divide(gap, closing);
                if end.is_none_or(|e| t <= e) {
                    return t;
                }
            }
        }
        unreachable!("a left scaffold falls and a right one rises for ever")
    }

    /// The line's vertices from -1 up to `t`, ending at its point at `t`.
    fn vertices_until(&self, t: Dyadic) -> Vec<Point> {
        let mut points: Vec<Point> = self
            .pieces
            .iter()
            .take_while(|p| p.start.temperature < t)
            .map(|p| p.start)
            .collect();
        let last = self.pieces[points.len().max(1) - 1];
        points.push(Point {
            temperature: t,
            value: last.at(t),
        });
        points
    }
}

#[cfg(test)]
mod tests;
