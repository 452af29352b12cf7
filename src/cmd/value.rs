//! `ladder value GAME POSITION`: prints the value of a position in the
//! site's notation (`{2 | −1/2}`, `∗2`, `±1`; `CGSuite`'s ASCII with
//! `--ascii`), and with `--analysis` what the core says of it, one fact a
//! line, or with `--json` all of it as JSON for scripts: the canonical value
//! of Domineering or Amazons with its outcome, stops, mean, temperature,
//! atomic weight, reduced form and birthday, or the Grundy value (a nimber)
//! of Cram, Chomp, Sylver Coinage or green Hackenbush with its outcome. The games, their
//! notations and limits are [`crate::games::notation`]'s.
//!
//! It imports the game-theory core, the games and [`super::exit`]; nothing of
//! the site.

use super::exit::USAGE_ERROR;
use crate::cgt::canonical::GameTable;
use crate::cgt::canonical::typeset;
use crate::games::notation::{self, Facts, GAMES, Refusal};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The game: `domineering` (Left places vertical dominoes, Right horizontal
    /// ones: the canonical value), `cram` (both place dominoes either way up: the
    /// Grundy value), `amazons` (the canonical value, summed over regions),
    /// `chomp` and `sylver` (Sylver Coinage; both the Grundy value) or
    /// `hackenbush` (green Hackenbush: the Grundy value).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(GAMES.iter().map(|g| g.name)))]
    game: String,
    /// The position. Domineering and Cram: the board as rows of `.` (free) and
    /// `#` (blocked) joined by `|`, e.g. `...|...`. Amazons: rows of `.` (empty),
    /// `#` (burnt), `L` and `R` (amazons), e.g. `L..|..R`. Hackenbush: the edges `a-b`
    /// separated by spaces, vertex 0 the ground, e.g. `'0-1 1-2 2-0'`. Chomp:
    /// the column heights from the poison's column rightwards, e.g. `4,2,2`.
    /// Sylver Coinage: the numbers named in order, e.g. `5,7` (their greatest
    /// common divisor 1: otherwise infinitely many numbers are left).
    position: String,
    /// Refuse boards with a region larger than this: connected free cells
    /// (Domineering's default 32: the worst region measured, a 6 x 7 with its
    /// corners cut, took 19 s of CPU time and 174 MB; Cram's default 40: the
    /// worst measured, a 6 x 7 with two cells blocked, took 41 s and 315 MB),
    /// or for Amazons the empty squares of a region (default 8: with four
    /// amazons, the costly case, seconds; 9 took half a minute), for Chomp the
    /// squares (default 64), for Sylver Coinage the numbers left (default 30).
    /// Hackenbush has no limit. Each raise stops at a ceiling, with its cost:
    /// Domineering 36 (a 6 x 8 with its corners cut took 278 s and 1.2 GB),
    /// Cram 42 (a 6 x 7 did not finish in 3 minutes), Amazons 12 (four
    /// amazons over 90 s and 1.4 GB), Chomp 100 squares, Sylver Coinage 36.
    #[arg(long)]
    max_cells: Option<u32>,
    /// Also print the outcome, the stops, mean, temperature, atomic weight,
    /// reduced form and birthday (an impartial game's outcome), one per line.
    #[arg(long)]
    analysis: bool,
    /// Print the value and everything `--analysis` adds as one JSON object,
    /// games in `CGSuite`'s notation and numbers exact (`"-3/4"`).
    #[arg(long, conflicts_with_all = ["analysis", "ascii"])]
    json: bool,
    /// Write games in `CGSuite`'s ASCII notation (`+-1`, `{2|0||0}`, `*2`, `^`).
    #[arg(long)]
    ascii: bool,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let asked = args.analysis || args.json;
    let facts = match facts(&args.game, &args.position, args.max_cells, asked) {
        Ok(facts) => facts,
        Err(msg) => {
            err!("error: {msg:#}");
            return Ok(ExitCode::from(USAGE_ERROR));
        }
    };
    if args.json {
        out!("{}", serde_json::to_string_pretty(&facts)?)?;
    } else if args.analysis {
        for (name, fact) in lines(&facts, args.ascii) {
            out!("{name}: {fact}")?;
        }
    } else {
        out!("{}", shown(&facts.value, args.ascii))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What the core says of `position` in the game named `game`, its regions
/// limited to `max_cells` or the game's default, or why it was refused: the
/// value and outcome, and a partizan game's analysis when `analysis` (what
/// `ladder value` computes, with `--analysis` or `--json` and without).
pub fn facts(
    game: &str,
    position: &str,
    max_cells: Option<u32>,
    analysis: bool,
) -> anyhow::Result<Facts> {
    let game = notation::game(game)?;
    let (ceiling, cost) = game.ceiling;
    if let Some(n) = max_cells.filter(|&n| n > ceiling) {
        anyhow::bail!(
            "--max-cells {n} is past the ceiling of {ceiling} for {} ({cost})",
            game.name
        );
    }
    let games = GameTable::new();
    let g = game
        .value(&games, position, max_cells)
        .map_err(|r| match r {
            Refusal::Unreadable(why) => anyhow::anyhow!(why),
            Refusal::TooLarge { message, needs } if needs <= ceiling => {
                anyhow::anyhow!("{message}; pass --max-cells {needs} to raise the limit")
            }
            Refusal::TooLarge { message, .. } => anyhow::anyhow!(
                "{message}; --max-cells raises the limit up to its ceiling of {ceiling} ({cost}), \
                 not that far"
            ),
        })?;
    Ok(if analysis {
        Facts::of(&games, g, game.impartial)
    } else {
        Facts::valued(&games, g, game.impartial)
    })
}

/// A game or number in `CGSuite`'s notation as the terminal shows it: the
/// site's notation, its thin spaces plain ones, or the ASCII as it is.
fn shown(text: &str, ascii: bool) -> String {
    match typeset::game(text) {
        Some(typeset) if !ascii => typeset.replace(typeset::THIN, " "),
        _ => text.to_string(),
    }
}

/// The facts as `--analysis` prints them: a name and a fact a line.
fn lines(facts: &Facts, ascii: bool) -> Vec<(&'static str, String)> {
    let show = |text: &str| shown(text, ascii);
    let mut lines = vec![
        ("value", show(&facts.value)),
        (
            "outcome",
            format!("{} ({})", facts.outcome.letter(), facts.outcome),
        ),
    ];
    if let Some(a) = &facts.analysis {
        let atomic_weight = match (&a.atomic_weight, &a.atomic_weight_undefined) {
            (Some(w), _) => show(w),
            (None, why) => format!("not defined: {}", why.as_deref().unwrap_or_default()),
        };
        lines.extend([
            ("left stop", show(&a.left_stop)),
            ("right stop", show(&a.right_stop)),
            ("mean", show(&a.mean)),
            ("temperature", show(&a.temperature)),
            ("atomic weight", atomic_weight),
            ("reduced form", show(&a.reduced)),
            ("birthday", a.birthday.to_string()),
        ]);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value in `CGSuite`'s notation.
    fn value(game: &str, position: &str, max_cells: Option<u32>) -> anyhow::Result<String> {
        facts(game, position, max_cells, false).map(|f| f.value)
    }

    /// What `--analysis` prints, and in `CGSuite`'s ASCII.
    #[allow(clippy::format_collect, reason = "a test's few lines")]
    fn analysis(game: &str, position: &str) -> (String, String) {
        let facts = facts(game, position, None, true).unwrap();
        let text = |ascii| {
            let lines = lines(&facts, ascii).into_iter();
            lines
                .map(|(name, fact)| format!("{name}: {fact}\n"))
                .collect()
        };
        (text(false), text(true))
    }

    #[test]
    fn domineering_strips_by_hand() {
        // A vertical 2 x 1 strip is Left's one move to 0: {0|} = 1; a
        // horizontal one is -1; a single cell no move: 0; a horizontal strip
        // of three, Right's move to a single cell: -1.
        let domineering = |grid: &str| value("domineering", grid, None).unwrap();
        assert_eq!(domineering(".|."), "1");
        assert_eq!(domineering(".."), "-1");
        assert_eq!(domineering("."), "0");
        assert_eq!(domineering("..."), "-1");
        assert_eq!(shown("-1", false), "\u{2212}1");
    }

    #[test]
    fn a_switch_is_analysed_in_the_sites_notation() {
        // The 2 x 2 square: either player's move leaves the other one move:
        // {1|-1} = ±1, hot at temperature 1 with mean 0 (the walls of a
        // switch {a|b} meet at (a+b)/2 at temperature (a-b)/2); it has the
        // number 1 among its positions, so no atomic weight.
        let (unicode, ascii) = analysis("domineering", "..|..");
        let expected = "value: \u{b1}1\n\
                        outcome: N (first player wins)\n\
                        left stop: 1\n\
                        right stop: \u{2212}1\n\
                        mean: 0\n\
                        temperature: 1\n\
                        atomic weight: not defined: atomic weight is defined only for all-small \
                        games, and this game has the number 1 among its positions\n\
                        reduced form: \u{b1}1\n\
                        birthday: 2\n";
        assert_eq!(unicode, expected);
        assert!(ascii.starts_with("value: +-1\n") && ascii.contains("right stop: -1\n"));
    }

    #[test]
    fn hot_rectangles_have_the_mean_and_temperature_of_their_switch() {
        // The 2 x 3 board (Winning Ways): Left's vertical move in the middle
        // leaves two vertical strips, 1 + 1 = 2; Right's best leaves -1/2.
        // {2 | -1/2} has mean 3/4 and temperature 5/4.
        let f = facts("domineering", "...|...", None, true).unwrap();
        let a = f.analysis.unwrap();
        assert_eq!(f.value, "{2|-1/2}");
        assert_eq!((a.mean.as_str(), a.temperature.as_str()), ("3/4", "5/4"));
        assert_eq!((a.left_stop.as_str(), a.right_stop.as_str()), ("2", "-1/2"));
        assert_eq!(shown(&f.value, false), "{2 | \u{2212}1/2}");
        // A twelve-cell board of value {2 | -1}: mean 1/2, temperature 3/2.
        let f = facts("domineering", "#....|...#.|...#.", None, true).unwrap();
        let a = f.analysis.unwrap();
        assert_eq!(f.value, "{2|-1}");
        assert_eq!((a.mean.as_str(), a.temperature.as_str()), ("1/2", "3/2"));
    }

    #[test]
    fn an_all_small_game_has_an_atomic_weight() {
        // Hackenbush is impartial; Amazons `L.R` hands each player one move
        // to a zero: {0|0} = *, atomic weight 0, temperature 0.
        let f = facts("amazons", "L.R", None, true).unwrap();
        let a = f.analysis.unwrap();
        assert_eq!((f.value.as_str(), f.outcome.letter()), ("*", "N"));
        assert_eq!(a.atomic_weight.as_deref(), Some("0"));
        assert_eq!(a.temperature, "0");
    }

    #[test]
    fn impartial_games_print_their_nimber_and_outcome() {
        let (unicode, _) = analysis("hackenbush", "0-1 1-2");
        assert_eq!(
            unicode,
            "value: \u{2217}2\noutcome: N (first player wins)\n"
        );
        let (unicode, _) = analysis("cram", "..|..");
        assert_eq!(unicode, "value: 0\noutcome: P (second player wins)\n");
        let json = serde_json::to_value(facts("cram", "...", None, true).unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"value": "*", "outcome": "N", "nimber": 1})
        );
    }

    #[test]
    fn json_holds_every_fact_exactly() {
        let json =
            serde_json::to_value(facts("domineering", "...|...", None, true).unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "value": "{2|-1/2}", "outcome": "N", "left_stop": "2", "right_stop": "-1/2",
                "mean": "3/4", "temperature": "5/4",
                "atomic_weight_undefined": "atomic weight is defined only for all-small games, \
                                            and this game has the number 2 among its positions",
                "reduced": "{2|-1/2}", "birthday": 3
            })
        );
    }

    #[test]
    fn prints_domineering_values_in_cgsuite_notation() {
        let domineering = |grid: &str| value("domineering", grid, None).unwrap();
        assert_eq!(domineering("...|..."), "{2|-1/2}");
        assert_eq!(domineering("..|.#"), "*");
    }

    #[test]
    fn prints_cram_grundy_values_as_nimbers() {
        let cram = |grid: &str| value("cram", grid, None).unwrap();
        // A strip of n cells is Dawson's Kayles: 0, 0, 1, 1, 2, 0, 3 for n = 0..6.
        let strips: Vec<String> = (1..=6).map(|n| cram(&".".repeat(n))).collect();
        assert_eq!(strips, ["0", "*", "*", "*2", "0", "*3"]);
        // Even by even boards are second-player wins (the central reflection).
        assert_eq!(cram("..|.."), "0");
        assert_eq!(cram("....|....|....|...."), "0");
        assert_eq!(cram("..|.#"), "*");
        // Regions add by nim-addition: *2 + *3 = *.
        assert_eq!(cram("....#......"), "*");
    }

    #[test]
    fn refuses_bad_grids_with_a_reason() {
        for game in ["domineering", "cram"] {
            let err = value(game, "..|.o", None).unwrap_err().to_string();
            assert!(err.contains("row 2, column 2"), "{err}");
            let err = value(game, "...|..", None).unwrap_err().to_string();
            assert!(err.contains("same length"), "{err}");
        }
        // Cram's boards hold at most 64 cells, Domineering's 128: a 5 x 13
        // board whose only free cells are two side by side.
        let mut rows = vec!["#".repeat(13); 5];
        rows[4].replace_range(..2, "..");
        let wide = rows.join("|");
        assert_eq!(value("domineering", &wide, None).unwrap(), "-1");
        let err = value("cram", &wide, None).unwrap_err().to_string();
        assert!(err.contains("more than 64 cells"), "{err}");
    }

    #[test]
    fn refuses_a_region_past_the_cell_limit_saying_how_to_raise_it() {
        // Domineering refuses a 5 x 8 (40 cells, past its ceiling) and a 6 x 6
        // (36, raisable), naming the worst cost measured at its limit; Cram, whose
        // default is its own, takes a 6 x 6 (the half turn settles it at once)
        // and a 1 x 40 strip, but not a 6 x 7.
        let err = value("domineering", &["........"; 5].join("|"), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("a region of 40 free cells"), "{err}");
        assert!(
            err.contains("worst 32-cell Domineering region measured"),
            "{err}"
        );
        // 40 is past Domineering's ceiling of 36: no raise is offered.
        assert!(
            err.contains("--max-cells raises the limit up to its ceiling of 36 ("),
            "{err}"
        );
        assert!(!err.contains("--max-cells 40"), "{err}");
        let err = value("domineering", &["......"; 6].join("|"), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("--max-cells 36"), "{err}");
        let six = ["......"; 6].join("|");
        assert_eq!(value("cram", &six, None).unwrap(), "0");
        assert!(value("cram", &".".repeat(40), None).is_ok());
        let err = value("cram", &["......."; 6].join("|"), None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("worst 40-cell Cram region measured"), "{err}");
        assert!(err.contains("--max-cells 42"), "{err}");
        // The limit is on regions: two 3 x 3 rooms on a 3 x 7 board are within 8 cells.
        let rooms = "...#...|...#...|...#...";
        assert_eq!(value("domineering", rooms, Some(9)).unwrap(), "0");
        assert!(value("domineering", rooms, Some(8)).is_err());
    }

    #[test]
    fn prints_amazons_values_summed_over_regions_and_refuses_a_large_region() {
        let amazons = |grid: &str| value("amazons", grid, None).unwrap();
        // Hand-worked on a strip: Left's amazon with one empty square can
        // move there and burn its old square (1); with two, 2.
        assert_eq!(amazons("L."), "1");
        assert_eq!(amazons("L.."), "2");
        // Two strips apart: 1 + -1 = 0.
        assert_eq!(amazons("L.|##|R."), "0");
        let err = value("amazons", "L.#|..x", None).unwrap_err().to_string();
        assert!(err.contains("row 2, column 3"), "{err}");
        let open = ["....."; 3].join("|").replacen('.', "L", 1);
        let err = value("amazons", &open, None).unwrap_err().to_string();
        assert!(err.contains("14 empty squares"), "{err}");
        // 14 is past Amazons' ceiling of 12: no raise is offered.
        assert!(
            err.contains("--max-cells raises the limit up to its ceiling of 12 ("),
            "{err}"
        );
        assert!(!err.contains("--max-cells 14"), "{err}");
    }

    #[test]
    fn prints_green_hackenbush_values_as_nimbers() {
        let hackenbush = |edges: &str| value("hackenbush", edges, None).unwrap();
        // A triangle on the ground fuses to three loops: *; a stalk of two is *2.
        assert_eq!(hackenbush("0-1 1-2 2-0"), "*");
        assert_eq!(hackenbush("0-1 1-2"), "*2");
        assert_eq!(hackenbush("0-0 0-0"), "0");
        let err = value("hackenbush", "0-1 1:2", None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("`1:2` at column 5"), "{err}");
    }

    #[test]
    fn an_unknown_game_is_refused() {
        assert!(
            value("chess", "...", None)
                .unwrap_err()
                .to_string()
                .contains("no game")
        );
    }
}
