//! Why a run's data could not be read, or a view not drawn from it
//! ([`DataError`]): the one error of reading data and drawing views, which
//! the generators' data and views and the vocabulary's pictures of games
//! return. It imports nothing of the crate.

/// Why a run's data could not be read, or a view not drawn from it.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// What a generator returned is not a JSON object.
    #[error("its data is not an object but `{found}`")]
    NotObject {
        /// The value returned, as JSON text.
        found: String,
    },
    /// A stored value is not valid JSON (a damaged artifact).
    #[error("its data does not parse ({0}); rebuild with --force to recompute it")]
    Damaged(serde_json::Error),
    /// The data lacks a key a view reads.
    #[error("the data has no key `{key}`")]
    NoKey {
        /// The key.
        key: String,
    },
    /// A key's value is not of the type a view reads.
    #[error("data key `{key}`: {error}")]
    Key {
        /// The key.
        key: String,
        /// What serde found instead of what was expected.
        error: serde_json::Error,
    },
    /// The data is not of the generator's data type.
    #[error("the data: {0}")]
    Shape(serde_json::Error),
    /// The generator draws no view of that name.
    #[error("no view `{view}`")]
    NoView {
        /// The view asked for.
        view: String,
    },
    /// A value the view reads that is not of the form it draws, in fixed
    /// words (a rectangle's name that is not `m × n`, cells that do not
    /// match their grid).
    #[error("{what}")]
    Malformed {
        /// Which values, and what is wrong with them.
        what: &'static str,
    },
    /// A value in a notation the view reads that does not parse (a graph's
    /// edge list).
    #[error("{what} `{text}`: {error}")]
    Unreadable {
        /// What the value is: "graph".
        what: &'static str,
        /// The value.
        text: String,
        /// Why it does not parse (its type is the game's parse error).
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A position whose rows differ in length.
    #[error("position `{position}`: rows of unequal length")]
    UnequalRows {
        /// The position, rows joined by `|`.
        position: String,
    },
    /// A number that is not exact (a whole number or a fraction `n/d`).
    #[error("`{text}` is not an exact number")]
    NotExact {
        /// The value.
        text: String,
    },
    /// An index past the list it indexes.
    #[error("{list} has no {item} {index}")]
    NoItem {
        /// The list: "split group".
        list: &'static str,
        /// What its items are: "shape".
        item: &'static str,
        /// The index.
        index: usize,
    },
    /// A name that is none of the ones the view knows.
    #[error("no {what} `{name}`")]
    Unknown {
        /// What is named: "verdict".
        what: &'static str,
        /// The name.
        name: String,
    },
    /// A free cell of a pairing that no pair holds.
    #[error("the example's free cell (row {row}, column {col}) has no partner")]
    Unpaired {
        /// Its row, from 1.
        row: usize,
        /// Its column, from 1.
        col: usize,
    },
}

impl DataError {
    /// The error of a view `view` that a generator does not draw.
    pub fn no_view(view: &str) -> DataError {
        DataError::NoView {
            view: view.to_string(),
        }
    }
}
