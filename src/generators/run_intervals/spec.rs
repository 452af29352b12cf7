//! The declaration of `run-intervals`: its parameters, the limits that refuse a
//! run, and the data keys, identities and views a run documents.

use crate::generators::params::params;
use crate::generators::{Doc, Limit, Params, Spec};

/// N, the largest region size catalogued.
fn catalogue_cells(params: &Params) -> Result<u128, String> {
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
