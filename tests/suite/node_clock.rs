//! The node clock (`umax match --clock nodes`, `--tc-nodes`): a game under a clock is a pure
//! function of builds, opening and budget. The same command twice gives the same rows and PGN
//! (but for the seconds), seeded jitter is reproducible and its seed matters, the settings, PGN
//! and command.txt say which clock played, bad combinations are refused, and every build with a
//! C twin plays the games two processes of its C play when each think is sent its limit
//! (`umax verify-c`). The C part is skipped without gcc, patch or stdbuf (fails under CI=true).

use crate::ci_env::Tool;
use crate::common;
use crate::match_common::*;
use micromax::builds::{ALL, Build};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use umax::games_csv::GameRow;
use umax::oracle::replay_with_c;
use umax::pairing::Pairing;

/// 150,000 nodes a side on a clock that wavers per think (sd 0.1), seed 3: the C replays it.
const WAVERING_150K: [&str; 6] = [
    "--tc-nodes",
    "150000",
    "--clock-jitter",
    "0.1",
    "--jitter-seed",
    "3",
];

const BITS: &str = "16";

/// A node-clock match of `games` games in `dir` with `extra` arguments.
fn node_match(dir: &Path, games: &str, extra: &[&str]) -> Vec<GameRow> {
    let mut args = vec![
        "--games",
        games,
        "--hash-bits",
        BITS,
        "--max-plies",
        "160",
        "--out",
        path_str(dir),
    ];
    args.extend(extra);
    run_ok(&args);
    rows(dir)
}

/// The PGN's games in game order (two workers write them as they end), without what records
/// seconds or the day: the per-move comments' `0.123s` and the `*Seconds` and `Date` tags.
fn pgn_timeless(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let mut games: Vec<(u64, String)> = Vec::new();
    for game in text.split("[Event ").filter(|g| !g.trim().is_empty()) {
        let mut round = 0;
        let mut words: Vec<&str> = Vec::new();
        for line in game.lines() {
            if let Some(r) = line.strip_prefix("[Round \"") {
                round = r.trim_end_matches("\"]").parse().unwrap();
            }
            if line.starts_with("[Date ") || line.contains("Seconds \"") {
                continue;
            }
            // the movetext's line breaks follow the width of the seconds: words, not lines
            words.extend(line.split_whitespace().filter(|w| {
                let w = w.trim_end_matches('}');
                !(w.ends_with('s')
                    && w[..w.len() - 1].contains('.')
                    && w[..w.len() - 1].parse::<f64>().is_ok())
            }));
        }
        let out = words.join(" ");
        games.push((round, out));
    }
    games.sort();
    games.into_iter().map(|(_, g)| g).collect()
}

#[test]
fn a_node_clock_match_twice_gives_the_same_games() {
    let clock = ["--tc-nodes", "400000"];
    let (a, b) = (scratch("twice-a"), scratch("twice-b"));
    let ra = node_match(&a, "6", &clock);
    let rb = node_match(&b, "6", &clock);
    assert_eq!(ra.len(), 6);
    assert_eq!(timeless(ra.clone()), timeless(rb));
    let pgn = pgn_timeless(&a);
    assert_eq!(pgn.len(), 6);
    assert_eq!(pgn, pgn_timeless(&b));
    // the clock decided the games: each side spent about its budget, some lost on time
    let settings = &ra[0].settings;
    assert!(settings.contains(";node_clock=400000;"), "{settings}");
    assert!(
        ra.iter()
            .all(|r| r.test_nodes < 400_000 + 200_000 && r.base_nodes < 400_000 + 200_000)
    );
    assert!(
        ra.iter().any(|r| r.test_nodes > 300_000),
        "the budget was spent"
    );
    let pgn = std::fs::read_to_string(a.join("games.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"400000 nodes\"]"), "{pgn}");
    let command = std::fs::read_to_string(a.join("command.txt")).unwrap();
    assert!(command.contains("--tc-nodes 400000"), "{command}");
    assert!(
        command.contains("clock: nodes (node_clock=400000"),
        "{command}"
    );
}

#[test]
fn seconds_at_the_reference_speed_are_the_same_clock_as_its_nodes() {
    let (a, b) = (scratch("seconds-a"), scratch("seconds-b"));
    // 0.5 s at 600,000 nodes/s (the 2006 reference) is 300,000 nodes a side
    let ra = node_match(
        &a,
        "2",
        &["--clock", "nodes", "--tc", "0.5", "--tc-scale", "2006"],
    );
    let rb = node_match(&b, "2", &["--tc-nodes", "300000"]);
    assert_eq!(timeless(ra), timeless(rb));
}

#[test]
fn a_sweep_gives_each_pair_its_budget() {
    let dir = scratch("sweep");
    let rows = node_match(
        &dir,
        "4",
        &["--tc-nodes", "200000", "--tc-nodes-step", "200000"],
    );
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert_eq!(pgn.matches("[TimeControl \"200000 nodes\"]").count(), 2);
    assert_eq!(pgn.matches("[TimeControl \"400000 nodes\"]").count(), 2);
    // pair 2's sides had twice pair 1's nodes
    let spent = |pair: u64| -> u64 {
        rows.iter()
            .filter(|r| r.pair == pair)
            .map(|r| r.test_nodes + r.base_nodes)
            .sum()
    };
    assert!(spent(2) > spent(1), "{} vs {}", spent(2), spent(1));
    assert!(rows[0].settings.contains("node_clock_step=200000"));
}

#[test]
fn jitter_is_seeded_and_reproducible() {
    let with = |name: &str, seed: &str| {
        let dir = scratch(name);
        node_match(
            &dir,
            "4",
            &[
                "--tc-nodes",
                "400000",
                "--clock-jitter",
                "0.05",
                "--jitter-seed",
                seed,
            ],
        )
    };
    let a = timeless(with("jitter-a", "7"));
    assert_eq!(a, timeless(with("jitter-b", "7")), "same seed, same games");
    let other = timeless(with("jitter-c", "8"));
    let nodes = |rows: &[GameRow]| -> Vec<(u64, u64)> {
        rows.iter().map(|r| (r.base_nodes, r.test_nodes)).collect()
    };
    assert_ne!(nodes(&a), nodes(&other), "another seed, other thinks");
    let plain = timeless(node_match(
        &scratch("jitter-none"),
        "4",
        &["--tc-nodes", "400000"],
    ));
    assert_ne!(nodes(&a), nodes(&plain));
    assert!(
        a[0].settings
            .contains(";node_clock=400000;clock_jitter=0.05;jitter_seed=7"),
        "{}",
        a[0].settings
    );
}

#[test]
fn bad_node_clocks_are_refused_before_any_game() {
    let dir = scratch("refused");
    let out_dir = dir.join("run");
    let cases: &[(&[&str], &str)] = &[
        (&["--clock", "nodes"], "needs --tc SECONDS and --tc-scale"),
        (&["--clock", "nodes", "--tc", "15"], "needs --tc-scale"),
        (
            &["--tc-nodes", "1000", "--clock-jitter", "0.5"],
            "from 0 to 0.25",
        ),
        (&["--tc-nodes", "1000", "--clock-jitter", "0"], "above 0"),
        (&["--clock-jitter", "0.02"], "the node clock's"),
        (
            &["--nodes", "5000", "--tc-nodes-step", "10"],
            "the node clock's",
        ),
        (&["--tc-nodes", "0"], "at least 1"),
        (&["--tc", "15", "--tc-nodes", "1000"], "cannot be used with"),
        (&["--tc-nodes", "1000", "--hard-deadline"], "--tc"),
    ];
    for (args, needle) in cases {
        let mut all = vec!["--games", "2", "--out", path_str(&out_dir)];
        all.extend(*args);
        let out = run_match(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} was accepted");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!out_dir.join("games.csv").exists(), "{args:?} wrote rows");
    }
}

/// The instrumented C twin of every build that has one (any node limit: the node clock sends
/// each think's), or `None` (skip) without gcc, patch or stdbuf.
fn twins() -> Option<HashMap<Build, PathBuf>> {
    let text = common::build_original(
        "the C replay of node-clock games",
        &[Tool::Stdbuf],
        &["--nodes", "1e7", "--hash-bits", BITS, "--build", "all"],
    )?;
    Some(
        text.lines()
            .map(|l| {
                let f: Vec<&str> = l.split(' ').collect();
                (f[0].parse().unwrap(), PathBuf::from(f[2]))
            })
            .collect(),
    )
}

/// Every build with a C twin: node-clock games against the default base, with and without
/// jitter, each played again by the two C twins, the limit of every think sent as the match
/// computed it. Small budgets, so that some games are lost on time.
#[test]
fn the_c_replays_node_clock_games_of_every_twin() {
    let Some(map) = twins() else {
        return;
    };
    let base = Pairing::default().builds().unwrap().0;
    let mut terminations = Vec::new();
    for &b in ALL.iter().filter(|b| b.c_twin()) {
        let pairing = if b == base {
            format!("{base},{}", Pairing::default().builds().unwrap().1)
        } else {
            format!("{base},{b}")
        };
        let (bb, tb): (Build, Build) = {
            let (x, y) = pairing.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        };
        let dir = scratch(&format!("c-{b}"));
        let rows = node_match(&dir, "2", &["--builds", &pairing, "--tc-nodes", "150000"]);
        let jdir = scratch(&format!("c-{b}-jitter"));
        let jrows = node_match(
            &jdir,
            "2",
            &[&["--builds", &pairing][..], &WAVERING_150K[..]].concat(),
        );
        for row in rows.iter().chain(&jrows) {
            if let Err(e) = replay_with_c(row, &map[&bb], &map[&tb]) {
                panic!("{pairing} ({}): {e}", row.settings);
            }
            terminations.push(row.termination.clone());
        }
    }
    assert!(
        terminations.iter().any(|t| t == "no_move"),
        "no think without an iteration (its limit 1 or less): that case went untested ({terminations:?})"
    );
}

/// A game lost on the node clock: the loser's last think, whose move is not in the row, is
/// replayed too (pair 1 of the default openings at 600,000 nodes a side loses on time).
#[test]
fn the_c_replays_a_game_lost_on_the_node_clock() {
    let Some(map) = twins() else {
        return;
    };
    let dir = scratch("c-forfeit");
    let rows = node_match(&dir, "2", &["--tc-nodes", "600000"]);
    assert!(
        rows.iter().any(|r| r.termination == "time_forfeit"),
        "{:?}",
        rows.iter().map(|r| &r.termination).collect::<Vec<_>>()
    );
    let p = Pairing::default().builds().unwrap();
    for row in &rows {
        assert_eq!(replay_with_c(row, &map[&p.0], &map[&p.1]), Ok(()));
    }
}

/// The replay is not vacuous: another budget or seed in the settings is caught.
#[test]
fn another_clock_in_the_row_is_caught_by_the_c() {
    let Some(map) = twins() else {
        return;
    };
    let dir = scratch("c-caught");
    let rows = node_match(&dir, "2", &WAVERING_150K);
    let p = Pairing::default().builds().unwrap();
    let (old_c, sd_c) = (&map[&p.0], &map[&p.1]);
    assert_eq!(replay_with_c(&rows[0], old_c, sd_c), Ok(()));
    let mut budget = rows[0].clone();
    budget.settings = budget
        .settings
        .replace("node_clock=150000", "node_clock=200000");
    assert!(replay_with_c(&budget, old_c, sd_c).is_err());
    let mut seed = rows[0].clone();
    seed.settings = seed.settings.replace("jitter_seed=3", "jitter_seed=4");
    assert!(replay_with_c(&seed, old_c, sd_c).is_err());
}

/// A game between a build with a C twin and one without (micro-Max 4.8, whose C stays out of the
/// repository): `umax verify-c` replays the twin's side alone, the other side's moves fed from
/// the row as the referee fed them; its moves, nodes and depth must be the row's, and every move
/// fed to it must be played (the last one refused when the game ended `engine_rejected_move`).
#[test]
fn the_c_replays_one_side_of_a_game_against_4_8() {
    let Some(map) = twins() else {
        return;
    };
    let old = Build::Old;
    let dir = scratch("c-one-side");
    let rows = node_match(&dir, "2", &["--builds", "old,mm48", "--tc-nodes", "150000"]);
    let c = format!("--c=old={}", path_str(&map[&old]));
    let out = umax()
        .args(["verify-c", path_str(&dir.join("games.csv")), &c])
        .output_within("umax verify-c", Kind::Games.limit());
    let text = crate::common::succeeded(&out, "umax verify-c");
    assert!(
        text.contains("2 games replayed by the C: 2 identical, 0 mismatched")
            && text.contains("mm48's side not replayed")
            && text.contains("old's side, nodes"),
        "{text}"
    );
    // not vacuous: one node more, or the last move said to be refused, is caught
    let replay = |r: &GameRow| umax::oracle::replay_sides(r, Some(&map[&old]), None, 10.0);
    assert_eq!(replay(&rows[0]), Ok(()));
    let mut nodes = rows[0].clone();
    nodes.base_nodes += 1;
    assert!(replay(&nodes).unwrap_err().contains("C node total of old"));
    // a game said to end on old's refusal of mm48's last move (old to move after it: else the
    // row loses its last move, old's, so that mm48's move before it is the last): the C plays
    // that move, and then its own move or none (mated), a refusal of neither
    let mut refused = rows[0].clone();
    let old_colour = usize::from(refused.white != "old");
    let mut moves: Vec<&str> = refused.moves.split_whitespace().collect();
    if moves.len() % 2 != old_colour {
        moves.pop();
    }
    refused.moves = moves.join(" ");
    refused.termination = "engine_rejected_move".into();
    let err = replay(&refused).unwrap_err();
    assert!(
        err.contains("old's C played the last move and then")
            && err.contains("the row says it refused a legal move"),
        "{err}"
    );
    // a twin given for the build without one is refused
    let out = umax()
        .args([
            "verify-c",
            path_str(&dir.join("games.csv")),
            &c,
            "--c=mm48=/bin/true",
        ])
        .output_within("umax verify-c", Kind::Games.limit());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mm48 has no C twin"));
}

/// Game 283 of `results/mm48-vs-old-15`: 3.2 (`old`, White) refused 4.8's legal `a7a6` at the
/// 68th ply (`engine_rejected_move`). 3.2's C at the game's table size, fed the same moves and
/// thinking under the same node clock, plays every move of old and refuses `a7a6` too; said to
/// have ended otherwise, the row is caught (the C would have to play the move).
#[test]
fn a_legal_move_3_2_refused_against_4_8_is_refused_by_its_c() {
    let Some(text) = common::build_original(
        "the C replay of a refused move",
        &[Tool::Stdbuf],
        &["--nodes", "1e7", "--hash-bits", "24", "--build", "old"],
    ) else {
        return;
    };
    let c = PathBuf::from(text.split_whitespace().nth(2).unwrap());
    let csv = common::root().join("results/mm48-vs-old-15/games.csv");
    let rows = umax::report::read_games(&[csv]).unwrap();
    let row = rows.iter().find(|r| r.game == 283).unwrap();
    assert_eq!(
        (row.termination.as_str(), row.white.as_str(), row.plies),
        ("engine_rejected_move", "old", 68)
    );
    assert!(row.moves.ends_with(" a7a6"));
    let replay = |r: &GameRow| umax::oracle::replay_sides(r, Some(&c), None, 10.0);
    assert_eq!(replay(row), Ok(()));
    let mut ended = row.clone();
    ended.termination = "time_forfeit".into();
    let err = replay(&ended).unwrap_err();
    assert!(err.contains("ply 68: old's C refuses a7a6"), "{err}");
}

/// `umax reproduce`, made small: the same seed plays the same games, another seed other ones
/// (another machine), it prints the post's figures beside its own, and the C replays its games
/// (wavering per game and per think included).
#[test]
fn the_2006_match_command_is_seeded_and_replayed_by_the_c() {
    // the match of four games at 200,000 nodes a side with `seed`, into `dir`
    let four_games = |seed: &'static str, dir: &std::path::Path| {
        let mut c = umax();
        c.args([
            "reproduce",
            "--budget",
            "200000",
            "--games",
            "4",
            "--seed",
            seed,
        ])
        .args(["--no-progress", "--out", path_str(dir)]);
        c
    };
    let play = |name: &str, seed: &'static str| {
        let dir = scratch(name);
        let out = four_games(seed, &dir)
            .args(["--concurrency", "2"])
            .output_within("umax reproduce", Kind::Games.limit());
        let text = common::succeeded(&out, "umax reproduce");
        (timeless(rows(&dir)), text, dir)
    };
    let (a, text, dir) = play("reproduce-a", "3");
    for needle in [
        "The 2006 post: sd scored 57.5-42.5 (57.5%) at 15 sec per game, it used 3.6% more time",
        "This match:    sd scored ",
        "(200,000 nodes a side, seed 3)",
        "Unbiased:      sd scores 51.1% over 11,600 games",
    ] {
        assert!(text.contains(needle), "{needle:?} not in:\n{text}");
    }
    assert!(
        a[0].settings.contains(
            "node_clock=200000;clock_jitter=0.09;game_jitter=0.1;jitter_seed=3;max_plies=400;hash_bits=24;openings=startpos.pgn;openings_hash=cf15607d4a9faff1"
        ),
        "{}",
        a[0].settings
    );
    assert_eq!(a, play("reproduce-b", "3").0, "same seed, same games");
    let nodes = |rows: &[GameRow]| -> Vec<(u64, u64)> {
        rows.iter().map(|r| (r.base_nodes, r.test_nodes)).collect()
    };
    assert_ne!(
        nodes(&a),
        nodes(&play("reproduce-c", "4").0),
        "another seed, another machine"
    );
    // the same directory resumes: nothing left to play, the same rows
    let again = four_games("3", &dir)
        .arg("--resume")
        .output_within("umax reproduce --resume", Kind::Games.limit());
    common::succeeded(&again, "umax reproduce --resume");
    assert_eq!(timeless(rows(&dir)), a);
    let Some(text) = common::build_original(
        "the C replay of the 2006 match command's games",
        &[Tool::Stdbuf],
        &["--nodes", "1e7", "--build", "old,sd"],
    ) else {
        return;
    };
    let c: HashMap<&str, &str> = text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (f[0], f[2])
        })
        .collect();
    for row in &a {
        if let Err(e) = replay_with_c(row, Path::new(c["old"]), Path::new(c["sd"])) {
            panic!("game {}: {e}", row.game);
        }
    }
}
