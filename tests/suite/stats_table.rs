//! Table tests of `umax::stats`.
//!
//! Every expected value below was computed independently with plain Python 3 (math module
//! only) by `tests/data/stats_expected.py`: the cutechess-cli formulas for score, interval, Elo
//! and LOS, and fishtest's `LLR_alt2` normal approximation for the LLR (on the counts plus half
//! a sample per category, see `umax::stats::llr`; fishtest's own LLRs for its sample data differ
//! from these by less than 3e-3). Two rows are fishtest's own sample data
//! (`stat_util.py`'s self-test: W/D/L 65388/56553/65804, pentanomial
//! [10789, 19328, 33806, 19402, 10543], and [1187, 7410, 13475, 7378, 1164]).
//!
//! Undefined estimates (`None` in Rust, `None` in the Python script) are written `U` (NaN) in
//! the tables below and checked with [`check`]: `U` expects `None`, a number expects `Some`
//! close to it. The degenerate rows (0 games, 1 game, all wins, all draws, all pairs 1-1, one
//! pair) are the ones that printed `nan`, `inf` or `0.00 +/- 0.00` before.

use approx::assert_relative_eq;
use umax::stats::{
    EloInterval, Outcomes, Pentanomial, Results, Sprt, SprtStatus, Trinomial, elo_from_score, erf,
    erfc, llr, phi, score_from_elo,
};

const EPS: f64 = 1e-9;
/// "Undefined": the estimate must be `None`.
const U: f64 = f64::NAN;

/// `got` is `None` when `want` is [`U`], else `Some` within `tol` of `want`.
fn check(what: &str, got: Option<f64>, want: f64, tol: f64) {
    match got {
        None => assert!(want.is_nan(), "{what}: undefined, expected {want}"),
        Some(g) => {
            assert!(g.is_finite(), "{what}: {g} is not finite");
            assert!(!want.is_nan(), "{what}: {g}, expected undefined");
            assert!((g - want).abs() <= tol, "{what}: {g}, expected {want}");
        }
    }
}

/// (W, D, L) -> (score, variance, low, high, elo, pm, los, draw ratio)
#[allow(clippy::type_complexity)]
const TRINOMIAL: &[((u64, u64, u64), [f64; 8])] = &[
    (
        (120, 50, 80),
        [
            0.58,
            0.1936,
            0.5254580371571985,
            0.6345419628428014,
            56.0714812660147,
            39.07188268970755,
            0.9976611325094764,
            0.2,
        ],
    ),
    (
        (13543, 34333, 13624),
        [
            0.49934146341463415,
            0.11043452567915923,
            0.49671505072382777,
            0.5019678761054406,
            -0.4575983528452417,
            1.8250384138022064,
            0.31156016993349944,
            0.558260162601626,
        ],
    ),
    (
        (5, 20, 5),
        [
            0.5,
            0.08333333333333333,
            0.3967008279492397,
            0.6032991720507602,
            0.0,
            72.82784896753745,
            0.5,
            0.6666666666666666,
        ],
    ),
    (
        (3, 2, 1),
        [
            0.6666666666666666,
            0.13888888888888887,
            0.36846764271380716,
            0.9648656906195261,
            120.41199826559247,
            334.54633871880424,
            0.8413447460685429,
            0.3333333333333333,
        ],
    ),
    // One win, one draw: the normal interval (0.4035, 1.0966) is clamped to 1.0, so the Elo
    // interval has no upper bound: no +/- (it used to be +/- inf).
    (
        (1, 1, 0),
        [
            0.75,
            0.0625,
            0.4035240439125805,
            1.0,
            190.848501887865,
            U,
            0.8413447460685429,
            0.5,
        ],
    ),
    // One win, one loss: the score interval is all of [0, 1].
    ((1, 0, 1), [0.5, 0.25, 0.0, 1.0, 0.0, U, 0.5, 0.0]),
    // Degenerate rows. No games: nothing is defined but LOS 0.5 (it used to be nan).
    ((0, 0, 0), [U, U, U, U, U, U, 0.5, U]),
    // One game (a win, a draw): no spread, so no interval.
    ((1, 0, 0), [1.0, 0.0, U, U, U, U, 0.8413447460685429, 0.0]),
    ((0, 1, 0), [0.5, 0.0, U, U, 0.0, U, 0.5, 1.0]),
    // All wins (two, ten) and all losses: score 1 or 0, no Elo (it used to be inf +/- inf),
    // no interval.
    ((2, 0, 0), [1.0, 0.0, U, U, U, U, 0.9213503964748575, 0.0]),
    ((10, 0, 0), [1.0, 0.0, U, U, U, U, 0.9992172988709987, 0.0]),
    (
        (0, 0, 10),
        [0.0, 0.0, U, U, U, U, 0.0007827011290012509, 0.0],
    ),
    // All draws: Elo 0, but no interval (it used to be 0 +/- 0).
    ((0, 7, 0), [0.5, 0.0, U, U, 0.0, U, 0.5, 1.0]),
];

#[test]
fn trinomial_table() {
    for &((w, d, l), [score, var, low, high, elo, pm, los, draws]) in TRINOMIAL {
        let t = Trinomial::new(w, d, l);
        let what = format!("W/D/L {w}/{d}/{l}");
        assert_eq!(t.games(), w + d + l);
        check(&format!("{what} score"), t.score(), score, EPS);
        check(&format!("{what} variance"), t.variance(), var, EPS);
        let i = t.interval();
        check(&format!("{what} interval"), i.map(|i| i.score), score, EPS);
        let bounds = i.and_then(|i| i.bounds);
        check(&format!("{what} low"), bounds.map(|b| b.0), low, EPS);
        check(&format!("{what} high"), bounds.map(|b| b.1), high, EPS);
        let e = t.elo();
        check(&format!("{what} elo"), e.and_then(|e| e.elo), elo, 1e-7);
        check(&format!("{what} pm"), e.and_then(|e| e.pm()), pm, 1e-7);
        if let Some(EloInterval {
            elo: Some(elo),
            bounds: Some((low, high)),
        }) = e
        {
            assert!(low < elo + 1e-9 && elo < high + 1e-9, "{what}: {e:?}");
        }
        assert_relative_eq!(t.los(), los, epsilon = EPS);
        check(&format!("{what} draws"), t.draw_ratio(), draws, EPS);
    }
}

/// counts `[LL, LD, DD+WL, WD, WW]` -> (score, variance per pair, low, high, elo, pm)
const PENTANOMIAL: &[([u64; 5], [f64; 6])] = &[
    (
        [10789, 19328, 33806, 19402, 10543],
        [
            0.4988867345634295,
            0.08260012638771336,
            0.497048166700621,
            0.500725302426238,
            -0.7735773359165423,
            1.2775798957280218,
        ],
    ),
    (
        [1187, 7410, 13475, 7378, 1164],
        [
            0.4993630365192396,
            0.04938876263187186,
            0.4968735938741226,
            0.5018524791643566,
            -0.4426077992236841,
            1.7298590276177421,
        ],
    ),
    (
        [3, 10, 20, 12, 5],
        [
            0.53,
            0.0666,
            0.4584680270846346,
            0.6015319729153654,
            20.87120466602867,
            50.23605715757104,
        ],
    ),
    (
        [0, 1, 5, 3, 1],
        [
            0.6,
            0.04,
            0.4760409935390877,
            0.7239590064609123,
            70.43650362227247,
            92.07867010053377,
        ],
    ),
    // Ten 1-1 pairs and one LD pair: a small but real spread.
    (
        [0, 1, 10, 0, 0],
        [
            0.4772727272727273,
            0.005165289256198347,
            0.4348010832834621,
            0.5197443712619925,
            -15.80341651346946,
            29.645606885667007,
        ],
    ),
    // Degenerate rows. No complete pair: nothing is defined (it used to be nan +/- nan).
    ([0, 0, 0, 0, 0], [U, U, U, U, U, U]),
    // One pair (1-1, or 1.5-0.5): a score and an Elo, no interval.
    ([0, 0, 1, 0, 0], [0.5, 0.0, U, U, 0.0, U]),
    ([0, 0, 0, 1, 0], [0.75, 0.0, U, U, 190.848501887865, U]),
    // Every pair 1-1 (move-identical pairs): Elo 0, no interval (it used to be 0 +/- 0).
    ([0, 0, 10, 0, 0], [0.5, 0.0, U, U, 0.0, U]),
    // All pairs won 2-0: no Elo (it used to be inf +/- inf), no interval.
    ([0, 0, 0, 0, 4], [1.0, 0.0, U, U, U, U]),
];

#[test]
fn pentanomial_table() {
    for &(counts, [score, var, low, high, elo, pm]) in PENTANOMIAL {
        let p = Pentanomial::new(counts);
        let what = format!("{counts:?}");
        assert_eq!(p.pairs(), counts.iter().sum::<u64>());
        check(&format!("{what} score"), p.score(), score, EPS);
        check(&format!("{what} variance"), p.variance(), var, EPS);
        let bounds = p.interval().and_then(|i| i.bounds);
        check(&format!("{what} low"), bounds.map(|b| b.0), low, EPS);
        check(&format!("{what} high"), bounds.map(|b| b.1), high, EPS);
        let e = p.elo();
        check(&format!("{what} elo"), e.and_then(|e| e.elo), elo, 1e-7);
        check(&format!("{what} pm"), e.and_then(|e| e.pm()), pm, 1e-7);
    }
}

#[test]
fn pairs_narrow_the_interval_when_pairs_are_correlated() {
    // The same 200 games as W/D/L 60/80/60 (score 0.5): as 100 pairs that each split 1-1, the
    // pentanomial variance is far smaller than the trinomial one.
    let t = Trinomial::new(60, 80, 60);
    let p = Pentanomial::new([0, 10, 80, 10, 0]);
    let pm = |e: Option<EloInterval>| e.and_then(|e| e.pm()).unwrap();
    assert!(pm(p.elo()) < pm(t.elo()) / 2.0);
}

/// (elo0, elo1, counts worst first: L,D,W or LL..WW) -> LLR
const LLR: &[(f64, f64, &[u64], f64)] = &[
    (-3.0, 1.0, &[65804, 56553, 65388], 2.048881760832436),
    (
        -3.0,
        1.0,
        &[10789, 19328, 33806, 19402, 10543],
        2.1314664496411613,
    ),
    (0.2, 0.9, &[39, 2226, 31451, 2412, 40], 2.16014072250522),
    (0.0, 5.0, &[20, 20, 60], 0.8792229216085362),
    (0.0, 50.0, &[10, 15, 60, 10, 5], -9.89397879481392),
    (0.0, 10.0, &[1, 3, 2], 0.04978998292616759),
    // Half a sample is added to every category (fishtest's 1e-3 for empty ones gave 0.092,
    // -0.907 and 0.509 for these three).
    (0.0, 10.0, &[0, 2, 7, 3, 0], 0.04896747722661214),
    (0.0, 10.0, &[0, 1, 10, 0, 0], -0.18203078066140752),
    (0.0, 10.0, &[0, 0, 30, 0, 1], 0.22491725979620458),
    (0.0, 10.0, &[0, 0, 1, 0, 30], 6.489853495518515),
    // No decision on data that cannot carry one: LLR 0 (these were 60.6, -1.87, and the
    // issue's 22.7 after two won games and -16.6 after ten 1-1 pairs).
    (0.0, 10.0, &[0, 0, 0, 0, 4], 0.0),
    (0.0, 10.0, &[0, 3, 0], 0.0),
    (0.0, 10.0, &[0, 0, 2], 0.0),
    (0.0, 10.0, &[0, 0, 10, 0, 0], 0.0),
    (0.0, 10.0, &[0, 0, 1, 0, 0], 0.0),
    (0.0, 5.0, &[0, 0, 0], 0.0),
    (0.0, 5.0, &[0, 0, 0, 0, 0], 0.0),
];

fn results(counts: &[u64]) -> Results {
    match *counts {
        [l, d, w] => Results::Trinomial(Trinomial::new(w, d, l)),
        [a, b, c, d, e] => Results::Pentanomial(Pentanomial::new([a, b, c, d, e])),
        _ => unreachable!(),
    }
}

#[test]
fn llr_table() {
    for &(elo0, elo1, counts, expected) in LLR {
        let got = llr(elo0, elo1, &results(counts));
        assert!(
            (got - expected).abs() <= 1e-9 * expected.abs().max(1e-300),
            "{elo0},{elo1} {counts:?}: llr {got}, expected {expected}"
        );
    }
}

/// The cases: two won games, or ten move-identical pairs (each 1-1), decided the SPRT.
/// Now they continue, and say why.
#[test]
fn sprt_waits_for_data_that_can_carry_a_decision() {
    let s = Sprt::parse("0,10,0.05,0.05").unwrap();
    for counts in [
        &[0, 0, 2][..],
        &[0, 0, 1],
        &[0, 5, 0],
        &[3, 0, 0],
        &[0, 4, 9],
        &[6, 0, 6],
        &[0, 0, 10, 0, 0],
        &[0, 0, 0, 0, 1],
        &[0, 0, 0, 0, 40],
        &[0, 0, 200, 0, 0],
    ] {
        let r = results(counts);
        assert_eq!(s.status(&r), SprtStatus::Continue, "{counts:?}");
        assert_eq!(s.llr(&r), 0.0, "{counts:?}");
        assert!(r.decidable().is_err(), "{counts:?}");
    }
    let why = results(&[0, 0, 2]).decidable().unwrap_err();
    assert!(why.contains("wins, draws and losses"), "{why}");
    let why = results(&[0, 0, 10, 0, 0]).decidable().unwrap_err();
    assert!(why.contains("two different"), "{why}");
    // Once the data can carry a decision, the LLR is the regularized one.
    assert!(results(&[1, 1, 1]).decidable().is_ok());
    assert!(results(&[0, 0, 10, 1, 0]).decidable().is_ok());
    // ... and a strong enough result decides: 30 pairs won 2-0 and one 1-1.
    assert_eq!(s.status(&results(&[0, 0, 1, 0, 30])), SprtStatus::AcceptH1);
}

#[test]
fn sprt_bounds_and_status() {
    let s = Sprt::parse("0, 10, 0.05, 0.05").unwrap();
    assert_eq!(
        s,
        Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05
        }
    );
    // ln(0.05/0.95) and ln(0.95/0.05)
    assert_relative_eq!(s.lower_bound(), -2.9444389791664403, epsilon = EPS);
    assert_relative_eq!(s.upper_bound(), 2.9444389791664403, epsilon = EPS);
    let s2: Sprt = "-3,1,0.1,0.2".parse().unwrap();
    assert_relative_eq!(s2.lower_bound(), (0.2f64 / 0.9).ln(), epsilon = EPS);
    assert_relative_eq!(s2.upper_bound(), (0.8f64 / 0.1).ln(), epsilon = EPS);

    // LLR -10.1 -> H0.
    assert_eq!(
        Sprt::parse("0,50,0.05,0.05")
            .unwrap()
            .status(&results(&[10, 15, 60, 10, 5])),
        SprtStatus::AcceptH0
    );
    assert_eq!(s.status(&results(&[0, 0, 0])), SprtStatus::Continue);
    // fishtest's sample: LLR 2.05 against bounds +-2.94 at alpha = beta = 0.05.
    let fs = Sprt::parse("-3,1,0.05,0.05").unwrap();
    assert_eq!(
        fs.status(&results(&[65804, 56553, 65388])),
        SprtStatus::Continue
    );
    // ... but past the upper bound ln(0.8/0.2) = 1.386 at alpha = beta = 0.2.
    let loose = Sprt::parse("-3,1,0.2,0.2").unwrap();
    assert_eq!(
        loose.status(&results(&[65804, 56553, 65388])),
        SprtStatus::AcceptH1
    );
}

#[test]
fn sprt_parse_rejects_nonsense() {
    for bad in [
        "",
        "0,10,0.05",
        "0,10,0.05,0.05,1",
        "10,0,0.05,0.05",
        "5,5,0.05,0.05",
        "0,10,0,0.05",
        "0,10,0.05,0.7",
        "0,x,0.05,0.05",
        "0,inf,0.05,0.05",
        "NaN,1,0.05,0.05",
    ] {
        assert!(Sprt::parse(bad).is_err(), "accepted '{bad}'");
    }
}

#[test]
fn special_functions() {
    // math.erf / math.erfc / 0.5*erfc(-z/sqrt 2) from Python 3.
    for (x, want) in [
        (0.1, 0.1124629160182849),
        (1.0, 0.8427007929497149),
        (2.0, 0.9953222650189527),
        (2.6, 0.9997639655834707),
        (4.0, 0.9999999845827421),
    ] {
        assert_relative_eq!(erf(x), want, max_relative = 1e-14);
        assert_relative_eq!(erf(-x), -want, max_relative = 1e-14);
    }
    assert_relative_eq!(erfc(3.0), 2.2090496998585438e-05, max_relative = 1e-13);
    assert_relative_eq!(erfc(6.0), 2.1519736712498916e-17, max_relative = 1e-13);
    assert_relative_eq!(phi(-8.0), 6.220960574271819e-16, max_relative = 1e-12);
    assert_relative_eq!(phi(-1.0), 0.15865525393145707, max_relative = 1e-14);
    assert_eq!(phi(0.0), 0.5);
    assert_relative_eq!(phi(1.5), 0.9331927987311419, max_relative = 1e-14);
    assert!(erf(f64::NAN).is_nan());
}

#[test]
fn elo_score_round_trip() {
    assert_eq!(elo_from_score(0.5), 0.0);
    assert_relative_eq!(elo_from_score(0.75), 190.848501887865, epsilon = 1e-9);
    assert_relative_eq!(score_from_elo(190.848501887865), 0.75, epsilon = 1e-12);
    for elo in [-800.0, -50.0, 0.0, 3.5, 400.0] {
        assert_relative_eq!(elo_from_score(score_from_elo(elo)), elo, epsilon = 1e-9);
    }
    assert_eq!(elo_from_score(1.0), f64::INFINITY);
    assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    assert!(elo_from_score(1.5).is_nan() && elo_from_score(f64::NAN).is_nan());
}
