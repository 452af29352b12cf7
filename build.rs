//! Fingerprints the solver and drawing sources so the figure cache knows when a
//! figure's code changed. Units: `cgt` (the core), `generators` (the shared
//! generator interface), `generators/draw` (the figure vocabulary), one per
//! game (`games/NAME`), one per generator's solver (`generators/NAME`: its file,
//! or its folder but for `views.rs`) and one per generator's views
//! (`generators/NAME/views`). Writes `$OUT_DIR/fingerprints.rs`.

use std::fmt::Write as _;
use std::path::Path;

fn hash_files(paths: &mut [std::path::PathBuf]) -> String {
    paths.sort();
    let mut hasher = blake3::Hasher::new();
    for p in paths.iter() {
        let rel = p.to_string_lossy().replace('\\', "/");
        hasher.update(rel.as_bytes());
        hasher.update(&std::fs::read(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display())));
    }
    hasher.finalize().to_hex()[..16].to_string()
}

fn files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .collect()
}

/// One unit per `NAME.rs` or `NAME/` in `dir`, except the listed shared files.
fn units_in(dir: &str, shared: &[&str], out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source dir")
        .filter_map(Result::ok)
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let name = path
            .file_stem()
            .expect("file name")
            .to_string_lossy()
            .to_string();
        if shared.contains(&name.as_str()) {
            continue;
        }
        let unit = format!("{dir}/{name}")
            .trim_start_matches("src/")
            .to_string();
        let views = path.join("views.rs");
        let mut files = if path.is_dir() {
            files_under(&path)
        } else {
            vec![path.clone()]
        };
        if views.is_file() {
            files.retain(|f| *f != views);
            out.push((format!("{unit}/views"), hash_files(&mut [views])));
        }
        out.push((unit, hash_files(&mut files)));
    }
}

fn main() {
    for dir in ["src/cgt", "src/games", "src/generators"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    let mut units = vec![(
        "cgt".to_string(),
        hash_files(&mut files_under(Path::new("src/cgt"))),
    )];
    let mut shared = vec!["src/generators/mod.rs".into(), "src/games/mod.rs".into()];
    units.push(("generators".to_string(), hash_files(&mut shared)));
    units.push((
        "generators/draw".to_string(),
        hash_files(&mut files_under(Path::new("src/generators/draw"))),
    ));
    units_in("src/games", &["mod"], &mut units);
    units_in("src/generators", &["mod", "draw"], &mut units);
    let mut code = String::from(
        "/// Fingerprints of the solver sources, by unit (written by build.rs).\npub const FINGERPRINTS: &[(&str, &str)] = &[\n",
    );
    for (unit, hash) in &units {
        writeln!(code, "    ({unit:?}, {hash:?}),").expect("write to string");
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("fingerprints.rs");
    std::fs::write(out, code).expect("write fingerprints");
}
