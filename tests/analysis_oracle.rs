//! The game table's analysis against the `cgt` crate (a dev-dependency only:
//! it is AGPL), on random canonical forms and random Domineering positions:
//! canonical form, stops, mean, temperature, thermograph, cooling, reduced
//! form, birthday and, for all-small games, atomic weight. (Atomic weight is
//! compared on all-small games only: `cgt` 0.11 answers for any game, 0 for
//! the number 1 and for ±1, where the calculus defines none and the table
//! says so.)

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::numeric::rational::Rational;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::Domineering as CgtDomineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::thermograph::Thermograph as CgtThermograph;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use ladder::cgt::analysis::Analyse;
use ladder::cgt::canonical::{GameId, GameTable};
use ladder::cgt::dyadic::Dyadic;
use ladder::cgt::partizan::Values;
use ladder::cgt::random::SplitMix64;
use ladder::cgt::thermograph::Thermograph;
use ladder::games::domineering::{Board, Domineering};
use std::collections::HashMap;
use std::str::FromStr;

/// Games of one table written as `cgt`'s canonical forms.
struct Oracle<'a> {
    games: &'a GameTable,
    forms: HashMap<GameId, CanonicalForm>,
}

impl Oracle<'_> {
    fn form(&mut self, g: GameId) -> CanonicalForm {
        if let Some(f) = self.forms.get(&g) {
            return f.clone();
        }
        let t = self.games;
        let left = t.left(g).iter().map(|&o| self.form(o)).collect();
        let right = t.right(g).iter().map(|&o| self.form(o)).collect();
        let f = CanonicalForm::new_from_moves(left, right);
        self.forms.insert(g, f.clone());
        f
    }

    /// Asserts that `cgt` agrees with the table on `g`, whose canonical form
    /// `cgt` has as `f`. Returns whether `g` is all-small.
    fn agrees(&mut self, g: GameId, f: &CanonicalForm) -> bool {
        let t = self.games;
        let name = t.display(g);
        assert_eq!(&self.form(g), f, "canonical form of {name}");
        let ours = (t.left_stop(g), t.right_stop(g), t.mean(g), t.temperature(g));
        let theirs = (
            ours_of(f.left_stop()),
            ours_of(f.right_stop()),
            ours_of(f.mean()),
            ours_of(f.temperature()),
        );
        assert_eq!(ours, theirs, "stops, mean, temperature of {name}");
        assert_eq!(t.birthday(g), f.birthday(), "birthday of {name}");
        same_walls(
            t.thermograph(g),
            &f.thermograph(),
            Rational::from(-1),
            &name,
        );
        let reduced = self.form(t.reduced(g));
        assert_eq!(reduced, f.reduced(), "reduced form of {name}");
        // Cooling by -1 too, where it need not add (so both programs agree
        // on what the definition gives there).
        let temperatures = [-4, -2, -1, 0, 1, 2, 3].map(|j| Dyadic::new(j, 2));
        for temperature in temperatures {
            let cooled = t.cool(g, temperature).expect("above -1");
            let cooled = self.form(cooled);
            assert_eq!(
                cooled,
                f.cool(theirs_of(temperature)),
                "{name} cooled by {temperature}"
            );
        }
        match t.atomic_weight(g) {
            Ok(a) => {
                let a = self.form(a);
                assert_eq!(a, f.atomic_weight(), "atomic weight of {name}");
                true
            }
            Err(_) => false,
        }
    }
}

fn ours_of(x: DyadicRationalNumber) -> Dyadic {
    Dyadic::new(x.numerator(), x.denominator_exponent())
}

fn theirs_of(x: Dyadic) -> DyadicRationalNumber {
    DyadicRationalNumber::new(x.numerator(), x.exponent())
}

fn rational(x: Dyadic) -> Rational {
    theirs_of(x).to_rational()
}

/// Asserts that two thermographs have the same walls from temperature
/// `from` up: equal at every vertex of either (walls are linear between
/// them) and above the last.
fn same_walls(ours: &Thermograph, theirs: &CgtThermograph, from: Rational, name: &str) {
    let mut at: Vec<Rational> = (ours.left_wall().into_iter().chain(ours.right_wall()))
        .map(|p| rational(p.temperature))
        .chain(theirs.left_wall.critical_points.iter().copied())
        .chain(theirs.right_wall.critical_points.iter().copied())
        .chain([from, rational(ours.temperature() + Dyadic::integer(1))])
        .filter(|&t| t >= from)
        .collect();
    at.sort();
    at.dedup();
    for t in at {
        let (num, den) = t.to_fraction().expect("finite");
        let exp = den.trailing_zeros();
        assert_eq!(1 << exp, den, "a dyadic temperature");
        let t_ours = Dyadic::new(num, exp);
        let walls = (
            rational(ours.left_at(t_ours)),
            rational(ours.right_at(t_ours)),
        );
        let expected = (theirs.left_wall.value_at(t), theirs.right_wall.value_at(t));
        assert_eq!(walls, expected, "walls of {name} at {t_ours}");
    }
}

#[test]
fn random_canonical_forms_agree_with_cgt() {
    // 300 random games born by day 3, and 150 all-small ones born by day 4.
    let games = GameTable::new();
    let mut oracle = Oracle {
        games: &games,
        forms: HashMap::new(),
    };
    let mut rng = SplitMix64::new(2028);
    let mut hot = 0;
    for _ in 0..300 {
        let g = rng.game(&games, 3, 3);
        let f = oracle.form(g);
        oracle.agrees(g, &f);
        hot += usize::from(games.temperature(g) > Dyadic::ZERO);
    }
    let mut small = 0;
    for _ in 0..150 {
        let g = rng.all_small_game(&games, 4, 2);
        let f = oracle.form(g);
        small += usize::from(oracle.agrees(g, &f));
    }
    assert!(hot >= 50, "{hot} hot games");
    assert_eq!(small, 150);
}

#[test]
fn domineering_positions_agree_with_cgt() {
    // 200 random positions of boards of up to 16 cells: each cell free with
    // probability 3/4. cgt computes the canonical form from the position.
    let games = GameTable::new();
    let values = Values::new(Domineering::default());
    let mut oracle = Oracle {
        games: &games,
        forms: HashMap::new(),
    };
    let table = ParallelTranspositionTable::new();
    let mut rng = SplitMix64::new(28);
    let (mut hot, mut small, mut direct_count) = (0, 0, 0);
    for i in 0..200 {
        let (rows, cols) = [(4, 4), (3, 5), (2, 7), (3, 4)][i % 4];
        let mut board = Board::empty(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                if rng.below(4) == 0 {
                    board = board.block(r, c);
                }
            }
        }
        let grid = board.to_grid_string();
        let g = values.value(&games, &board.into());
        let position: CgtDomineering = CgtDomineering::from_str(&grid).expect("a grid cgt reads");
        let f = position.canonical_form(&table);
        small += usize::from(oracle.agrees(g, &f));
        hot += usize::from(games.temperature(g) > Dyadic::ZERO);
        // cgt's thermograph straight from the position's moves, never
        // simplified (a search of every line of play: small boards only),
        // agrees from temperature 0 up.
        if board.free_cells() <= 9 {
            let direct = position.thermograph_direct();
            same_walls(games.thermograph(g), &direct, Rational::from(0), &grid);
            direct_count += 1;
        }
    }
    assert!(
        hot >= 50 && small >= 10 && direct_count >= 50,
        "{hot} hot, {small} all-small, {direct_count} searched"
    );
}
