//! The declaration of `run-intervals`: its parameters, the limits that refuse a
//! run, and the data keys, identities and views a run documents.

use super::{Entry, Group, Member, RunWidth, ValueCount};
use crate::generators::data;
use crate::generators::params::params;
use crate::generators::{Doc, Limit, MeasureError, Params, Spec};

/// N, the largest region size catalogued.
fn catalogue_cells(params: &Params) -> Result<u128, MeasureError> {
    Ok(u128::from(params.typed::<RunIntervalsParams>().max_cells))
}

params! {
    /// The parameters of `run-intervals`.
    pub struct RunIntervalsParams {
        /// Largest region size in the catalogue (N); the limit on catalogue cells bounds it.
        max_cells: u32 = 8, in 1..=16;
        /// The vertical run lengths of the example family, in the catalogue's order.
        example_down: Vec<u32> = [1, 1, 1, 2, 3], in 1..=11, at most 11;
        /// The horizontal run lengths of the example family, in the catalogue's order.
        example_across: Vec<u32> = [1, 1, 1, 5], in 1..=11, at most 11;
        /// The table view shows the shapes of at most this many cells (and at most N); the default
        /// keeps an essay's page small.
        table_cells: usize = 4, in 1..=11;
    }
}

pub(super) static SPEC: Spec = Spec {
    name: "run-intervals",
    description: "Every Domineering region shape of 1 to N cells up to mirrors and the half turn: \
                  canonical value, runs, optimistic and pessimistic packings (search and closed form) \
                  and the interval [pesV - optH, optV - pesH]; which shapes share run lengths but not values.",
    params: RunIntervalsParams::PARAMS,
    example: &[("max_cells", "5")],
    limits: &[Limit {
        name: "catalogue cells",
        doc: "N, the largest region catalogued; memory grows about fourfold a cell on a release build: \
              N = 11 takes 1 s of CPU and 200 MB, 12 takes 3 s and 750 MB (measured on a loaded \
              machine), 13 takes 2.7 GB, past the 2 GB budget",
        max: 12,
        ceiling: 13,
        ceiling_cost: "13 takes 2.7 GB",
        measure: catalogue_cells,
        params: &["max_cells"],
    }],
    names: &[("example_by_value", "value"), ("width_by_length", "length")],
    identities: &[
        Doc {
            name: "optimistic closed form",
            doc: "Searched optimistic packing = sum floor(l/2) over the runs, every shape, both directions.",
        },
        Doc {
            name: "pessimistic closed form",
            doc: "Searched pessimistic packing = sum ceil((l-1)/3) over the runs, every shape, both \
                  directions.",
        },
        Doc {
            name: "point interval iff every run has a point length",
            doc: "The interval is a single point exactly when every run's length is one whose \
                  straight line has a point interval.",
        },
        Doc {
            name: "groups share one interval",
            doc: "Every group of shapes sharing a run-length multiset shares one interval.",
        },
        Doc {
            name: "width formula",
            doc: "The searched width of a line of l cells equals floor(l/2) - ceil((l-1)/3).",
        },
    ],
    views: &[
        Doc {
            name: "table",
            doc: "Every shape of at most table_cells cells drawn small with its value and interval, \
                  one group per number of cells.",
        },
        Doc {
            name: "widths",
            doc: "Interval width added by one run against the run's length, by search on a line and \
                  by the formula (points).",
        },
        Doc {
            name: "split",
            doc: "The split groups (shapes sharing run lengths but not number values), each headed \
                  by its runs, interval and number of shapes, showing its two witnesses with their \
                  values.",
        },
        Doc {
            name: "family",
            doc: "The example family's shapes worth a number (the shapes with the example runs), \
                  one group per value, headed by it.",
        },
    ],
};

data! {
    /// What a run finds: its data.
    pub struct Results {
        /// N, the largest region size.
        pub(super) max_cells: u32,
        /// Shapes in the catalogue.
        pub(super) shapes: usize,
        /// Shapes of each size: by_size.N is the count of N+1 cells.
        pub(super) by_size: Vec<usize>,
        /// Shapes whose value is a number.
        pub(super) numbers: usize,
        /// Shapes on which sum floor(l/2) over the runs equals the searched optimistic packing in
        /// both directions.
        pub(super) opt_closed_form_exact: usize,
        /// Shapes on which sum ceil((l-1)/3) over the runs equals the searched pessimistic packing
        /// in both directions.
        pub(super) pes_closed_form_exact: usize,
        /// Shapes whose interval is a single point.
        pub(super) point_intervals: usize,
        /// Of those, the shapes whose value is a number.
        pub(super) point_numbers: usize,
        /// Of those, the shapes whose number equals the point.
        pub(super) point_is_value: usize,
        /// The run lengths whose straight line has a point interval (searched), a list: [1, 2, 3,
        /// 5] from N = 5 on.
        pub(super) point_lengths: Vec<u32>,
        /// Shapes all of whose runs, both directions, have a length of point_lengths.
        pub(super) short_runs: usize,
        /// Number-valued shapes whose value equals optV - optH.
        pub(super) value_is_opt_difference: usize,
        /// Number-valued shapes whose value lies in their interval.
        pub(super) numbers_in_interval: usize,
        /// Shapes on which the guess pesV = (cells - even vertical runs)/2 is exact.
        pub(super) pes_guess_vertical: usize,
        /// Shapes on which the guess pesH = (cells - even horizontal runs)/2 is exact.
        pub(super) pes_guess_horizontal: usize,
        /// Shapes on which, in some direction, fewer dominoes of the other direction leave it no
        /// room than its pessimistic packing (block_v < pes_v or block_h < pes_h).
        pub(super) block_below_pes: usize,
        /// Groups of two or more shapes sharing a run-length multiset (sorted vertical lengths,
        /// sorted horizontal lengths).
        pub(super) groups: usize,
        /// Of those groups, how many share one interval.
        pub(super) groups_one_interval: usize,
        /// Groups holding two or more number-valued shapes.
        pub(super) groups_with_numbers: usize,
        /// Of those, groups holding two different number values.
        pub(super) split_groups: usize,
        /// The split groups: split.N.down and .across (run lengths), .interval ("[a,b]"),
        /// .shapes.N.grid, .shapes.N.value and .shapes.N.number (every shape of the group; number:
        /// whether the value is a number), .witnesses (the indices in .shapes of the first shape
        /// worth the group's smallest number and of the first worth its largest).
        pub(super) split: Vec<Group>,
        /// The example family's vertical run lengths (the parameter example_down), a list.
        pub(super) example_down: Vec<u32>,
        /// The example family's horizontal run lengths (the parameter example_across), a list.
        pub(super) example_across: Vec<u32>,
        /// The shapes with runs example_down down and example_across across: example.N.grid,
        /// .value, .number.
        pub(super) example: Vec<Member>,
        /// How many such shapes there are.
        pub(super) example_count: usize,
        /// How many of them have a number value.
        pub(super) example_numbers: usize,
        /// Their number values (CGSuite notation), distinct, in increasing order, a list.
        pub(super) example_values: Vec<String>,
        /// Their interval when they share one ("[0,0]"), else "several".
        pub(super) example_interval: String,
        /// Per distinct number value, in increasing order: example_by_value.N.value and .count (how
        /// many of them are worth it).
        pub(super) example_by_value: Vec<ValueCount>,
        /// The longest run in the catalogue (N, from the straight line).
        pub(super) longest_run: u32,
        /// The shortest run in the catalogue (1, a single cell).
        pub(super) shortest_run: u32,
        /// Per run length l = 1..longest_run: width_by_length.N.length, .opt and .pes (the searched
        /// optimistic and pessimistic packing of a line of l cells), .width (.opt - .pes), .formula
        /// (floor(l/2) - ceil((l-1)/3)), .runs (runs of that length in the catalogue).
        pub(super) width_by_length: Vec<RunWidth>,
        /// The width of the longest run (a line of N cells).
        pub(super) width_at_longest: i64,
        /// The smallest width_by_length.N.width: the least width a run adds, over the run lengths
        /// present (1 to longest_run, the straight line of each being in the catalogue).
        pub(super) min_run_width: i64,
        /// The largest width_by_length.N.width, over the same run lengths.
        pub(super) max_run_width: i64,
        /// The largest interval width in the catalogue.
        pub(super) widest: i64,
        /// Every shape: catalogue.N.grid, .cells, .value, .number (bool), .down and .across (run
        /// lengths), .opt_v, .pes_v, .opt_h, .pes_h, .block_v and .block_h (the fewest horizontal
        /// dominoes after which no vertical one fits, and the reverse; null when no set of them
        /// does), .low, .high, .width.
        pub(super) catalogue: Vec<Entry>,
    }
}
