//! `position` against hand-worked positions and the theorems its
//! identities state.

use super::*;
use crate::generators::{Generator, Views};

fn run(game: &str, positions: &[&str]) -> Results {
    let list: Vec<String> = positions.iter().map(|p| format!("{p:?}")).collect();
    let (game, list) = (format!("{game:?}"), format!("[{}]", list.join(", ")));
    let params = Params::from_text(&SPEC, &[("game", &game), ("positions", &list)]).unwrap();
    SPEC.check_limits(&params).unwrap();
    let out = Position.run(&params);
    assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    serde_json::from_value(out.data).unwrap()
}

/// The error the limits give, naming the parameter.
fn refused(game: &str, positions: &str) -> String {
    let game = format!("{game:?}");
    let params = Params::from_text(&SPEC, &[("game", &game), ("positions", positions)]).unwrap();
    SPEC.check_limits(&params).unwrap_err().to_string()
}

#[test]
fn the_square_is_a_switch_of_temperature_one() {
    // The 2 x 2 square is {1 | -1} = ±1: mean 0, temperature 1, stops 1 and
    // -1; each player's two moves leave the other one move.
    let r = run("domineering", &["..|.."]);
    assert_eq!((r.value.as_str(), r.outcome.as_str()), ("+-1", "N"));
    assert_eq!(
        (r.mean.as_deref(), r.temperature.as_deref()),
        (Some("0"), Some("1"))
    );
    assert_eq!(r.atomic_weight, None);
    let walls = r.thermograph.unwrap();
    // ±1 cooled by t is {1 - t | -1 + t} up to t = 1: walls from (-1, 2)
    // and (-1, -2) to the foot of the mast (1, 0).
    let vertex = |t: &str, v: &str| [t.to_string(), v.to_string()];
    assert_eq!(walls.left, [vertex("-1", "2"), vertex("1", "0")]);
    assert_eq!(walls.right, [vertex("-1", "-2"), vertex("1", "0")]);
    let left: Vec<&str> = (r.options.iter())
        .filter(|m| m.side == "left")
        .map(|m| m.value.as_str())
        .collect();
    assert_eq!(left, ["1", "1"]);
    // Left's moves to 1 win (1 >= 0), as do Right's to -1.
    assert_eq!(r.winning_moves, 4);
}

#[test]
fn a_sum_adds_its_parts_and_their_means() {
    // ±1 + 1 (a vertical strip) = {2 | 0}: mean 1 (0 + 1), temperature 1;
    // Left moving first reaches 2, Right moving first 0, so the first
    // player wins.
    let r = run("domineering", &["..|..", ".|."]);
    assert_eq!(r.value, "{2|0}");
    assert_eq!(
        (r.mean.as_deref(), r.temperature.as_deref()),
        (Some("1"), Some("1"))
    );
    assert_eq!(r.outcome, "N");
    assert_eq!(r.parts.len(), 2);
    assert_eq!(r.parts[1].value, "1");
}

#[test]
fn impartial_games_give_their_nimber_and_winning_moves() {
    // A stalk of two edges is *2: cutting the lower edge leaves 0 (the win),
    // the upper *1.
    let r = run("hackenbush", &["0-1 1-2"]);
    assert_eq!(
        (r.value.as_str(), r.nimber, r.outcome.as_str()),
        ("*2", Some(2), "N")
    );
    assert_eq!(r.winning_moves, 1);
    assert!(r.thermograph.is_none() && r.mean.is_none());
    // Cram's 1 x 3 strip is *: both placements leave a single cell, 0.
    let r = run("cram", &["..."]);
    assert_eq!((r.value.as_str(), r.winning_moves), ("*", 2));
    // *2 + *3 = *: nim-addition.
    let r = run("cram", &["....", "......"]);
    assert_eq!(r.value, "*");
}

#[test]
fn bad_input_names_the_parameter() {
    let err = refused("chess", "[\"..\"]");
    assert!(err.contains("parameter `game`: no game `chess`"), "{err}");
    let err = refused("domineering", "[\"..\", \"..|.x\"]");
    assert!(
        err.contains("parameter `positions`, position 2: grid"),
        "{err}"
    );
    let err = refused("domineering", "[]");
    assert!(err.contains("expected at least one position"), "{err}");
    let big = ["......"; 6].join("|");
    let err = refused("domineering", &format!("[\"{big}\"]"));
    assert!(err.contains("a region of 36 free cells"), "{err}");
}

#[test]
fn every_view_draws_and_the_thermograph_only_for_partizan_games() {
    for (game, positions) in [
        ("domineering", &["..|..", ".|."][..]),
        ("amazons", &["L.R"]),
        ("hackenbush", &["0-1 1-2"]),
    ] {
        let r = run(game, positions);
        let p = Params::defaults(&SPEC).unwrap();
        assert!(r.draw("position", &p).unwrap().is_some());
        assert!(r.draw("options", &p).unwrap().is_some());
        let thermograph = r.draw("thermograph", &p).unwrap();
        assert_eq!(thermograph.is_some(), game != "hackenbush", "{game}");
    }
}
