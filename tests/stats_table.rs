//! Table tests of `umax::stats`.
//!
//! Every expected value below was computed independently with plain Python 3 (math module
//! only) by `tests/data/stats_expected.py`: the cutechess-cli formulas for score, interval, Elo
//! and LOS, and fishtest's `LLR_alt2` normal approximation (on `results_to_pdf` with zero counts
//! regularized to 1e-3) for the LLR. Two rows are fishtest's own sample data
//! (`stat_util.py`'s self-test: W/D/L 65388/56553/65804, pentanomial
//! [10789, 19328, 33806, 19402, 10543], and [1187, 7410, 13475, 7378, 1164]).

use approx::assert_relative_eq;
use umax::stats::{
    Pentanomial, Results, Sprt, SprtStatus, Trinomial, elo_from_score, erf, erfc, llr, phi,
    score_from_elo,
};

const EPS: f64 = 1e-9;

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
    // Zero variance: a zero-width interval, Elo 0 +/- 0.
    ((0, 7, 0), [0.5, 0.0, 0.5, 0.5, 0.0, 0.0, 0.5, 1.0]),
];

#[test]
fn trinomial_table() {
    for &((w, d, l), [score, var, low, high, elo, pm, los, draws]) in TRINOMIAL {
        let t = Trinomial::new(w, d, l);
        let what = format!("W/D/L {w}/{d}/{l}");
        assert_eq!(t.games(), w + d + l);
        assert_relative_eq!(t.score(), score, epsilon = EPS);
        assert_relative_eq!(t.variance(), var, epsilon = EPS);
        let i = t.interval();
        assert_relative_eq!(i.score, score, epsilon = EPS);
        assert_relative_eq!(i.low, low, epsilon = EPS);
        assert_relative_eq!(i.high, high, epsilon = EPS);
        let e = t.elo();
        assert!((e.elo - elo).abs() < 1e-7, "{what}: elo {} vs {elo}", e.elo);
        assert!((e.pm - pm).abs() < 1e-7, "{what}: pm {} vs {pm}", e.pm);
        assert!(
            e.low < e.elo + 1e-9 && e.elo < e.high + 1e-9,
            "{what}: {e:?}"
        );
        assert_relative_eq!(t.los(), los, epsilon = EPS);
        assert_relative_eq!(t.draw_ratio(), draws, epsilon = EPS);
    }
}

#[test]
fn trinomial_edges_are_infinite_not_nan() {
    // All wins: score 1, Elo +inf, interval width 0 but one bound infinite, so pm is +inf.
    let t = Trinomial::new(10, 0, 0);
    assert_eq!(t.score(), 1.0);
    assert_eq!(t.elo().elo, f64::INFINITY);
    assert_eq!(t.elo().pm, f64::INFINITY);
    assert_relative_eq!(t.los(), 0.9992172988709987, epsilon = EPS);
    // All losses.
    let t = Trinomial::new(0, 0, 10);
    assert_eq!(t.score(), 0.0);
    assert_eq!(t.elo().elo, f64::NEG_INFINITY);
    assert_eq!(t.elo().pm, f64::INFINITY);
    assert_relative_eq!(t.los(), 0.0007827011290012509, epsilon = 1e-12);
    // One win, one draw: the normal interval (0.4035, 1.0966) is clamped to 1.0.
    let t = Trinomial::new(1, 1, 0);
    let i = t.interval();
    assert_relative_eq!(i.low, 0.4035240439125805, epsilon = EPS);
    assert_eq!(i.high, 1.0);
    assert_relative_eq!(t.elo().elo, 190.848501887865, epsilon = 1e-7);
    assert_eq!(t.elo().high, f64::INFINITY);
    assert_eq!(t.elo().pm, f64::INFINITY);
    // No games: NaN means "no data"; LOS is 0.5; nothing panics.
    let t = Trinomial::default();
    assert!(t.score().is_nan() && t.variance().is_nan() && t.draw_ratio().is_nan());
    let e = t.elo();
    assert!(e.elo.is_nan() && e.low.is_nan() && e.high.is_nan() && e.pm.is_nan());
    assert_eq!(t.los(), 0.5);
}

/// counts -> (score, variance per pair, low, high, elo, pm)
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
];

#[test]
fn pentanomial_table() {
    for &(counts, [score, var, low, high, elo, pm]) in PENTANOMIAL {
        let p = Pentanomial::new(counts);
        assert_eq!(p.pairs(), counts.iter().sum::<u64>());
        assert_relative_eq!(p.score(), score, epsilon = EPS);
        assert_relative_eq!(p.variance(), var, epsilon = EPS);
        let i = p.interval();
        assert_relative_eq!(i.low, low, epsilon = EPS);
        assert_relative_eq!(i.high, high, epsilon = EPS);
        let e = p.elo();
        assert!((e.elo - elo).abs() < 1e-7, "{counts:?}: elo {}", e.elo);
        assert!((e.pm - pm).abs() < 1e-7, "{counts:?}: pm {}", e.pm);
    }
}

#[test]
fn pentanomial_edges() {
    let p = Pentanomial::new([0, 0, 0, 0, 4]);
    assert_eq!(p.score(), 1.0);
    assert_eq!(p.elo().elo, f64::INFINITY);
    assert_eq!(p.elo().pm, f64::INFINITY);
    let p = Pentanomial::default();
    assert!(p.score().is_nan() && p.elo().elo.is_nan() && p.elo().pm.is_nan());
}

#[test]
fn pairs_narrow_the_interval_when_pairs_are_correlated() {
    // The same 200 games as W/D/L 60/80/60 (score 0.5): as 100 pairs that each split 1-1, the
    // pentanomial variance is far smaller than the trinomial one.
    let t = Trinomial::new(60, 80, 60);
    let p = Pentanomial::new([0, 10, 80, 10, 0]);
    assert!(p.elo().pm < t.elo().pm / 2.0);
}

/// (elo0, elo1, counts worst first: L,D,W or LL..WW) -> LLR
const LLR: &[(f64, f64, &[u64], f64)] = &[
    (-3.0, 1.0, &[65804, 56553, 65388], 2.0488098804755284),
    (
        -3.0,
        1.0,
        &[10789, 19328, 33806, 19402, 10543],
        2.1312448707055553,
    ),
    (0.2, 0.9, &[39, 2226, 31451, 2412, 40], 2.1624048244767486),
    (0.0, 5.0, &[20, 20, 60], 0.8832073383814437),
    // Zero counts are regularized to 1e-3, as fishtest does, so these have a variance.
    (0.0, 10.0, &[0, 0, 0, 0, 4], 60.59686059010755),
    (0.0, 10.0, &[0, 3, 0], -1.8654043348202656),
    (0.0, 50.0, &[10, 15, 60, 10, 5], -10.11887463961591),
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
        assert_relative_eq!(got, expected, max_relative = 1e-9);
    }
    assert_eq!(
        llr(0.0, 5.0, &Results::Trinomial(Trinomial::default())),
        0.0
    );
    assert_eq!(
        llr(0.0, 5.0, &Results::Pentanomial(Pentanomial::default())),
        0.0
    );
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

    // LLR 60.6 (all pairs won) -> H1; -1.87 (three draws) -> continue; -10.1 -> H0.
    assert_eq!(s.status(&results(&[0, 0, 0, 0, 4])), SprtStatus::AcceptH1);
    assert_eq!(s.status(&results(&[0, 3, 0])), SprtStatus::Continue);
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
