//! `sylver-proofs`: proof depths in Sylver Coinage. Over the census of
//! irreducible positions with 2 to G gaps, each surviving move (one the pairing
//! test does not strike) is read by the number of surviving replies it leaves:
//! first as an order of the shortlist, scored against chance and against the
//! smallest largest gap, then as a proof by iterative deepening, whose depths
//! and closure costs are set against the plain and the pruned finishing search.
//!
//! Winning moves come from the full memoised search of [`sylver::Solver`],
//! which never consults the pairing test; every named proof move is checked
//! against it. Its views are drawn in `views.rs`.

mod views;

use super::params::params;
use super::{Check, Data, Doc, Generator, Limit, Output, Params, Spec, draw};
use crate::games::sylver::{self, Position, Proof, Search, Solver};
use serde::{Deserialize, Serialize};

pub struct SylverProofs;

/// Gaps above which the census is refused: in release G = 20 takes under a
/// second and G = 22 about three, and the time grows about 2.2-fold per gap.
pub const MAX_CENSUS_GAPS: i64 = 24;

params! {
    /// The parameters of `sylver-proofs`.
    pub struct SylverProofsParams {
        /// Largest number of gaps of a census position (G); the census holds every irreducible
        /// position with 2 to G gaps.
        max_gaps: u32 = 16, in 2..=MAX_CENSUS_GAPS;
        /// Gaps of the position drawn as a strip, each in 1..=63; they must include 1 and no gap
        /// may be the sum of two non-gaps.
        example: Vec<u32> =
            [1, 2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 17, 18, 23, 28],
            in 1..=63, at most 63;
        /// Gaps of a second position described in the data (not drawn); same rules as `example`.
        second_example: Vec<u32> = [1, 2, 3, 4, 5, 6, 7, 14], in 1..=63, at most 63;
    }
}

static SPEC: Spec = Spec {
    name: "sylver-proofs",
    description: "Sylver Coinage on the irreducible positions with 2 to G gaps: surviving replies \
                  under each move the pairing test leaves, as an order of the shortlist and as a \
                  proof by iterative deepening, priced in closures against plain and pruned search.",
    params: SylverProofsParams::PARAMS,
    limits: &[Limit {
        name: "example gaps",
        doc: "gaps of the larger example position; the full search from it would visit too \
              many positions",
        max: 24,
        measure: example_gaps,
    }],
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
                  .survivors (the moves the pairing test leaves), .winning_moves, .proof_depth, \
                  .named_move (the move its proof names, 0 for none) and the closures a plain \
                  search, a pruned search and its proof take (.plain_closures, \
                  .pruned_closures, .proof_closures).",
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
            name: "proved_at_1_median_survivors",
            doc: "Median number of survivors of the positions proved at depth 1.",
        },
        Doc {
            name: "proved_at_1_max_survivors",
            doc: "Largest number of survivors of a position proved at depth 1.",
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
                  replies left), .mean_closed (gaps the move closes).",
        },
        Doc {
            name: "losers",
            doc: "The same over all losing survivors: .count, .mean_replies, .mean_closed.",
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
                  (ascending: .move, .replies, .child_largest_gap, .closes, .wins), .winners (list), \
                  .winners_text, .fewest_replies_move, .fewest_replies, .depth and .named \
                  (0 when not proved: a lost position).",
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
    games: &["sylver"],
};

/// One survivor of a position and what it leaves.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Survivor {
    #[serde(rename = "move")]
    mv: u32,
    replies: usize,
    child_largest_gap: u32,
    closes: u32,
    wins: bool,
}

/// Everything computed about one position.
struct Record {
    position: Position,
    survivors: Vec<Survivor>,
    winners: Vec<u32>,
    struck_winners: usize,
    proof: Option<Proof>,
}

impl Record {
    fn new(position: Position, solver: &mut Solver) -> Record {
        let winners = solver.winning_moves(position);
        let survivors: Vec<Survivor> = position
            .survivors()
            .map(|mv| {
                let child = position.name(mv);
                Survivor {
                    mv,
                    replies: child.survivors().count(),
                    child_largest_gap: child.largest_gap(),
                    closes: position.genus() - child.genus(),
                    wins: winners.contains(&mv),
                }
            })
            .collect();
        let struck_winners = winners
            .iter()
            .filter(|&&m| !survivors.iter().any(|s| s.mv == m))
            .count();
        Record {
            position,
            survivors,
            winners,
            struck_winners,
            proof: sylver::prove(position),
        }
    }

    fn depth(&self) -> u32 {
        self.proof.map_or(0, |p| p.depth)
    }

    fn lone_survivor(&self) -> bool {
        self.survivors.len() == 1
    }

    /// Place (from 1) of the first winner when survivors are sorted by `key`,
    /// ties to the smaller move; `None` without a winning survivor.
    fn first_winner_place<K: Ord>(&self, key: impl Fn(&Survivor) -> K) -> Option<usize> {
        let mut order: Vec<&Survivor> = self.survivors.iter().collect();
        order.sort_by_key(|s| (key(s), s.mv));
        order.iter().position(|s| s.wins).map(|i| i + 1)
    }
}

/// A census position with its costs.
struct Priced {
    record: Record,
    plain: (bool, u64),
    pruned: (bool, u64),
}

/// What a run finds: its data.
#[derive(Serialize)]
struct Results {
    max_gaps: u32,
    census: usize,
    positions: Vec<Listed>,
    by_gaps: Vec<ByGaps>,
    deepest_rule_from: u32,
    shallow_up_to: u32,
    depths: Vec<ByDepth>,
    proved_at_1: usize,
    deepest: u32,
    mean_depth: f64,
    single_survivor: usize,
    single_survivor_at_1: usize,
    new_at_1: usize,
    proved_at_1_median_survivors: f64,
    proved_at_1_max_survivors: usize,
    orders: Orders,
    replies_ties: usize,
    winners: Pool,
    losers: Pool,
    proof_cheaper_than_plain: usize,
    proof_cheaper_than_plain_deepest: u32,
    proof_cheaper_than_pruned: usize,
    pruned_cheaper_than_plain: usize,
    example: Example,
    second: Example,
}

/// One census position, as the data lists it.
#[derive(Serialize, Deserialize)]
struct Listed {
    gaps: String,
    genus: u32,
    largest_gap: u32,
    survivors: String,
    winning_moves: String,
    proof_depth: u32,
    named_move: u32,
    plain_closures: u64,
    pruned_closures: u64,
    proof_closures: u64,
}

impl Listed {
    fn of(c: &Priced) -> Listed {
        let r = &c.record;
        Listed {
            gaps: join(&r.position.gaps().collect::<Vec<_>>()),
            genus: r.position.genus(),
            largest_gap: r.position.largest_gap(),
            survivors: join(&r.survivors.iter().map(|s| s.mv).collect::<Vec<_>>()),
            winning_moves: join(&r.winners),
            proof_depth: r.depth(),
            named_move: r.proof.map_or(0, |q| q.named),
            plain_closures: c.plain.1,
            pruned_closures: c.pruned.1,
            proof_closures: r.proof.map_or(0, |q| q.closures),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct ByGaps {
    gaps: u32,
    positions: usize,
    deepest: u32,
    mean_depth: f64,
    bound: u32,
}

#[derive(Serialize, Deserialize)]
struct ByDepth {
    depth: u32,
    proved: usize,
    cumulative: usize,
    single_survivor: usize,
    median_over_plain: f64,
    median_over_pruned: f64,
    cheaper_than_plain: usize,
}

#[derive(Serialize)]
struct Orders {
    replies: Score,
    largest_gap: Score,
    chance: Chance,
}

#[derive(Serialize)]
struct Score {
    first: usize,
    first_share: f64,
    mean_place: f64,
}

#[derive(Serialize)]
struct Chance {
    first_share: f64,
    mean_place: f64,
}

#[derive(Serialize)]
struct Pool {
    count: usize,
    mean_replies: f64,
    mean_closed: f64,
}

#[derive(Serialize, Deserialize)]
struct Example {
    gaps: String,
    genus: u32,
    largest_gap: u32,
    irreducible: bool,
    moves: usize,
    struck: Vec<u32>,
    struck_text: String,
    survivor_count: usize,
    survivors: Vec<Survivor>,
    winners: Vec<u32>,
    winners_text: String,
    fewest_replies_move: u32,
    fewest_replies: usize,
    depth: u32,
    named: u32,
}

/// The least number of gaps from which every census size up to `max_gaps`
/// has its deepest proof at the bound; `max_gaps + 1` when the largest breaks it.
fn rule_from(by_gaps: &[ByGaps], max_gaps: u32) -> u32 {
    by_gaps
        .iter()
        .rev()
        .take_while(|b| b.positions == 0 || b.deepest == b.bound)
        .last()
        .map_or(max_gaps + 1, |b| b.gaps)
}

/// The largest odd number at most `gaps - 3`, and at least 1.
fn depth_bound(gaps: u32) -> u32 {
    let b = gaps.saturating_sub(3).max(1);
    if b.is_multiple_of(2) { b - 1 } else { b }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The median; the mean of the two middle values for an even count.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

fn join(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

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

fn example(record: &Record) -> Example {
    let p = record.position;
    let struck: Vec<u32> = p
        .moves()
        .filter(|&m| !record.survivors.iter().any(|s| s.mv == m))
        .collect();
    let fewest = record
        .survivors
        .iter()
        .min_by_key(|s| (s.replies, s.mv))
        .map_or((0, 0), |s| (s.mv, s.replies));
    Example {
        gaps: join(&p.gaps().collect::<Vec<_>>()),
        genus: p.genus(),
        largest_gap: p.largest_gap(),
        irreducible: p.is_irreducible(),
        moves: p.moves().count(),
        struck_text: join(&struck),
        struck,
        survivor_count: record.survivors.len(),
        survivors: record.survivors.clone(),
        winners_text: join(&record.winners),
        winners: record.winners.clone(),
        fewest_replies_move: fewest.0,
        fewest_replies: fewest.1,
        depth: record.depth(),
        named: record.proof.map_or(0, |q| q.named),
    }
}

/// Scores an order over the census.
fn score(census: &[Priced], key: impl Fn(&Survivor) -> u64) -> Score {
    let places: Vec<usize> = census
        .iter()
        .filter_map(|c| c.record.first_winner_place(&key))
        .collect();
    let first = places.iter().filter(|&&p| p == 1).count();
    Score {
        first,
        first_share: first as f64 / census.len().max(1) as f64,
        mean_place: mean(places.iter().map(|&p| p as f64)),
    }
}

fn pool(census: &[Priced], wins: bool) -> Pool {
    let pooled: Vec<&Survivor> = census
        .iter()
        .flat_map(|c| &c.record.survivors)
        .filter(|s| s.wins == wins)
        .collect();
    Pool {
        count: pooled.len(),
        mean_replies: mean(pooled.iter().map(|s| s.replies as f64)),
        mean_closed: mean(pooled.iter().map(|s| f64::from(s.closes))),
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    a as f64 / b.max(1) as f64
}

impl Generator for SylverProofs {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn run(&self, params: &Params) -> Output {
        let p: SylverProofsParams = params.typed();
        let max_gaps = p.max_gaps;
        let mut solver = Solver::default();
        let census: Vec<Priced> = sylver::census(max_gaps)
            .into_iter()
            .map(|position| Priced {
                record: Record::new(position, &mut solver),
                plain: sylver::search_cost(position, Search::Plain),
                pruned: sylver::search_cost(position, Search::Pruned),
            })
            .collect();
        let examples = [p.example, p.second_example].map(|gaps| {
            let position = Position::from_gaps(&gaps).expect("the limits validated the examples");
            Record::new(position, &mut solver)
        });
        let data = summarise(max_gaps, &census, &examples);
        let checks = checks(&data, &census, &examples, &mut solver);
        Output::new(&data, checks)
    }

    fn draw(&self, view: &str, _: &Params, data: &Data) -> Result<Option<draw::Drawing>, String> {
        views::draw(view, data)
    }
}

fn summarise(max_gaps: u32, census: &[Priced], examples: &[Record; 2]) -> Results {
    let depth_of = |c: &Priced| c.record.depth();
    let by_gaps: Vec<ByGaps> = (2..=max_gaps)
        .map(|gaps| {
            let here: Vec<&Priced> = census
                .iter()
                .filter(|c| c.record.position.genus() == gaps)
                .collect();
            ByGaps {
                gaps,
                positions: here.len(),
                deepest: here.iter().map(|c| depth_of(c)).max().unwrap_or(0),
                mean_depth: mean(here.iter().map(|c| f64::from(depth_of(c)))),
                bound: depth_bound(gaps),
            }
        })
        .collect();
    let shallow_up_to = by_gaps
        .iter()
        .take_while(|b| b.deepest <= 1)
        .last()
        .map_or(1, |b| b.gaps);
    let deepest = census.iter().map(depth_of).max().unwrap_or(0);
    let mut cumulative = 0;
    let depths: Vec<ByDepth> = (1..=deepest.max(1))
        .step_by(2)
        .map(|depth| {
            let here: Vec<&Priced> = census.iter().filter(|c| depth_of(c) == depth).collect();
            cumulative += here.len();
            let proof = |c: &Priced| c.record.proof.map_or(0, |q| q.closures);
            ByDepth {
                depth,
                proved: here.len(),
                cumulative,
                single_survivor: here.iter().filter(|c| c.record.lone_survivor()).count(),
                median_over_plain: median(
                    here.iter().map(|c| ratio(proof(c), c.plain.1)).collect(),
                ),
                median_over_pruned: median(
                    here.iter().map(|c| ratio(proof(c), c.pruned.1)).collect(),
                ),
                cheaper_than_plain: here.iter().filter(|c| proof(c) < c.plain.1).count(),
            }
        })
        .collect();
    let proof_cost = |c: &Priced| c.record.proof.map_or(u64::MAX, |q| q.closures);
    let mut at_1: Vec<usize> = census
        .iter()
        .filter(|c| depth_of(c) == 1)
        .map(|c| c.record.survivors.len())
        .collect();
    at_1.sort_unstable();
    let cheaper_than_plain: Vec<&Priced> = census
        .iter()
        .filter(|c| proof_cost(c) < c.plain.1)
        .collect();
    Results {
        max_gaps,
        census: census.len(),
        positions: census.iter().map(Listed::of).collect(),
        deepest_rule_from: rule_from(&by_gaps, max_gaps),
        shallow_up_to,
        proved_at_1: depths.first().map_or(0, |d| d.proved),
        deepest,
        mean_depth: mean(census.iter().map(|c| f64::from(depth_of(c)))),
        single_survivor: census.iter().filter(|c| c.record.lone_survivor()).count(),
        single_survivor_at_1: census
            .iter()
            .filter(|c| c.record.lone_survivor())
            .filter(|c| depth_of(c) == 1)
            .count(),
        new_at_1: at_1.iter().filter(|&&n| n > 1).count(),
        proved_at_1_median_survivors: median(at_1.iter().map(|&n| n as f64).collect()),
        proved_at_1_max_survivors: at_1.last().copied().unwrap_or(0),
        orders: Orders {
            replies: score(census, |s| s.replies as u64),
            largest_gap: score(census, |s| u64::from(s.child_largest_gap)),
            chance: Chance {
                first_share: mean(census.iter().map(|c| {
                    let (w, n) = winners_and_survivors(&c.record);
                    w / n.max(1.0)
                })),
                mean_place: mean(census.iter().map(|c| {
                    let (w, n) = winners_and_survivors(&c.record);
                    (n + 1.0) / (w + 1.0)
                })),
            },
        },
        replies_ties: census
            .iter()
            .filter(|c| {
                let fewest = c.record.survivors.iter().map(|s| s.replies).min();
                c.record
                    .survivors
                    .iter()
                    .filter(|s| Some(s.replies) == fewest)
                    .count()
                    > 1
            })
            .count(),
        winners: pool(census, true),
        losers: pool(census, false),
        proof_cheaper_than_plain: cheaper_than_plain.len(),
        proof_cheaper_than_plain_deepest: cheaper_than_plain
            .iter()
            .map(|c| depth_of(c))
            .max()
            .unwrap_or(0),
        proof_cheaper_than_pruned: census.iter().filter(|c| proof_cost(c) < c.pruned.1).count(),
        pruned_cheaper_than_plain: census.iter().filter(|c| c.pruned.1 < c.plain.1).count(),
        depths,
        by_gaps,
        example: example(&examples[0]),
        second: example(&examples[1]),
    }
}

fn winners_and_survivors(r: &Record) -> (f64, f64) {
    let w = r.survivors.iter().filter(|s| s.wins).count();
    (w as f64, r.survivors.len() as f64)
}

fn checks(
    data: &Results,
    census: &[Priced],
    examples: &[Record; 2],
    solver: &mut Solver,
) -> Vec<Check> {
    let names_winner = |r: &Record| r.proof.is_none_or(|q| r.winners.contains(&q.named));
    let not_proved = census.iter().filter(|c| c.record.proof.is_none()).count();
    let single = census
        .iter()
        .filter(|c| c.record.lone_survivor())
        .collect::<Vec<_>>();
    vec![
        Check::equal(
            "census by gaps sums to the census",
            data.by_gaps.iter().map(|b| b.positions).sum::<usize>(),
            census.len(),
        ),
        Check::equal(
            "every census position is won",
            census
                .iter()
                .filter(|c| solver.wins(c.record.position))
                .count(),
            census.len(),
        ),
        Check::equal(
            "struck moves never win",
            census
                .iter()
                .map(|c| c.record.struck_winners)
                .sum::<usize>(),
            0,
        ),
        Check::equal("every census position is proved", not_proved, 0),
        Check::equal(
            "named moves win",
            census.iter().filter(|c| !names_winner(&c.record)).count(),
            0,
        ),
        Check::equal(
            "searches find the win",
            census.iter().filter(|c| c.plain.0 && c.pruned.0).count(),
            census.len(),
        ),
        Check::equal(
            "single survivors prove at depth 1",
            single.iter().filter(|c| c.record.depth() == 1).count(),
            single.len(),
        ),
        Check::that(
            "deepest proof rule",
            data.deepest_rule_from <= data.shallow_up_to + 1,
            format!(
                "holds from {} to {} gaps; proofs deeper than 1 from {} gaps",
                data.deepest_rule_from,
                data.max_gaps,
                data.shallow_up_to + 1
            ),
        ),
        Check::that(
            "example named move wins",
            examples.iter().all(names_winner),
            format!(
                "named {} and {}; winners {} and {}",
                data.example.named,
                data.second.named,
                data.example.winners_text,
                data.second.winners_text
            ),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(pairs: &[(&str, &str)]) -> Output {
        let p = Params::from_text(&SPEC, pairs).unwrap();
        SPEC.check_limits(&p).unwrap();
        SylverProofs.run(&p)
    }

    fn close(a: &serde_json::Value, b: f64, places: i32) -> bool {
        let scale = 10f64.powi(places);
        (a.as_f64().unwrap() * scale).round() == (b * scale).round()
    }

    // The figures below are the published ones for the census of G = 16.
    #[test]
    fn the_rule_starts_after_the_last_size_that_breaks_it() {
        let size = |gaps: u32, positions: usize, deepest: u32| ByGaps {
            gaps,
            positions,
            deepest,
            mean_depth: 0.0,
            bound: depth_bound(gaps),
        };
        // 7 gaps break it (bound 3); 8 has no position; 9 and 10 keep it.
        let sizes = [
            size(6, 1, 3),
            size(7, 1, 5),
            size(8, 0, 0),
            size(9, 1, 5),
            size(10, 1, 7),
        ];
        assert_eq!(rule_from(&sizes, 10), 8);
        assert_eq!(rule_from(&sizes[..2], 7), 8);
        assert_eq!(rule_from(&sizes[..1], 6), 6);
    }

    #[test]
    fn reproduces_the_published_census_figures() {
        let out = run(&[]);
        let d = &out.data;
        assert_eq!(d["census"], 583);
        // The listed positions, counted by depth, give the depth counts.
        let listed = d["positions"].as_array().unwrap();
        assert_eq!(listed.len(), 583);
        for depth in d["depths"].as_array().unwrap() {
            let at = listed
                .iter()
                .filter(|p| p["proof_depth"] == depth["depth"])
                .count();
            assert_eq!(depth["proved"], at, "{depth}");
        }
        let by_gaps: Vec<u64> = (0..15)
            .map(|n| d["by_gaps"][n]["positions"].as_u64().unwrap())
            .collect();
        assert_eq!(
            by_gaps,
            [2, 3, 4, 5, 9, 10, 13, 22, 27, 29, 56, 58, 80, 120, 145]
        );
        let orders = &d["orders"];
        assert_eq!(orders["replies"]["first"], 144);
        assert!(close(&orders["replies"]["first_share"], 0.247, 3));
        assert!(close(&orders["replies"]["mean_place"], 4.86, 2));
        assert!(close(&orders["chance"]["first_share"], 0.223, 3));
        assert!(close(&orders["chance"]["mean_place"], 4.28, 2));
        assert!(close(&orders["largest_gap"]["first_share"], 0.249, 3));
        assert_eq!(d["replies_ties"], 123);
        assert!(close(&d["winners"]["mean_replies"], 6.62, 2));
        assert!(close(&d["losers"]["mean_replies"], 7.37, 2));
        assert!(close(&d["winners"]["mean_closed"], 3.11, 2));
        assert!(close(&d["losers"]["mean_closed"], 3.10, 2));
    }

    #[test]
    fn reproduces_the_published_proof_figures() {
        let out = run(&[]);
        let d = &out.data;
        let depths = d["depths"].as_array().unwrap();
        let column =
            |key: &str| -> Vec<u64> { depths.iter().map(|x| x[key].as_u64().unwrap()).collect() };
        assert_eq!(column("depth"), [1, 3, 5, 7, 9, 11, 13]);
        assert_eq!(column("proved"), [57, 24, 83, 111, 177, 91, 40]);
        assert_eq!(column("cumulative")[5], 543);
        assert_eq!(column("cumulative")[6], 583);
        assert_eq!(d["single_survivor"], 22);
        assert_eq!(d["single_survivor_at_1"], 22);
        assert_eq!(d["new_at_1"], 35);
        assert_eq!(d["proved_at_1_median_survivors"], 3.0);
        assert_eq!(d["proved_at_1_max_survivors"], 12);
        assert_eq!(d["shallow_up_to"], 5);
        // Up to 5 gaps the bound is 1 and every proof has depth 1, so the rule,
        // asserted from 6 gaps on, holds from the smallest census size, 2.
        assert_eq!(d["deepest_rule_from"], 2);
        assert!(close(&d["by_gaps"][4]["mean_depth"], 2.1, 1));
        assert!(close(&d["by_gaps"][14]["mean_depth"], 9.9, 1));
        assert_eq!(d["proof_cheaper_than_plain"], 26);
        assert_eq!(d["proof_cheaper_than_plain_deepest"], 3);
        assert_eq!(d["proof_cheaper_than_pruned"], 0);
        assert_eq!(d["pruned_cheaper_than_plain"], 548);
        let median = |n: usize| &depths[n]["median_over_plain"];
        assert!(close(median(0), 1.0, 1));
        assert!(close(median(1), 1.5, 1));
        assert!(close(median(2), 2.9, 1));
        assert!(close(median(6), 13.6, 1));
        assert!(close(&depths[6]["median_over_pruned"], 16.0, 0));
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    }

    #[test]
    fn describes_the_example_positions_as_published() {
        let out = run(&[]);
        let ex = &out.data["example"];
        assert_eq!(ex["moves"], 14);
        assert_eq!(ex["struck"], serde_json::json!([2, 3]));
        assert_eq!(ex["survivor_count"], 12);
        let replies: Vec<(u64, u64)> = ex["survivors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["move"].as_u64().unwrap(), s["replies"].as_u64().unwrap()))
            .collect();
        for pair in [(28, 11), (17, 9), (18, 9), (6, 3), (7, 3), (9, 3), (4, 0)] {
            assert!(replies.contains(&pair), "{pair:?} in {replies:?}");
        }
        assert_eq!(ex["winners"], serde_json::json!([4, 6]));
        assert_eq!((&ex["depth"], &ex["named"]), (&1.into(), &4.into()));
        let second = &out.data["second"];
        assert_eq!(second["survivor_count"], 6);
        assert_eq!(second["fewest_replies_move"], 3);
        assert_eq!(second["fewest_replies"], 2);
        assert_eq!(second["winners"], serde_json::json!([14]));
        assert_eq!(second["survivors"][5]["move"], 14);
        assert_eq!(second["survivors"][5]["replies"], 5);
        assert_eq!(second["depth"], 5);
    }

    fn drawn(out: &Output, view: &str) -> draw::Drawing {
        let p = Params::defaults(&SPEC).unwrap();
        let data = Data::from_value(out.data.clone()).unwrap();
        SylverProofs
            .draw(view, &p, &data)
            .unwrap()
            .unwrap_or_else(|| panic!("{view} has something to draw"))
    }

    fn chart(out: &Output, view: &str) -> draw::Chart {
        match drawn(out, view) {
            draw::Drawing::Chart(chart) => chart,
            other => panic!("{view} is a chart, not {other:?}"),
        }
    }

    #[test]
    fn the_charts_plot_the_census_data() {
        let out = run(&[("max_gaps", "9"), ("example", "[1, 2, 3, 6]")]);
        let d = &out.data;
        let column = |of: &str, key: &str| -> Vec<f64> {
            d[of]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x[key].as_f64().unwrap())
                .collect()
        };
        let depths = chart(&out, "depths");
        let labels: Vec<String> = column("depths", "depth")
            .iter()
            .map(|x| x.to_string())
            .collect();
        assert_eq!(depths.x.scale, draw::Scale::Categories(labels));
        let proved: Vec<f64> = depths.series[0].points.iter().map(|p| p.1).collect();
        assert_eq!(proved, column("depths", "proved"));
        assert_eq!(proved.iter().sum::<f64>(), d["census"].as_f64().unwrap());

        // Every size from 2 to 9 gaps has positions: one point each.
        let by_gaps = chart(&out, "by_gaps");
        let xs: Vec<f64> = by_gaps.series[0].points.iter().map(|p| p.0).collect();
        assert_eq!(xs, [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]);
        let deepest: Vec<f64> = by_gaps.series[0].points.iter().map(|p| p.1).collect();
        assert_eq!(deepest, column("by_gaps", "deepest"));
        assert!(by_gaps.series.iter().all(|s| s.mark == draw::Mark::Points));

        let costs = chart(&out, "costs");
        let proved_depths: Vec<String> = d["depths"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["proved"] != 0)
            .map(|x| x["depth"].to_string())
            .collect();
        assert_eq!(
            costs.x.scale,
            draw::Scale::Categories(proved_depths.clone())
        );
        let plain: Vec<f64> = costs.series[0].points.iter().map(|p| p.1).collect();
        assert_eq!(
            plain[0], 1.0,
            "a depth-1 proof costs what plain search does"
        );
        let rendered = draw::Drawing::Chart(costs).render();
        assert_eq!(rendered.values.unwrap().rows.len(), proved_depths.len());
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    }

    #[test]
    fn the_small_example_is_the_hand_worked_one() {
        // The views' tests draw this position from hand-worked data; the run
        // finds the same: 2 and 3 struck, 6 a winning survivor with no
        // surviving reply.
        let out = run(&[("max_gaps", "4"), ("example", "[1, 2, 3, 6]")]);
        let ex = &out.data["example"];
        assert_eq!(ex["struck"], serde_json::json!([2, 3]));
        assert_eq!(
            ex["survivors"],
            serde_json::json!([
                {"move": 6, "replies": 0, "child_largest_gap": 3, "closes": 1, "wins": true}
            ])
        );
        assert_eq!(ex["largest_gap"], 6);
    }

    #[test]
    fn the_default_strip_wraps_ten_numbers_to_a_row() {
        let out = run(&[("max_gaps", "4")]);
        let draw::Drawing::Board(board) = drawn(&out, "example") else {
            panic!("the strip is a board");
        };
        // 28 numbers: rows of numbers start at 1, 11 and 21, each with its
        // replies under it, an empty row between them.
        assert_eq!((board.rows, board.cols), (8, 10));
        let label = |r: usize, c: usize| board.labels[r * board.cols + c].as_str();
        let role = |r: usize, c: usize| board.cells[r * board.cols + c];
        assert_eq!((label(3, 0), label(6, 7)), ("11", "28"));
        assert!((0..10).all(|c| role(2, c) == draw::Role::Paper));
        // 28 leaves 11 replies, 17 and 18 leave 9, 4 (a winner) leaves none.
        assert_eq!((label(7, 7), label(4, 6), label(4, 7)), ("11", "9", "9"));
        assert_eq!((role(0, 3), label(1, 3)), (draw::Role::Winning, "0"));
        assert_eq!((role(0, 1), label(1, 1)), (draw::Role::Struck, ""));
        assert_eq!(board.values.unwrap().rows.len(), 28);
        let rendered = drawn(&out, "example").render();
        assert_eq!(rendered, drawn(&out, "example").render(), "deterministic");
        assert_eq!(out.data, run(&[("max_gaps", "4")]).data, "deterministic");
    }

    #[test]
    fn a_lost_example_is_described_without_a_proof() {
        // <4, 5, 6, 7> (gaps 1, 2, 3): both replies reach irreducible positions.
        let out = run(&[("max_gaps", "4"), ("second_example", "[1, 2, 3]")]);
        let second = &out.data["second"];
        assert_eq!(second["winners"], serde_json::json!([]));
        assert_eq!(second["survivor_count"], 0);
        assert_eq!(second["depth"], 0);
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    }

    #[test]
    fn refuses_examples_that_are_not_positions_or_too_large() {
        let limits = |gaps: &str| {
            SPEC.check_limits(&Params::from_text(&SPEC, &[("example", gaps)]).unwrap())
        };
        assert!(limits("[2, 3]").unwrap_err().contains("must include 1"));
        assert!(limits("[1, 2, 3, 5, 7, 10]").unwrap_err().contains("4 + 6"));
        let wide: Vec<String> = (1..=25).map(|x| x.to_string()).collect();
        let err = limits(&format!("[{}]", wide.join(", "))).unwrap_err();
        assert!(
            err.contains("example gaps is 25, over the limit of 24"),
            "{err}"
        );
    }
}
