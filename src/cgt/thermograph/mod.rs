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
//! and its walls below that are its options' tilted ones (`CGSuite`'s and the
//! `cgt` crate's convention, and Siegel's).
//!
//! Everything is exact: walls are linear between vertices whose temperatures
//! and values are [`Dyadic`]. A left wall's slope (value per degree) is 0 or
//! -1, a right wall's 0 or +1, so scaffolds cross at dyadic temperatures. A
//! thermograph keeps its vertices as integer numerators over one power of 2,
//! and builds its parent's scaffolds in integers over a common one: a
//! thermograph costs a few dozen integer operations per option, and 16 bytes
//! a vertex.

use super::dyadic::Dyadic;
use std::cell::RefCell;
use std::fmt;
use std::ops::Range;

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
/// exactly when their walls are. Above the last vertex both walls are the
/// mast, the vertical line at the mean.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Thermograph {
    /// The vertices, the left wall's then the right wall's, as numerators of
    /// (temperature, value) over `2^exp`.
    vertices: Box<[[i64; 2]]>,
    /// The least exponent that writes every vertex in integers.
    exp: u32,
    /// How many of `vertices` are the left wall's.
    left: u32,
}

impl Thermograph {
    /// The thermograph of the number `x` as an integer's: a mast from -1.
    pub(crate) fn mast(x: Dyadic) -> Thermograph {
        let exp = x.exponent();
        let foot = [-(1 << exp), x.numerator()];
        Thermograph {
            vertices: Box::new([foot, foot]),
            exp,
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
        SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
            Ok(mut scratch) => Thermograph::build(left, right, &mut scratch),
            // Only if the options' iterators build thermographs themselves.
            Err(_) => Thermograph::build(left, right, &mut Scratch::default()),
        })
    }

    fn build<'a>(
        left: impl IntoIterator<Item = &'a Thermograph>,
        right: impl IntoIterator<Item = &'a Thermograph>,
        scratch: &mut Scratch,
    ) -> Thermograph {
        let Scratch {
            l,
            r,
            wall,
            out,
            vertices,
        } = scratch;
        let rights = left.into_iter().map(|g| (g, g.right_wall_range()));
        l.envelope(rights, 1, wall, out);
        let lefts = right.into_iter().map(|g| (g, g.left_wall_range()));
        r.envelope(lefts, -1, wall, out);
        // One more binary place than either: the scaffolds meet where their
        // gap, closing by 1 or 2 per degree, is gone, and every numerator is
        // then even.
        let exp = l.exp.max(r.exp) + 1;
        l.rescale(exp);
        r.rescale(exp);
        l.tilt(-1);
        r.tilt(1);
        let t = l.meets(r);
        vertices.clear();
        l.vertices_until(t, vertices);
        let left = vertices.len();
        r.vertices_until(t, vertices);
        debug_assert_eq!(vertices[left - 1], vertices[vertices.len() - 1]);
        Thermograph::of_numerators(vertices, exp, left)
    }

    /// A thermograph from vertices given as numerators over `2^exp`, written
    /// with the least exponent.
    fn of_numerators(vertices: &[[i128; 2]], exp: u32, left: usize) -> Thermograph {
        let left = u32::try_from(left).expect("fewer than 2^32 vertices");
        let zeros = (vertices.iter().flatten())
            .map(|n| n.trailing_zeros())
            .min()
            .unwrap_or(0)
            .min(exp);
        let narrow =
            |n: i128| i64::try_from(n >> zeros).expect("a thermograph's numerators fit in 64 bits");
        Thermograph {
            vertices: vertices
                .iter()
                .map(|&[t, x]| [narrow(t), narrow(x)])
                .collect(),
            exp: exp - zeros,
            left,
        }
    }

    fn left_wall_range(&self) -> Range<usize> {
        0..self.left as usize
    }

    fn right_wall_range(&self) -> Range<usize> {
        self.left as usize..self.vertices.len()
    }

    fn point(&self, i: usize) -> Point {
        let [t, x] = self.vertices[i];
        Point {
            temperature: Dyadic::new(t, self.exp),
            value: Dyadic::new(x, self.exp),
        }
    }

    /// The left wall's vertices, from temperature -1 to the foot of the mast.
    pub fn left_wall(&self) -> Vec<Point> {
        self.left_wall_range().map(|i| self.point(i)).collect()
    }

    /// The right wall's vertices, from temperature -1 to the foot of the mast.
    pub fn right_wall(&self) -> Vec<Point> {
        self.right_wall_range().map(|i| self.point(i)).collect()
    }

    /// The foot of the mast: where the walls meet, `(temperature, mean)`.
    pub fn foot(&self) -> Point {
        self.point(self.vertices.len() - 1)
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
        self.value_at(self.left_wall_range(), t)
    }

    /// The right wall's value at temperature `t` (its value at -1 for `t`
    /// below -1): the Right stop of the game cooled by `t`.
    pub fn right_at(&self, t: Dyadic) -> Dyadic {
        self.value_at(self.right_wall_range(), t)
    }

    /// A wall's value at `t`: linear between vertices, constant above the
    /// last.
    fn value_at(&self, wall: Range<usize>, t: Dyadic) -> Dyadic {
        let first = self.point(wall.start);
        let mut value = first.value;
        for i in wall.start + 1..wall.end {
            let p = self.point(i - 1);
            if t <= p.temperature {
                break;
            }
            let slope = unit_slope(self.vertices[i - 1], self.vertices[i]);
            value = p.value + (t.min(self.point(i).temperature) - p.temperature).times(slope);
        }
        value
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

/// The slope from vertex `p` to the later `q` of a wall, -1, 0 or 1.
fn unit_slope([t1, x1]: [i64; 2], [t2, x2]: [i64; 2]) -> i64 {
    match x2 - x1 {
        0 => 0,
        d if d == t2 - t1 => 1,
        _ => -1,
    }
}

/// The room a thermograph is built in: the scaffolds, a wall and an
/// envelope being made, the vertices found.
#[derive(Default)]
struct Scratch {
    l: Line,
    r: Line,
    wall: Vec<Piece>,
    out: Vec<Piece>,
    vertices: Vec<[i128; 2]>,
}

thread_local! {
    /// Each thread's room to build thermographs in, kept between builds.
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// One straight piece of a [`Line`]: from temperature `t` on, value `x`
/// plus `slope` per degree; numerators over the line's power of 2.
#[derive(Clone, Copy, Debug)]
struct Piece {
    t: i128,
    x: i128,
    slope: i128,
}

impl Piece {
    fn at(&self, t: i128) -> i128 {
        self.x + (t - self.t) * self.slope
    }
}

/// A continuous piecewise-linear function of the temperature on `[-1, oo)`,
/// in numerators over `2^exp`: its pieces in order, the first starting at -1,
/// the last going on for ever; consecutive pieces have different slopes.
#[derive(Clone, Debug, Default)]
struct Line {
    pieces: Vec<Piece>,
    exp: u32,
}

impl Line {
    /// Makes this line the upper envelope (`sign` 1) or the lower one (`sign`
    /// -1) of the given walls (vertex ranges of thermographs), each constant
    /// above its last vertex: walls of one side, whose slopes are 0 and
    /// `sign`, so two cross at whole numerators. `wall` and `out` are room
    /// to work in.
    fn envelope<'a>(
        &mut self,
        walls: impl Iterator<Item = (&'a Thermograph, Range<usize>)>,
        sign: i128,
        wall: &mut Vec<Piece>,
        out: &mut Vec<Piece>,
    ) {
        self.pieces.clear();
        self.exp = 0;
        for (g, range) in walls {
            let exp = self.exp.max(g.exp);
            self.rescale(exp);
            let shift = exp - g.exp;
            let vertices = &g.vertices[range];
            wall.clear();
            wall.extend(vertices.iter().enumerate().map(|(i, &[t, x])| {
                let (t, x) = (i128::from(t) << shift, i128::from(x) << shift);
                let slope = vertices
                    .get(i + 1)
                    .map_or(0, |&next| i128::from(unit_slope(vertices[i], next)));
                Piece { t, x, slope }
            }));
            if self.pieces.is_empty() {
                std::mem::swap(&mut self.pieces, wall);
            } else {
                envelope_of_two(&self.pieces, wall, sign, out);
                std::mem::swap(&mut self.pieces, out);
            }
        }
        assert!(
            !self.pieces.is_empty(),
            "a game that is not an integer has options on both sides"
        );
    }

    /// The same line in numerators over `2^exp` (`exp` at least its own).
    fn rescale(&mut self, exp: u32) {
        let shift = exp - self.exp;
        if shift > 0 {
            for p in &mut self.pieces {
                (p.t, p.x) = (p.t << shift, p.x << shift);
            }
        }
        self.exp = exp;
    }

    /// Adds `k t` to the line.
    fn tilt(&mut self, k: i128) {
        for p in &mut self.pieces {
            p.x += k * p.t;
            p.slope += k;
        }
    }

    /// The least `t >= -1` at which this line is at or below `other`, for a
    /// left scaffold and a right one whose numerators are even: their gap
    /// closes by 0, 1 or 2 per degree, never opens, and closes for ever above
    /// their last pieces.
    fn meets(&self, other: &Line) -> i128 {
        let mut meeting = None;
        each_interval(&self.pieces, &other.pieces, |t, end, f, g| {
            let gap = f.at(t) - g.at(t);
            if gap <= 0 {
                meeting = Some(t);
                return false;
            }
            let closing = g.slope - f.slope;
            if closing > 0 {
                // Closing by 1 or 2 per degree; the gap is even.
                let at = t + (gap >> (closing - 1));
                if end.is_none_or(|e| at <= e) {
                    meeting = Some(at);
                    return false;
                }
            }
            true
        });
        meeting.expect("a left scaffold falls and a right one rises for ever")
    }

    /// Appends the line's vertices from -1 up to `t`, ending at its point at
    /// `t`.
    fn vertices_until(&self, t: i128, out: &mut Vec<[i128; 2]>) {
        let before = self.pieces.iter().take_while(|p| p.t < t).count().max(1);
        out.extend(self.pieces[..before].iter().map(|p| [p.t, p.x]));
        let last = self.pieces[before - 1];
        if last.t < t {
            out.push([t, last.at(t)]);
        }
    }
}

/// Calls `each(start, end, f, g)` for the intervals between consecutive
/// starts of pieces of `a` or `b` (the last unbounded), with the pieces of
/// each that cover it, until it returns false.
fn each_interval(
    a: &[Piece],
    b: &[Piece],
    mut each: impl FnMut(i128, Option<i128>, Piece, Piece) -> bool,
) {
    let (mut i, mut j) = (0, 0);
    let mut t = a[0].t.min(b[0].t);
    loop {
        let end = match (a.get(i + 1), b.get(j + 1)) {
            (Some(p), Some(q)) => Some(p.t.min(q.t)),
            (Some(p), None) => Some(p.t),
            (None, Some(q)) => Some(q.t),
            (None, None) => None,
        };
        if !each(t, end, a[i], b[j]) {
            return;
        }
        let Some(end) = end else { return };
        t = end;
        i += usize::from(a.get(i + 1).is_some_and(|p| p.t == end));
        j += usize::from(b.get(j + 1).is_some_and(|q| q.t == end));
    }
}

/// The upper envelope (`sign` 1) or lower one (`sign` -1) of two lines of
/// one side, into `out`.
fn envelope_of_two(a: &[Piece], b: &[Piece], sign: i128, out: &mut Vec<Piece>) {
    out.clear();
    let mut push = |t: i128, x: i128, slope: i128| {
        if out.last().is_none_or(|p: &Piece| p.slope != slope) {
            out.push(Piece { t, x, slope });
        }
    };
    each_interval(a, b, |t, end, f, g| {
        // Which is on the chosen side just after t: the further there, or
        // on a tie the one moving that way faster.
        let (fx, gx) = (f.at(t), g.at(t));
        let (top, below, top_x, below_x) =
            if (fx * sign, f.slope * sign) >= (gx * sign, g.slope * sign) {
                (f, g, fx, gx)
            } else {
                (g, f, gx, fx)
            };
        push(t, top_x, top.slope);
        // The one behind overtakes inside the interval if it moves the
        // chosen way faster (by 1 per degree, so the gap closes in as many
        // degrees) and catches up before its end.
        let faster = below.slope - top.slope;
        if faster * sign > 0 {
            let cross = t + (top_x - below_x) * sign;
            if end.is_none_or(|e| cross < e) {
                push(cross, below.at(cross), below.slope);
            }
        }
        true
    });
}

#[cfg(test)]
mod tests;
