//! The one registry of generators: each generator with the module under
//! `src/generators/` that defines it. `build.rs` reads the `registry!` list
//! below to fingerprint each generator's code, and the figure cache finds a
//! generator's fingerprints by its module ([`module`]).

use super::Generator;

/// Declares [`REGISTRY`] and the module of each of its generators, from
/// `module::Type` entries, in the order `ladder generators` lists them.
macro_rules! registry {
    ($($module:ident::$generator:ident),* $(,)?) => {
        /// Every generator the tool knows, in the order `ladder generators` lists them.
        pub static REGISTRY: &[&dyn Generator] = &[$(&super::$module::$generator),*];

        /// The module of each generator in [`REGISTRY`], in its order.
        static MODULES: &[&str] = &[$(stringify!($module)),*];
    };
}

registry! {
    blocked_board::BlockedBoard,
    split_census::SplitCensus,
    run_intervals::RunIntervals,
    pairing_sweep::PairingSweep,
    chomp_needles::ChompNeedles,
    sylver_proofs::SylverProofs,
    hackenbush_fusion::HackenbushFusion,
    amazons_regions::AmazonsRegions,
    position::Position,
}

/// Looks a generator up by name.
pub fn find(name: &str) -> Option<&'static dyn Generator> {
    REGISTRY.iter().copied().find(|g| g.spec().name == name)
}

/// The module under `src/generators/` that defines the generator named `name`.
pub fn module(name: &str) -> Option<&'static str> {
    let at = REGISTRY.iter().position(|g| g.spec().name == name)?;
    Some(MODULES[at])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_generator_is_found_by_name_with_its_module() {
        assert_eq!(REGISTRY.len(), MODULES.len());
        let g = find("blocked-board").expect("blocked-board is registered");
        assert_eq!(g.spec().name, "blocked-board");
        assert_eq!(module("blocked-board"), Some("blocked_board"));
        assert_eq!(module("sylver-proofs"), Some("sylver_proofs"));
        assert!(find("no-such-generator").is_none() && module("no-such-generator").is_none());
    }
}
