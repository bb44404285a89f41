//! Engines of their own processes at the table (`--engine`): every fault an engine can commit
//! is scored as a forfeit with its reason, the next game is played by a new process, every row
//! is whole and a resume goes on exactly; an engine that cannot play refuses the run before
//! anything is written; Debian's Stockfish (UCI) and Fairy-Max (xboard) play matches and a
//! tournament with the builds (`ci_env::require`: under `CI=true` they must be installed).
//!
//! The faulty engine is `tests/engines/fault_engine.py`: `umax uci` behind a proxy that fails,
//! in one process only, as each test asks.

use crate::ci_env;
use crate::match_common::*;
use std::path::Path;

/// Stockfish as a player named `sf`: one thread, 16 MB of hash.
fn stockfish_engine() -> Vec<String> {
    let cmd = format!("cmd={}", ci_env::STOCKFISH);
    [
        "--engine",
        "name=sf",
        &cmd,
        "option.Threads=1",
        "option.Hash=16",
    ]
    .map(String::from)
    .to_vec()
}

fn fault_engine() -> String {
    crate::common::root()
        .join("tests/engines/fault_engine.py")
        .display()
        .to_string()
}

/// `--engine` of the faulty engine: failing as `mode` says from ply `ply` on, in the process
/// started the `faulty`-th time (the probe is start 1), counting starts in `counter`.
fn faulty(mode: &str, ply: u32, counter: &Path, faulty: u32) -> Vec<String> {
    [
        "--engine".to_string(),
        "name=faulty".into(),
        format!("cmd={}", fault_engine()),
        format!("arg={}", crate::common::umax_bin()),
        format!("arg={mode}"),
        format!("arg={ply}"),
        format!("arg={}", counter.display()),
        format!("arg={faulty}"),
        "timeout=1".into(),
    ]
    .into()
}

const GAMES: &[&str] = &[
    "--builds",
    "old,faulty",
    "--nodes",
    "2000",
    "--max-plies",
    "24",
    "--hash-bits",
    "16",
    "--concurrency",
    "1",
];

/// The processes whose command line names `what` (Linux `/proc`), after waiting up to 2 s for
/// them to go: every engine a run started ends with it.
fn left_running(what: &str) -> Vec<String> {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(2);
    loop {
        let left: Vec<String> = std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
            .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
            .filter(|c| c.contains(what))
            .collect();
        if left.is_empty() || std::time::Instant::now() > until {
            return left;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Plays 4 games with the engine failing as `mode` in its first game's process, checks the
/// first game's termination (`want`, and `detail` in its PGN comment) and that the others were
/// played to a normal end by a new process, then grows the run to 6 games with `--resume`: the
/// first 4 rows unchanged.
fn fault(name: &str, mode: &str, ply: u32, want: &str, detail: &str) {
    let dir = scratch(name);
    let out = dir.join("run");
    let counter = dir.join("starts");
    let mut args = faulty(mode, ply, &counter, 2);
    args.extend(GAMES.iter().map(|s| s.to_string()));
    args.extend(["--out".into(), out.display().to_string()]);
    let mut four = args.clone();
    four.extend(["--games".into(), "4".into()]);
    run_ok(&as_strs(&four));
    let first = rows(&out);
    assert_eq!(first.len(), 4, "{name}: every game has its row");
    let faulted = &first[0];
    assert_eq!(faulted.termination, want, "{name}: {faulted:?}");
    // the faulty engine is Black in game 1 (old is the base): it lost
    assert_eq!(
        (faulted.black.as_str(), faulted.test_score),
        ("faulty", if want == "max_plies" { 0.5 } else { 0.0 }),
        "{name}"
    );
    for r in &first[1..] {
        assert!(
            [
                "max_plies",
                "checkmate",
                "stalemate",
                "threefold",
                "fifty_moves"
            ]
            .contains(&r.termination.as_str()),
            "{name}: game {} after the fault ended {}",
            r.game,
            r.termination
        );
    }
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    assert!(
        pgn.contains(detail),
        "{name}: '{detail}' not in the PGN:\n{pgn}"
    );
    assert_eq!(
        pgn.matches("[Event ").count(),
        4,
        "{name}: a PGN game a row"
    );
    // a resume plays the two games it adds and keeps the four it has
    let mut six = args;
    six.extend(["--games".into(), "6".into(), "--resume".into()]);
    run_ok(&as_strs(&six));
    let grown = rows(&out);
    assert_eq!(grown.len(), 6, "{name}");
    // no engine outlives its run (a hung one included)
    let left = left_running(&counter.display().to_string());
    assert!(left.is_empty(), "{name}: still running: {left:?}");
    assert_eq!(
        timeless(grown[..4].to_vec()),
        timeless(first),
        "{name}: resume changed rows"
    );
}

#[test]
fn an_engine_that_does_not_start_forfeits_and_the_next_game_starts_it_again() {
    fault(
        "nostart",
        "nostart",
        0,
        "engine_start",
        "did not complete its handshake",
    );
}

#[test]
fn an_engine_that_answers_no_handshake_forfeits() {
    fault(
        "silent",
        "silent",
        0,
        "engine_start",
        "sent no 'uciok' within the timeout",
    );
}

#[test]
fn an_engine_that_crashes_mid_game_forfeits() {
    fault(
        "crash",
        "crash",
        9,
        "engine_crash",
        "faulty exited while we waited for 'bestmove'",
    );
}

#[test]
fn an_engine_that_hangs_forfeits_on_time() {
    fault(
        "hang",
        "hang",
        9,
        "engine_stall",
        "faulty sent no move within the time allowed a think",
    );
}

#[test]
fn an_illegal_or_unparsable_move_forfeits() {
    fault(
        "illegal",
        "illegal",
        9,
        "illegal_move",
        "faulty (Black) offered e1e1, which is not legal",
    );
    fault(
        "unparsable",
        "unparsable",
        9,
        "illegal_move",
        "faulty sent 'bestmove xyzzy', which is not a move",
    );
}

#[test]
fn garbage_around_the_answers_is_ignored() {
    // the game goes on: the first game ends as games end
    let dir = scratch("garbage");
    let out = dir.join("run");
    let counter = dir.join("starts");
    let mut args = faulty("garbage", 0, &counter, 2);
    args.extend(GAMES.iter().map(|s| s.to_string()));
    args.extend([
        "--games".into(),
        "2".into(),
        "--out".into(),
        out.display().to_string(),
    ]);
    run_ok(&as_strs(&args));
    let r = rows(&out);
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].termination, "max_plies", "{:?}", r[0]);
}

#[test]
fn an_engine_that_cannot_play_refuses_the_run_before_anything_is_written() {
    let dir = scratch("refused");
    let counter = dir.join("starts");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "--engine".into(),
                "name=faulty".into(),
                "cmd=/no/such/engine".into(),
            ],
            "cannot start faulty /no/such/engine: ",
        ),
        (
            faulty("silent", 0, &counter, 1),
            "did not complete its handshake",
        ),
        (
            {
                let mut a = faulty("ok", 0, &dir.join("c2"), 0);
                a.push("option.NoSuchOption=1".into());
                a
            },
            "has no option 'NoSuchOption'",
        ),
        (
            vec!["--engine".into(), "name=old".into(), "cmd=x".into()],
            "that is a build's name",
        ),
    ];
    for (i, (engine, message)) in cases.into_iter().enumerate() {
        let out = dir.join(format!("out{i}"));
        let mut args = engine;
        args.extend(GAMES.iter().map(|s| s.to_string()));
        args.extend([
            "--games".into(),
            "2".into(),
            "--out".into(),
            out.display().to_string(),
        ]);
        let o = run_match(&as_strs(&args));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?} was accepted");
        assert!(err.contains(message), "expected '{message}' in:\n{err}");
        assert!(!out.join("games.csv").exists(), "{args:?} wrote games");
    }
    // an xboard engine cannot be given a node budget
    if ci_env::require(ci_env::Tool::FairyMax, "xboard_node_budget_refused") {
        let out = dir.join("xboard-nodes");
        let o = run_match(&[
            "--engine",
            "name=fm",
            &format!("cmd={}", ci_env::FAIRYMAX),
            "proto=xboard",
            "--builds",
            "old,fm",
            "--nodes",
            "1000",
            "--out",
            path_str(&out),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("which has no node limit"), "{err}");
        assert!(!out.join("games.csv").exists());
    }
}

/// Stockfish at a node budget (`go nodes`, one thread: deterministic) against a build, and
/// Fairy-Max (xboard, on a clock with an increment) against another; the PGN names each
/// engine's version line and options, the settings its identity.
#[test]
fn stockfish_and_fairy_max_play_the_builds() {
    let sf = ci_env::require(ci_env::Tool::Stockfish, "stockfish_plays_the_builds");
    let fm = ci_env::require(ci_env::Tool::FairyMax, "fairy_max_plays_the_builds");
    let dir = scratch("real");
    if sf {
        let owned = stockfish_engine();
        let engine: Vec<&str> = owned.iter().map(String::as_str).collect();
        let play = |out: &Path| {
            run_ok(
                &[
                    &engine[..],
                    &[
                        "--builds",
                        "mm48,sf",
                        "--nodes",
                        "3000",
                        "--games",
                        "2",
                        "--max-plies",
                        "60",
                        "--hash-bits",
                        "16",
                        "--out",
                        path_str(out),
                    ],
                ]
                .concat(),
            )
        };
        let out = dir.join("sf");
        play(&out);
        let r = rows(&out);
        assert_eq!(r.len(), 2);
        for row in &r {
            assert!(!row.termination.starts_with("engine_"), "{row:?}");
            assert!(row.test_nodes > 0 && row.settings.contains("engine.sf=uci:Stockfish"));
        }
        let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
        assert!(pgn.contains("[BlackEngine \"Stockfish"), "{pgn}");
        assert!(
            pgn.contains("[BlackEngineOptions \"Threads=1 Hash=16\"]"),
            "{pgn}"
        );
        // at a node budget Stockfish (one thread) and the build replay: the same games again
        let again = dir.join("sf-again");
        let mut args = std::fs::read_to_string(out.join("command.txt")).unwrap();
        args = args.lines().next().unwrap().to_string();
        assert!(args.contains("--nodes 3000"), "{args}");
        play(&again);
        let moves = |d: &Path| rows(d).into_iter().map(|r| r.moves).collect::<Vec<_>>();
        assert_eq!(moves(&out), moves(&again));
    }
    if fm {
        let out = dir.join("fm");
        run_ok(&[
            "--engine",
            "name=fairymax",
            &format!("cmd={}", ci_env::FAIRYMAX),
            "proto=xboard",
            "--builds",
            "old,fairymax",
            "--tc",
            "1+0.02",
            "--games",
            "2",
            "--max-plies",
            "40",
            "--hash-bits",
            "16",
            "--openings",
            path_str(&crate::common::root().join("openings/startpos.pgn")),
            "--out",
            path_str(&out),
        ]);
        let r = rows(&out);
        assert_eq!(r.len(), 2);
        for row in &r {
            assert!(!row.termination.starts_with("engine_"), "{row:?}");
            assert!(
                row.settings
                    .contains("engine.fairymax=xboard:Fairy-Max 5.0b")
            );
        }
        let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
        assert!(pgn.contains("Engine \"Fairy-Max 5.0b\"]"), "{pgn}");
        assert!(pgn.contains("[TimeControl \"1+0.02\"]"), "{pgn}");
    }
}

/// An xboard engine that refuses a legal move it is sent (`Illegal move`) forfeits the game
/// (`engine_rejected_move`); one that resigns loses it (`resignation`); the next game is played
/// (`tests/engines/fault_xboard.py`: Fairy-Max behind a proxy).
#[test]
fn an_xboard_engine_that_refuses_a_move_or_resigns_loses() {
    if !ci_env::require(ci_env::Tool::FairyMax, "xboard_faults") {
        return;
    }
    let dir = scratch("xboard-faults");
    let proxy = crate::common::root().join("tests/engines/fault_xboard.py");
    for (mode, want) in [
        ("refuse", "engine_rejected_move"),
        ("resign", "resignation"),
    ] {
        let out = dir.join(mode);
        run_ok(&[
            "--engine",
            "name=fx",
            &format!("cmd={}", proxy.display()),
            &format!("arg={}", ci_env::FAIRYMAX),
            &format!("arg={mode}"),
            "arg=6",
            "proto=xboard",
            "--builds",
            "old,fx",
            "--tc",
            "5+0.1",
            "--hard-deadline",
            "--games",
            "2",
            "--max-plies",
            "40",
            "--hash-bits",
            "16",
            "--concurrency",
            "1",
            "--openings",
            path_str(&crate::common::root().join("openings/startpos.pgn")),
            "--out",
            path_str(&out),
        ]);
        let r = rows(&out);
        assert_eq!(r.len(), 2, "{mode}");
        for row in &r {
            assert_eq!(
                (row.termination.as_str(), row.test_score),
                (want, 0.0),
                "{mode}: {row:?}"
            );
        }
    }
}

/// A round robin of two builds and Stockfish, rated together.
#[test]
fn a_tournament_mixes_builds_and_an_engine() {
    if !ci_env::require(ci_env::Tool::Stockfish, "tournament_with_stockfish") {
        return;
    }
    let dir = scratch("tournament");
    let out = dir.join("t");
    let o = umax()
        .args(["tournament"])
        .args(stockfish_engine())
        .args([
            "--builds",
            "old,mm48,sf",
            "--nodes",
            "2000",
            "--games-per-pair",
            "2",
            "--max-plies",
            "40",
            "--hash-bits",
            "16",
            "--resamples",
            "50",
            "--no-progress",
            "--out",
            path_str(&out),
        ])
        .stdin(std::process::Stdio::null())
        .output_within("umax tournament", Kind::Games.limit());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ratings = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    for p in ["old", "mm48", "sf"] {
        assert!(
            ratings
                .lines()
                .any(|l| l.starts_with(&format!("{p},")) || l.contains(&format!(",{p},"))),
            "{p} not rated:\n{ratings}"
        );
    }
    let record = std::fs::read_to_string(out.join("tournament.txt")).unwrap();
    assert!(record.contains("engine.sf=uci:Stockfish"), "{record}");
    assert!(out.join("old-sf/games.csv").exists() && out.join("mm48-sf/games.csv").exists());
}
