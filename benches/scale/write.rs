//! Writes the generated site of [`essays`] (`cargo run --release --example
//! scale-site -- DIR N`): N essays under `DIR/content/`, which `ladder build
//! DIR` and `hugo -s DIR` both build. `benches/scale/compare.sh` times them.

#[path = "essays.rs"]
mod essays;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(Ok(n))) = (args.first(), args.get(1).map(|n| n.parse::<usize>())) else {
        eprintln!("usage: scale-site DIR ESSAYS");
        std::process::exit(2);
    };
    if let Err(e) = essays::write(std::path::Path::new(dir), n) {
        eprintln!("cannot write the site in {dir}: {e}");
        std::process::exit(1);
    }
}
