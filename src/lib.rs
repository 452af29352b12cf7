//! ladder builds an essay site about combinatorial game theory whose figures are
//! computed by game solvers and whose claims are checked at build time.
//!
//! The crate has eight rooms, each owning one job and importing only the
//! rooms before it (`tests/imports.rs` checks it; docs/design.md draws them):
//!
//! 1. [`cgt`]: the game-theory core. Values, nimbers, tables. No I/O, and it
//!    imports nothing else from this crate.
//! 2. [`games`]: one module per game, with its rules and solvers. Games import
//!    only [`cgt`].
//! 3. [`draw`]: the figure vocabulary (charts, boards, tables, catalogues,
//!    graphs) and the games' own pictures, which every generator draws
//!    through.
//! 4. [`generators`]: one module per generator, behind the [`generators::Generator`]
//!    trait and one registry. A generator runs solvers from [`games`], returns
//!    serde data and the identities it asserts, and draws its views in
//!    [`draw`]. No file I/O; no generator imports another.
//! 5. [`figures`]: the figure engine: jobs, the plan, computing, the cache,
//!    the figure store and the fingerprints of the generators' code.
//! 6. [`claims`]: the claim language of `{{ ... }}`: its lexer, grammar,
//!    evaluation against the figures' data and printing of values. It knows
//!    nothing of markdown or pages.
//! 7. [`site`]: the pipeline that turns `content/` into `site/`: loading essays,
//!    markdown, math, directives, templates and the atomic output swap.
//! 8. [`cmd`]: the command line, with one file per command.

pub mod cgt;
pub mod claims;
pub mod cmd;
pub mod draw;
pub mod figures;
pub mod games;
pub mod generators;
pub mod site;

#[cfg(test)]
mod tests {
    /// A `rust-version` as (major, minor, patch).
    fn version(text: &str) -> (u32, u32, u32) {
        let mut parts = text.split('.').map(|p| p.parse::<u32>().unwrap());
        let mut next = || parts.next().unwrap_or(0);
        (next(), next(), next())
    }

    /// `rust-version` is at least what every dependency declares. (The
    /// standard library items the code uses are checked against it by
    /// clippy's `incompatible_msrv`; language features are not checked.)
    /// `--locked`, not `--frozen`: a fresh machine has downloaded only the
    /// host's dependencies, and the manifests of the others (Windows, wasm)
    /// are fetched from the registry the build already reaches.
    #[test]
    fn rust_version_is_at_least_every_dependencys() {
        let out = std::process::Command::new(env!("CARGO"))
            .args(["metadata", "--format-version", "1", "--locked"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let declared = |p: &serde_json::Value| p["rust_version"].as_str().map(version);
        let packages = meta["packages"].as_array().unwrap();
        let (ours, theirs): (Vec<_>, Vec<_>) = packages
            .iter()
            .partition(|p| p["name"] == env!("CARGO_PKG_NAME"));
        let ours = declared(ours[0]).unwrap();
        for p in theirs {
            if let Some(v) = declared(p) {
                assert!(
                    v <= ours,
                    "{} needs Rust {v:?}, above ours {ours:?}",
                    p["name"]
                );
            }
        }
    }
}
