//! The declaration of `sylver-proofs`: its parameters, the limits that refuse a
//! run, and the data keys, identities and views a run documents.

use crate::games::sylver::Position;
use crate::generators::params::params;
use crate::generators::{Doc, Limit, Params, Spec};

/// Gaps above which the census is refused: in release G = 20 takes under a
/// second and G = 22 about three, and the time grows about 2.2-fold per gap.
pub const MAX_CENSUS_GAPS: i64 = 24;

/// Gaps of the larger example, refused when either is not a position.
fn example_gaps(params: &Params) -> Result<u128, String> {
    let p: SylverProofsParams = params.typed();
    let genus = |name: &str, gaps: &[u32]| {
        Position::from_gaps(gaps)
            .map(|p| u128::from(p.genus()))
            .map_err(|e| format!("{name}: {e}"))
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
        measure: example_gaps,
        params: &["example", "second_example"],
    }],
    names: &[
        ("by_gaps", "gaps"),
        ("depths", "depth"),
        ("example.survivors", "move"),
        ("second.survivors", "move"),
    ],
    keys: &[
        Doc {
            name: "max_gaps",
            doc: "G: the census holds the irreducible positions with 2 to G gaps.",
        },
        Doc {
            name: "census",
            doc: "Number of census positions.",
        },
        Doc {
            name: "positions.N",
            doc: "Every census position: .gaps (its gaps, listed), .genus, .largest_gap, \
                  .moves (legal moves: every gap but 1), .struck (the moves the pairing test \
                  strikes, listed), .survivors (the moves it leaves, listed), .shortlist (their \
                  number), .winning_moves (listed), .winning_survivors (their number), \
                  .place_by_ORDER for each order of `orders` (place of the first winning \
                  survivor in that order, from 1), .proof_depth, .named_move (the move its \
                  proof names, 0 for none) and the closures a plain search, a pruned search and \
                  its proof take (.plain_closures, .pruned_closures, .proof_closures).",
        },
        Doc {
            name: "by_gaps.N",
            doc: "Per number of gaps, N = 0 for 2 gaps: .gaps, .positions, .deepest (deepest proof), \
                  .mean_depth (mean proof depth), .bound (largest odd number at most gaps - 3, \
                  at least 1).",
        },
        Doc {
            name: "deepest_rule_from",
            doc: "The least number of gaps from which, up to G, the deepest proof is always the \
                  largest odd number at most gaps - 3 (at least 1); G + 1 if it fails at G.",
        },
        Doc {
            name: "shallow_up_to",
            doc: "Largest number of gaps up to which every census position is proved at depth 1.",
        },
        Doc {
            name: "depths.N",
            doc: "Per proof depth 2N + 1: .depth, .proved (positions proved at that depth), \
                  .cumulative (proved at most that deep), .single_survivor (of them, positions with \
                  one survivor), .median_over_plain and .median_over_pruned (median proof cost \
                  over plain and pruned search cost, mean of the middle two for an even count), \
                  .cheaper_than_plain (positions whose proof costs fewer closures than plain search).",
        },
        Doc {
            name: "proved_at_1",
            doc: "Positions proved at depth 1 (every surviving reply struck).",
        },
        Doc {
            name: "deepest",
            doc: "Deepest proof over the census.",
        },
        Doc {
            name: "mean_depth",
            doc: "Mean proof depth over the census.",
        },
        Doc {
            name: "single_survivor",
            doc: "Census positions with exactly one survivor.",
        },
        Doc {
            name: "single_survivor_at_1",
            doc: "Of those, positions proved at depth 1.",
        },
        Doc {
            name: "new_at_1",
            doc: "Positions proved at depth 1 with more than one survivor.",
        },
        Doc {
            name: "new_at_1_shortlists",
            doc: "The shortlist lengths (numbers of survivors) of those positions, ascending, \
                  for a median over them (`median(ID.new_at_1_shortlists)`).",
        },
        Doc {
            name: "proved_at_1_median_survivors",
            doc: "Median number of survivors of the positions proved at depth 1.",
        },
        Doc {
            name: "proved_at_1_max_survivors",
            doc: "Largest number of survivors of a position proved at depth 1.",
        },
        Doc {
            name: "by_winning_survivors.N",
            doc: "Census positions per number of winning survivors, for each number some \
                  position has, ascending: .winning_survivors, .positions.",
        },
        Doc {
            name: "winning_survivors_mode",
            doc: "The most common number of winning survivors of a census position (the \
                  smaller on a tie).",
        },
        Doc {
            name: "orders.replies",
            doc: "Survivors ordered by fewest surviving replies (ties to the smaller move): \
                  .first (positions where a winner comes first), .first_share (of the census), \
                  .mean_place (mean place of the first winner, from 1).",
        },
        Doc {
            name: "orders.largest_gap",
            doc: "Survivors ordered by the smallest largest gap of the position reached (ties to \
                  the smaller move): .first, .first_share, .mean_place.",
        },
        Doc {
            name: "orders.largest_move",
            doc: "Survivors ordered largest move first: .first, .first_share, .mean_place.",
        },
        Doc {
            name: "orders.smallest_move",
            doc: "Survivors ordered smallest move first: .first, .first_share, .mean_place.",
        },
        Doc {
            name: "orders.most_closed",
            doc: "Survivors ordered by most gaps closed (ties to the smaller move): .first, \
                  .first_share, .mean_place.",
        },
        Doc {
            name: "orders.fewest_closed",
            doc: "Survivors ordered by fewest gaps closed (ties to the smaller move): .first, \
                  .first_share, .mean_place.",
        },
        Doc {
            name: "orders.chance",
            doc: "A random order: .first_share (mean of winners / survivors), .mean_place \
                  (mean of (survivors + 1) / (winners + 1)).",
        },
        Doc {
            name: "replies_ties",
            doc: "Positions where two or more survivors tie for the fewest surviving replies.",
        },
        Doc {
            name: "winners",
            doc: "Over all winning survivors of the census: .count, .mean_replies (surviving \
                  replies left), .mean_closed (gaps the move closes), .fifths (how many fall in \
                  each fifth of their shortlist, five counts from the fifth that leaves the \
                  fewest replies; with `less` the survivors of the shortlist leaving strictly \
                  fewer replies and n its length, a survivor's fifth is \
                  min(4, floor(5 less / (n - 1))), and a lone survivor's 0), .fewest_fifth and \
                  .most_fifth (shares of .count in the first fifth and in the last).",
        },
        Doc {
            name: "losers",
            doc: "The same over all losing survivors: .count, .mean_replies, .mean_closed, \
                  .fifths, .fewest_fifth, .most_fifth.",
        },
        Doc {
            name: "proof_cheaper_than_plain",
            doc: "Positions whose proof costs fewer closures than plain search.",
        },
        Doc {
            name: "proof_cheaper_than_plain_deepest",
            doc: "Deepest proof among those positions (0 when there are none).",
        },
        Doc {
            name: "proof_cheaper_than_pruned",
            doc: "Positions whose proof costs fewer closures than pruned search.",
        },
        Doc {
            name: "pruned_cheaper_than_plain",
            doc: "Positions whose pruned search costs fewer closures than plain search.",
        },
        Doc {
            name: "example",
            doc: "The drawn position: .gaps (\"1, 2, ...\"), .genus, .largest_gap, .irreducible, \
                  .moves (count), .struck (list), .struck_text, .survivor_count, .survivors.N \
                  (ascending: .move, .replies, .struck_replies (the replies the pairing test \
                  strikes, a list), .child_largest_gap, .closes, .wins), .winners (list), \
                  .winners_text, .fewest_replies_move, .fewest_replies, .place_by_ORDER (as in \
                  `positions`; 0 without a winning survivor), .depth and .named (0 when not \
                  proved: a lost position).",
        },
        Doc {
            name: "second",
            doc: "The second example position, with the keys of `example`.",
        },
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
