//! The fingerprints of the code a generator's figures are computed and drawn
//! by, which key the figure cache. `build.rs` finds, for each generator the
//! registry names, the files its code uses (its module and the game, core and
//! drawing modules they import, followed through their own imports) and hashes
//! them: its solver side, which its data depend on, and its drawing side, which
//! its views depend on. This module looks them up by the generator's module.

use crate::generators::{Generator, registry};

/// What build.rs found of one registered generator's code: of its solver
/// side, which its data depend on (its module but its views, never the figure
/// vocabulary), and of its drawing side, which its views depend on (its whole
/// module, with the vocabulary).
struct Sides<T> {
    /// Its module under `src/generators/`.
    module: &'static str,
    solver: T,
    draw: T,
}

include!(concat!(env!("OUT_DIR"), "/fingerprints.rs"));

/// The fingerprints of a registered generator; one defined outside `src/`
/// (in a test) has none, and its figures are keyed by the rest.
fn fingerprints(generator: &dyn Generator) -> Option<&'static Sides<&'static str>> {
    let module = registry::module(generator.spec().name)?;
    FINGERPRINTS.iter().find(|s| s.module == module)
}

/// The fingerprint of the code a generator's data depend on.
pub fn solver(generator: &dyn Generator) -> &'static str {
    fingerprints(generator).map_or("", |s| s.solver)
}

/// The fingerprint of the code a generator's drawings depend on.
pub fn draw(generator: &dyn Generator) -> &'static str {
    fingerprints(generator).map_or("", |s| s.draw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::REGISTRY;

    /// The files of one side of the registered generator `name`.
    fn files(
        name: &str,
        side: fn(&Sides<&'static [&'static str]>) -> &'static [&'static str],
    ) -> &'static [&'static str] {
        let module = registry::module(name).unwrap();
        side(DEPENDENCIES.iter().find(|s| s.module == module).unwrap())
    }

    fn solver_files(name: &str) -> &'static [&'static str] {
        files(name, |s| s.solver)
    }

    fn draw_files(name: &str) -> &'static [&'static str] {
        files(name, |s| s.draw)
    }

    fn is_drawing(file: &&str) -> bool {
        file.starts_with("src/draw/") || file.ends_with("/views.rs")
    }

    #[test]
    fn every_registered_generator_has_both_fingerprints() {
        for g in REGISTRY {
            for fingerprint in [solver(*g), draw(*g)] {
                assert_eq!(fingerprint.len(), 16, "{}", g.spec().name);
                assert!(fingerprint.bytes().all(|b| b.is_ascii_hexdigit()));
            }
            assert_ne!(solver(*g), draw(*g), "{}", g.spec().name);
        }
        assert_eq!(FINGERPRINTS.len(), REGISTRY.len());
    }

    // The expected files are read off the sources' imports by hand.
    #[test]
    fn a_solver_holds_the_games_and_core_it_imports_and_no_other() {
        let board = solver_files("blocked-board");
        for file in [
            "src/generators/blocked_board/mod.rs",
            "src/generators/mod.rs",
            "src/games/domineering.rs",
            "src/cgt/canonical/mod.rs",
            // canonical/mod.rs imports `super::dyadic::Dyadic`.
            "src/cgt/dyadic.rs",
        ] {
            assert!(board.contains(&file), "{file} not in {board:?}");
        }
        for file in [
            "src/games/sylver.rs",
            "src/games/mod.rs",
            "src/generators/registry.rs",
            "src/cgt/nimber.rs",
        ] {
            assert!(!board.contains(&file), "{file} in {board:?}");
        }
        // run_intervals' helper file and what it alone imports.
        let runs = solver_files("run-intervals");
        assert!(runs.contains(&"src/generators/run_intervals/packing.rs"));
        assert!(runs.contains(&"src/cgt/grid/mod.rs"));
        // The drawing side holds the vocabulary, whose pictures of games read
        // every game's notation (src/draw/games.rs); the solver side holds
        // only the game it solves.
        let proofs = solver_files("sylver-proofs");
        assert!(proofs.contains(&"src/games/sylver.rs"));
        assert!(
            !proofs.iter().any(|f| f.contains("domineering")),
            "{proofs:?}"
        );
    }

    #[test]
    fn the_drawing_side_holds_the_views_and_vocabulary_and_the_solver_side_neither() {
        for g in REGISTRY {
            let module = registry::module(g.spec().name).unwrap();
            let (solver, draw) = (solver_files(g.spec().name), draw_files(g.spec().name));
            assert!(!solver.iter().any(is_drawing), "{solver:?}");
            // The views import the vocabulary and, with `use super::...`,
            // the types of their generator's module, which also holds the
            // `Generator::draw` that calls them.
            for file in [
                format!("src/generators/{module}/views.rs"),
                format!("src/generators/{module}/mod.rs"),
                "src/draw/mod.rs".into(),
            ] {
                assert!(draw.contains(&file.as_str()), "{file} not in {draw:?}");
            }
            assert!(solver.iter().all(|f| draw.contains(f)), "{module}");
        }
        // `Table` and `display`, re-exported by draw/mod.rs, come from html.rs.
        assert!(draw_files("chomp-needles").contains(&"src/draw/html.rs"));
    }

    #[test]
    fn neither_the_registry_nor_the_list_of_games_is_in_any_closure() {
        for source in DEPENDENCIES {
            for file in source.solver.iter().chain(source.draw) {
                assert!(
                    !["src/generators/registry.rs", "src/games/mod.rs"].contains(file),
                    "{} holds {file}",
                    source.module
                );
            }
        }
    }
}
