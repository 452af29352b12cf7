//! The registry's machinery: the `registry!` macro that `generators/mod.rs`
//! invokes once, one `module::Type` line per generator, to declare each
//! generator's module and [`REGISTRY`] in one list, and the look-ups the site
//! makes in it. `build.rs` reads that one list to fingerprint each
//! generator's code, and the figure cache finds a generator's fingerprints by
//! its module ([`module`]).

use super::{Generator, MODULES, REGISTRY};

/// Declares, from `module::Type` entries in the order `ladder generators`
/// lists them, each generator's module (`pub mod module;`, its file under
/// `src/generators/`), [`REGISTRY`] and the module of each of its generators.
macro_rules! registry {
    ($($module:ident::$generator:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every generator the tool knows, in the order `ladder generators` lists them.
        pub static REGISTRY: &[&dyn Generator] = &[$(&$module::$generator),*];

        /// The module of each generator in [`REGISTRY`], in its order.
        static MODULES: &[&str] = &[$(stringify!($module)),*];
    };
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
