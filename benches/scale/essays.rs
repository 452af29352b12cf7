//! A generated site for measuring the site engine at scale: `n` essays in
//! 20 ladders, each of four sections of three 60-word paragraphs with one
//! inline math span per paragraph. The words come from a fixed list drawn by
//! `SplitMix64` with a fixed seed, so the same `n` gives the same site. The
//! same folder is a Hugo site too (`hugo.toml` and a minimal `layouts/`), so
//! the two engines can be timed on the same pages.

use ladder::cgt::random::SplitMix64;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

pub const LADDERS: usize = 20;
const SECTIONS: usize = 4;
const PARAGRAPHS: usize = 3;
const WORDS: usize = 60;

const VOCABULARY: [&str; 48] = [
    "game",
    "move",
    "player",
    "left",
    "right",
    "value",
    "number",
    "switch",
    "board",
    "domino",
    "position",
    "option",
    "sum",
    "zero",
    "star",
    "up",
    "down",
    "hot",
    "cold",
    "tepid",
    "temperature",
    "mean",
    "stop",
    "follower",
    "canonical",
    "form",
    "dominated",
    "reversible",
    "simplest",
    "birthday",
    "infinitesimal",
    "nimber",
    "heap",
    "grundy",
    "mex",
    "theorem",
    "proof",
    "induction",
    "strategy",
    "winning",
    "losing",
    "outcome",
    "class",
    "fuzzy",
    "positive",
    "negative",
    "ladder",
    "rung",
];

const MATH: [&str; 4] = [
    r"$G + (-G) = 0$",
    r"$\{0 \mid 0\} = *$",
    r"$x_{n+1} = 2 x_n + 1$",
    r"$\uparrow + \uparrow = \Uparrow$",
];

/// Writes the essays, the ladders' introductions, `hugo.toml` and the
/// minimal Hugo layout under `root`.
pub fn write(root: &Path, essays: usize) -> io::Result<()> {
    let mut rng = SplitMix64::new(17);
    for l in 0..LADDERS {
        let dir = root.join(format!("content/ladder-{l:02}"));
        fs::create_dir_all(&dir)?;
        fs::write(
            dir.join("_index.md"),
            format!(
                "+++\ntitle = \"Ladder {l}\"\nweight = {l}\n+++\n\nThe essays of ladder {l}.\n"
            ),
        )?;
    }
    for e in 0..essays {
        let (ladder, rung) = (e % LADDERS, e / LADDERS + 1);
        let mut text = format!(
            "+++\ntitle = \"Essay {e}\"\nladder = \"ladder-{ladder:02}\"\nrung = {rung}\n\
             date = 2026-{:02}-{:02}\n+++\n",
            e % 12 + 1,
            e % 28 + 1
        );
        for s in 0..SECTIONS {
            write!(text, "\n## Section {s}\n").expect("a string");
            for _ in 0..PARAGRAPHS {
                text.push('\n');
                let math = rng.below(WORDS);
                for w in 0..WORDS {
                    if w > 0 {
                        text.push(' ');
                    }
                    text.push_str(VOCABULARY[rng.below(VOCABULARY.len())]);
                    if w == math {
                        text.push(' ');
                        text.push_str(MATH[rng.below(MATH.len())]);
                    }
                }
                text.push_str(".\n");
            }
        }
        let path = root.join(format!("content/ladder-{ladder:02}/essay-{e:05}.md"));
        fs::write(path, text)?;
    }
    fs::write(
        root.join("hugo.toml"),
        "baseURL = \"https://example.org/\"\ntitle = \"Scale\"\n",
    )?;
    let page = |body: &str| {
        format!(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{{{{ .Title }}}}</title>\
             </head>\n<body>\n{body}\n</body></html>\n"
        )
    };
    let list = page(
        "<h1>{{ .Title }}</h1>\n{{ .Content }}\n<ul>{{ range .Pages }}\
         <li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>",
    );
    let layouts = root.join("layouts/_default");
    fs::create_dir_all(&layouts)?;
    fs::write(
        layouts.join("single.html"),
        page("<h1>{{ .Title }}</h1>\n{{ .Content }}"),
    )?;
    fs::write(layouts.join("list.html"), &list)?;
    fs::write(root.join("layouts/index.html"), &list)
}
