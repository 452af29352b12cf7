//! `position` against hand-worked positions and the theorems its
//! identities state.

use super::*;
use crate::draw::{Board, Drawing, Role, Shape};
use crate::generators::{Generator, Views};

fn params(game: &str, positions: &[&str]) -> Params {
    let list: Vec<String> = positions.iter().map(|p| format!("{p:?}")).collect();
    let (game, list) = (format!("{game:?}"), format!("[{}]", list.join(", ")));
    Params::from_text(&SPEC, &[("game", &game), ("positions", &list)]).unwrap()
}

fn run(game: &str, positions: &[&str]) -> Results {
    let params = params(game, positions);
    SPEC.check_limits(&params).unwrap();
    let out = Position.run(&params);
    assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    serde_json::from_value(out.data).unwrap()
}

/// The first position of `results`' position view, drawn as a board.
fn first_board(results: &Results) -> Board {
    let Some(Drawing::Catalogue(c)) = results
        .draw("position", &Params::defaults(&SPEC).unwrap())
        .unwrap()
    else {
        panic!("a catalogue")
    };
    let Shape::Board(board) = c.groups[0].items[0].shape.clone() else {
        panic!("a board")
    };
    board
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
        ("chomp", &["3,2", "2"]),
        ("sylver", &["5,7"]),
    ] {
        let r = run(game, positions);
        let p = Params::defaults(&SPEC).unwrap();
        assert!(r.draw("position", &p).unwrap().is_some());
        assert!(r.draw("options", &p).unwrap().is_some());
        let thermograph = r.draw("thermograph", &p).unwrap();
        assert_eq!(thermograph.is_some(), !r.impartial, "{game}");
    }
}

#[test]
fn chomp_positions_are_valued_and_drawn_as_staircases() {
    // The L with arms a and b (poison, a squares above, b to the right) is
    // Nim with heaps a and b (the seeds' Chomp essay): value *(a xor b),
    // lost for the player to move when the arms are equal.
    let r = run("chomp", &["4,1,1,1"]);
    assert_eq!((r.value.as_str(), r.outcome.as_str()), ("0", "P"));
    assert_eq!((r.nimber, r.winning_moves), (Some(0), 0));
    assert_eq!(run("chomp", &["4,1,1"]).value, "*");
    assert_eq!(run("chomp", &["6,1,1"]).value, "*7");
    // A 2 x n bar (two rows) is a first-player win whose one winning bite
    // takes the top-right square (bottom row one longer than the top).
    let r = run("chomp", &["2,2,2,2"]);
    assert_eq!(r.outcome, "N");
    let winning: Vec<&str> = (r.options.iter())
        .filter(|m| m.winning)
        .map(|m| m.position.as_str())
        .collect();
    assert_eq!(winning, ["2,2,2,1"]);
    // The square: a first-player win (strategy stealing), and its needle
    // leaves the L with equal arms.
    let r = run("chomp", &["4,4,4,4"]);
    assert_eq!(r.outcome, "N");
    assert!(
        r.options
            .iter()
            .any(|m| m.winning && m.position == "4,1,1,1")
    );
    // A sum: two equal positions cancel.
    assert_eq!(run("chomp", &["3,2", "3,2"]).outcome, "P");
    let board = first_board(&r);
    assert_eq!((board.rows, board.cols), (4, 4));
    assert_eq!(board.cells[12], Role::Poison);
}

#[test]
fn chomp_and_sylver_refuse_what_they_cannot_value() {
    let err = refused("chomp", "[\"2,3\"]");
    assert!(err.contains("column 2 is taller than column 1"), "{err}");
    let err = refused("chomp", "[\"9,9,9,9,9,9,9,9\"]");
    assert!(
        err.contains("72 squares") && err.contains("limited to 64"),
        "{err}"
    );
    let err = refused("sylver", "[\"4,6\"]");
    assert!(
        err.contains("greatest common divisor 2") && err.contains("not short"),
        "{err}"
    );
    let err = refused("sylver", "[\"5,10\"]");
    assert!(
        err.contains("10 is a sum of numbers named before it"),
        "{err}"
    );
    assert!(refused("sylver", "[\"1,2\"]").contains("1 cannot be named"));
    assert!(refused("sylver", "[\"64,65\"]").contains("numbers up to 63"));
}

#[test]
fn sylver_positions_agree_with_the_full_search() {
    use crate::games::sylver::{Position, Solver};
    // After 2 and 3 only 1 is left: the player to move must name it and
    // loses. After 2 and 5 the gaps are 1 and 3: naming 3 wins.
    let r = run("sylver", &["2,3"]);
    assert_eq!((r.value.as_str(), r.outcome.as_str()), ("0", "P"));
    let r = run("sylver", &["2,5"]);
    assert_eq!((r.value.as_str(), r.winning_moves), ("*", 1));
    assert_eq!(r.options[0].position, "2,5,3");
    // Hutchings: a prime p >= 5 opening wins, so every reply to 5 or 7
    // leaves a position the player to move wins; the outcome and the
    // winning moves against the memoised win/loss search, a second route.
    let mut solver = Solver::default();
    for (p, replies) in [(5, 6..=14), (7, 8..=11)] {
        for r in replies.filter(|r| r % p != 0) {
            let text = format!("{p},{r}");
            let data = run("sylver", &[&text]);
            assert_eq!(data.outcome, "N", "{text}");
            let position = Position::named(&[p, r]).unwrap();
            assert!(solver.wins(position));
            let winning: Vec<String> = (solver.winning_moves(position).iter())
                .map(|m| format!("{text},{m}"))
                .collect();
            let found: Vec<&String> = (data.options.iter())
                .filter(|m| m.winning)
                .map(|m| &m.position)
                .collect();
            assert_eq!(found.len(), winning.len(), "{text}");
            assert!(found.iter().all(|f| winning.contains(f)), "{text}");
        }
    }
    let board = first_board(&run("sylver", &["5,7"]));
    // The numbers 1 to 23, the largest gap of <5, 7>, ten to a row.
    assert_eq!(board.labels.iter().filter(|l| !l.is_empty()).count(), 23);
    assert_eq!(board.cells[4], Role::Member);
    assert_eq!(board.cells[5], Role::Free);
}

#[test]
fn a_long_hackenbush_stalk_is_valued_by_fusion_not_by_comparing_nimbers() {
    // A stalk of 64 edges is *64, and cutting its edge k from the ground
    // (from 0) leaves a stalk of k edges, *k, the rest floating away. The
    // sum's check compared nimbers this large as games, which took time
    // exponential in them: a 48-edge stalk ran past a minute.
    let stalk: Vec<String> = (0..64).map(|i| format!("{i}-{}", i + 1)).collect();
    let r = run("hackenbush", &[&stalk.join(" ")]);
    assert_eq!((r.nimber, r.value.as_str()), (Some(64), "*64"));
    let star = |k: usize| match k {
        0 => "0".to_string(),
        1 => "*".to_string(),
        k => format!("*{k}"),
    };
    let values: Vec<&str> = r.options.iter().map(|m| m.value.as_str()).collect();
    assert_eq!(values, (0..64).map(star).collect::<Vec<_>>());
    // Only the cut at the ground leaves 0, a loss for the next player.
    assert_eq!(r.winning_moves, 1);
    assert!(r.options[0].winning && r.options[0].sum == "0");
}

#[test]
fn the_estimate_takes_each_game_s_largest_figure_and_refuses_one_past_it() {
    // The estimate within 10 s of CPU, and the limit's error past it.
    let within = |game: &str, positions: &[&str]| {
        let p = params(game, positions);
        let ms = estimated_ms(&p).unwrap();
        assert!(ms <= 10_000, "{game} {positions:?}: {ms}");
        SPEC.check_limits(&p).unwrap();
    };
    let past = |game: &str, positions: &[&str]| {
        let err = SPEC
            .check_limits(&params(game, positions))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("estimated milliseconds is ")
                && err.contains(", over the limit of 10000 (milliseconds of CPU")
                && (err.contains("max_estimated_milliseconds = ")
                    || err.contains("ceiling is 60000")),
            "{game} {positions:?}: {err}"
        );
    };
    // 31 and 32 free cells: a 5 x 7 board with 4 and 3 cells blocked (the
    // 31 took 14.7 s of CPU in Domineering).
    let (cells_31, cells_32) = (
        ".......|.......|.......|.......|...####",
        ".......|.......|.......|.......|....###",
    );
    let five = ".....|.....|.....|.....|.....";
    let five_by_six = "......|......|......|......|......";
    within("domineering", &[five_by_six]);
    past("domineering", &[cells_31]);
    within("domineering", &[five, five]);
    past("domineering", &[five_by_six, five_by_six]);
    within("cram", &[cells_31]);
    past("cram", &[cells_32]);
    // Cram's 6 x 6 (36 cells) is within `ladder value`'s limit, not the figure's.
    past("cram", &["......|......|......|......|......|......"]);
    // Four amazons and 8 empty squares; 9 is past `ladder value`'s default.
    let eight = "LR#.|.#..|.##.|..RL";
    within("amazons", &[eight]);
    // A sum is estimated as a region of all its parts' empty squares.
    within("amazons", &["L..|..R", "L..|..R"]);
    past("amazons", &[eight, "L..|..R"]);
    assert!(refused("amazons", r#"["LR..|.#..|.##.|..RL"]"#).contains("9 empty squares"));
    let bar = "8,8,8,8,8,8,8,8";
    within("chomp", &[bar, bar, bar, bar, bar, bar]);
    within("sylver", &["5,7", "5,7", "5,7", "5,7", "5,7", "5,7"]);
    within("hackenbush", &["0-1 1-2"]);
}
