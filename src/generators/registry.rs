//! The look-ups the site makes in the registry: `generators/mod.rs` lists
//! [`REGISTRY`] once, one `module::Type` line per generator (its `registry!`),
//! and this file finds a generator by name and the module that defines it
//! ([`module`]), by which the figure cache finds its fingerprints.

use super::{Generator, MODULES, REGISTRY};

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
