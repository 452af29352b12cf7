//! The declaration of `sylver-proofs`: its parameters, the limits that refuse a
//! run, and the data keys, identities and views a run documents.

use crate::games::sylver::Position;
use crate::generators::params::params;
use crate::generators::{Doc, Limit, MeasureError, Params, Spec};

/// Gaps above which the census is refused: in release G = 20 takes under a
/// second and G = 22 about three, and the time grows about 2.2-fold per gap.
pub const MAX_CENSUS_GAPS: i64 = 24;

/// Gaps of the larger example, refused when either is not a position.
fn example_gaps(params: &Params) -> Result<u128, MeasureError> {
    let p: SylverProofsParams = params.typed();
    let genus = |name: &'static str, gaps: &[u32]| {
        Position::from_gaps(gaps)
            .map(|p| u128::from(p.genus()))
            .map_err(|e| MeasureError::refused(Some(name), e))
    };
    Ok(genus("example", &p.example)?.max(genus("second_example", &p.second_example)?))
}

params! {
    /// The parameters of `sylver-proofs`.
    pub struct SylverProofsParams {
        /// Largest number of gaps of a census position (G); the census holds every irreducible
        /// position with 2 to G gaps.
        max_gaps: u32 = 16, in 2..=MAX_CENSUS_GAPS;
        /// Gaps of the position drawn as a strip, each in 1..=63; they must include 1 and no gap
        /// may be the sum of two non-gaps; the limit on example gaps bounds their number.
        example: Vec<u32> =
            [1, 2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 17, 18, 23, 28],
            in 1..=63, at most 63;
        /// Gaps of a second position described in the data (not drawn); same rules as `example`.
        second_example: Vec<u32> = [1, 2, 3, 4, 5, 6, 7, 14], in 1..=63, at most 63;
    }
}

pub(super) static SPEC: Spec = Spec {
    name: "sylver-proofs",
    description: "Sylver Coinage on the irreducible positions with 2 to G gaps: surviving replies \
                  under each move the pairing test leaves, as an order of the shortlist and as a \
                  proof by iterative deepening, priced in closures against plain and pruned search.",
    params: SylverProofsParams::PARAMS,
    example: &[
        ("max_gaps", "6"),
        ("example", "[1, 2, 3, 6]"),
        ("second_example", "[1, 2, 3, 5, 7]"),
    ],
    limits: &[Limit {
        name: "example gaps",
        doc: "gaps of the larger example position; each example is searched in full and proved by \
              deepening (a search per odd depth) over the positions above it, the semigroups whose \
              gaps are among its gaps, so the cost grows with the gaps and most with small ones. On a \
              release build the gaps 1 to g, the costliest shape measured, take 0.04 s of CPU at \
              g = 30, 3.6 s and 44 MB at 36, 9.7 s and 94 MB at 38, 35 s and 150 to 180 MB at 39 \
              and 40, over a minute (490 MB) at 44; the time swings with the proof depth (41 take \
              2 s), other shapes of 40 gaps took 2 to 27 s and random positions of 27 to 45 gaps \
              under 3 s, so 40 keeps each example measured under a minute",
        max: 40,
        ceiling: 44,
        ceiling_cost: "the gaps 1 to 44 took over a minute and 490 MB",
        measure: example_gaps,
        params: &["example", "second_example"],
    }],
    names: &[
        ("by_gaps", "gaps"),
        ("depths", "depth"),
        ("example.survivors", "move"),
        ("second.survivors", "move"),
    ],
    identities: &[
        Doc {
            name: "census by gaps sums to the census",
            doc: "The positions counted per number of gaps add up to the census.",
        },
        Doc {
            name: "every census position is won",
            doc: "The full search finds every irreducible position won, as strategy stealing says.",
        },
        Doc {
            name: "struck moves never win",
            doc: "No move the pairing test strikes is a winning move of the full search.",
        },
        Doc {
            name: "every census position is proved",
            doc: "Iterative deepening proves every census position.",
        },
        Doc {
            name: "named moves win",
            doc: "Every move a proof names is a winning move of the full search.",
        },
        Doc {
            name: "searches find the win",
            doc: "Plain and pruned search both find every census position won.",
        },
        Doc {
            name: "single survivors prove at depth 1",
            doc: "Every position with one survivor is proved at depth 1.",
        },
        Doc {
            name: "deepest proof rule",
            doc: "Wherever some proof is deeper than 1 (from shallow_up_to + 1 gaps on), the deepest \
                  proof is the largest odd number at most gaps - 3.",
        },
        Doc {
            name: "example named move wins",
            doc: "The proof of each example position names a winning move.",
        },
    ],
    views: &[
        Doc {
            name: "depths",
            doc: "Bars: census positions proved at each proof depth, one bar per depth.",
        },
        Doc {
            name: "by_gaps",
            doc: "Points: deepest and mean proof depth (means to two places) against the number \
                  of gaps, for each number of gaps the census holds.",
        },
        Doc {
            name: "costs",
            doc: "Bars: median proof cost over plain and over pruned search cost (to two \
                  places), side by side at each proof depth that proves some position.",
        },
        Doc {
            name: "example",
            doc: "The example position as a strip of the numbers 1 to F, ten to a row, each \
                  cell in its role (in the semigroup, 1, struck, losing or winning survivor, \
                  named by a legend), the surviving replies under each survivor; its values \
                  give each number's role and surviving replies.",
        },
    ],
};
