//! Bad input is refused before any game starts (non-zero exit, a clear message, no games
//! written); errors inside a game end that game, never the match.

use crate::match_common;
use match_common::*;

use std::path::Path;
use umax::matchrun::{Budget, Fault, FaultKind, MatchOptions, OpeningsSource, run};

/// Runs `umax match ARGS`, expects failure with `message` in stderr, and no games anywhere in
/// `dir`.
fn refused(dir: &Path, args: &[&str], message: &str) {
    let out = run_match(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} was accepted");
    assert!(
        err.contains(message),
        "{args:?}: expected '{message}' in:\n{err}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    let games = walk(dir).into_iter().filter(|p| {
        let n = p.file_name().unwrap().to_string_lossy();
        n == "games.csv" || n == "games.pgn"
    });
    assert_eq!(games.count(), 0, "{args:?} wrote games");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            }
            out.push(p);
        }
    }
    out
}

#[test]
fn bad_input_is_refused_before_any_game() {
    let dir = scratch("bad_input");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let out = dir.join("out");
    let out = path_str(&out);
    let base = ["--games", "2", "--nodes", "2000", "--hash-bits", "16"];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter().chain(extra).map(|s| s.to_string()).collect()
    };

    // openings files: (file name, its text or None for no file, more arguments, the message
    // with {file} for the file's path)
    let openings: &[(&str, Option<&str>, &[&str], &str)] = &[
        (
            "openings.txt",
            Some("e2e4 e7e5\n\n# a comment\nd2d4\ne2e4 e2e5\n"),
            &[],
            "{file}:5: 'e2e5' is not legal in this position",
        ),
        (
            "garbage.txt",
            Some("e2e4 hello\n"),
            &[],
            "garbage.txt:1: 'hello' is not a move",
        ),
        ("empty.txt", Some(""), &[], "no openings"),
        ("comments.txt", Some("# nothing\n\n"), &[], "no openings"),
        ("missing.txt", None, &[], "cannot read openings file"),
        (
            "bad.pgn",
            Some("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"),
            &[],
            "bad.pgn: game 1: 'Ke3' is not legal",
        ),
        (
            "fen.epd",
            Some(
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\nnot a fen at all / / / / / / / w - - 0 1\n",
            ),
            &[],
            "fen.epd:2:",
        ),
        (
            "long.txt",
            Some("e2e4 e7e5 g1f3 b8c6\n"),
            &["--max-plies", "4"],
            "long.txt:1: the opening has 4 plies",
        ),
    ];
    for &(name, text, more, message) in openings {
        let file = match text {
            Some(text) => write(name, text),
            None => path_str(&dir.join(name)).to_string(),
        };
        let mut args = with(&["--openings", &file]);
        args.extend(more.iter().chain(&["--out", out]).map(|s| s.to_string()));
        refused(&dir, &as_strs(&args), &message.replace("{file}", &file));
    }

    // settings out of range (each with --out)
    let settings: &[(&[&str], &str)] = &[
        (&["--shard", "3/2"], "K must be between 1 and N"),
        (&["--shard", "1/0"], "N must be at least 1"),
        (&["--games", "0"], "--games must be at least 1"),
        (&["--nodes", "0"], "--nodes must be at least 1"),
        (&["--tc", "0"], "--tc must be a positive number"),
        (&["--tc", "1e99"], "--tc 1e99: at most 86400 seconds"),
        (
            &["--tc", "100", "--tc-scale", "1e9", "--tc-speed", "1000"],
            "at most 86400 (a day)",
        ),
        (&["--tc", "1", "--tc-scale", "1e300"], "from 1000 to 1e10"),
        (&["--nodes", "5", "--tc", "1"], "cannot be used with"),
        (&["--concurrency", "0"], "--concurrency must be at least 1"),
    ];
    for &(args, message) in settings {
        let args: Vec<&str> = args.iter().copied().chain(["--out", out]).collect();
        refused(&dir, &args, message);
    }
    refused(&dir, &["--resume"], "--out");

    // output directories: not empty, a file, under a file
    let full = dir.join("full");
    std::fs::create_dir_all(&full).unwrap();
    std::fs::write(full.join("notes.txt"), "mine").unwrap();
    refused(
        &dir,
        &as_strs(&with(&["--out", path_str(&full)])),
        "not empty",
    );
    let file = write("a-file", "x");
    refused(&dir, &as_strs(&with(&["--out", &file])), "not a directory");
    let under = format!("{file}/run");
    refused(&dir, &as_strs(&with(&["--out", &under])), "cannot write");
    refused(
        &dir,
        &as_strs(&with(&["--out", path_str(&full), "--resume"])),
        "no games.csv",
    );
    assert_eq!(
        std::fs::read_to_string(full.join("notes.txt")).unwrap(),
        "mine"
    );
}

/// A resume that would lose or invent a game is refused, nothing written: a per-game file
/// missing while games.csv holds games, and a row numbered beyond `--games`.
#[test]
fn a_resume_that_would_lose_or_invent_games_is_refused() {
    let root = scratch("resume_refusals");
    let base = root.join("base");
    run_ok(&[&["--games", "2"], SHORT, &["--out", path_str(&base)]].concat());
    let copy = |name: &str| {
        let d = root.join(name);
        std::fs::create_dir_all(&d).unwrap();
        for f in ["games.csv", "games.pgn", "command.txt"] {
            std::fs::copy(base.join(f), d.join(f)).unwrap();
        }
        d
    };
    let resume = |d: &Path| -> String {
        let out = run_match(
            &[
                &["--games", "2"],
                SHORT,
                &["--out", path_str(d), "--resume"],
            ]
            .concat(),
        );
        assert!(!out.status.success(), "resumed {}", d.display());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let no_pgn = copy("no-pgn");
    std::fs::remove_file(no_pgn.join("games.pgn")).unwrap();
    let err = resume(&no_pgn);
    assert!(
        err.contains("games.pgn: missing while games.csv holds 2 games"),
        "{err}"
    );
    assert!(!no_pgn.join("games.pgn").exists(), "nothing written");
    let extra = copy("extra");
    let csv = std::fs::read_to_string(extra.join("games.csv")).unwrap();
    let last = csv.lines().last().unwrap();
    let (_, rest) = last.split_once(',').unwrap();
    let (_, rest) = rest.split_once(',').unwrap();
    let grown = format!("{csv}7,4,{rest}\n");
    std::fs::write(extra.join("games.csv"), &grown).unwrap();
    let err = resume(&extra);
    assert!(
        err.contains("holds game 7, which a match of --games 2 does not have"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(extra.join("games.csv")).unwrap(),
        grown
    );
}

/// A shard that owns no pair plays nothing and names no summary it did not write.
#[test]
fn a_shard_without_pairs_claims_no_summary() {
    let dir = scratch("empty_shard").join("run");
    let out = run_ok(
        &[
            &["--games", "2", "--shard", "2/2"],
            SHORT,
            &["--out", path_str(&dir)],
        ]
        .concat(),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Summary: none"), "{text}");
    assert!(!dir.join("summary.csv").exists());
    assert!(rows(&dir).is_empty());
}

/// The short games of the two runs below (with `--games`).
const SHORT: &[&str] = &["--nodes", "1000", "--hash-bits", "16", "--max-plies", "30"];

#[test]
fn odd_games_round_up_to_pairs() {
    let dir = scratch("odd_games").join("run");
    let out = run_ok(&[&["--games", "3"], SHORT, &["--out", path_str(&dir)]].concat());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games 3 is odd: playing 4"));
    assert_eq!(rows(&dir).len(), 4);
    assert!(rows(&dir)[0].settings.contains("games=4"));
}

#[test]
fn pgn_openings_file_and_default_directory() {
    let dir = scratch("pgn_openings");
    let pgn = dir.join("o.pgn");
    std::fs::write(&pgn, "[Event \"a\"]\n\n1. d4 Nf6 2. c4 (2. Nf3) e6 *\n").unwrap();
    // no --out: a new runs/<timestamp>-nodes1000 directory under the working directory
    let out = umax()
        .current_dir(&dir)
        .args(["match", "--games", "2"])
        .args(SHORT)
        .arg("--openings")
        .arg(&pgn)
        .output_within("umax match (no --out)", Kind::Games.limit());
    crate::common::succeeded(&out, "umax");
    let runs: Vec<_> = std::fs::read_dir(dir.join("runs"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(runs.len(), 1);
    let run_dir = runs[0].path();
    assert!(
        run_dir
            .file_name()
            .unwrap()
            .to_string_lossy()
            .ends_with("-nodes1000")
    );
    let r = rows(&run_dir);
    assert_eq!(r[0].opening, "d2d4 g8f6 c2c4 e7e6");
    assert!(r[0].settings.contains("openings=o.pgn;openings_hash="));
    let command = std::fs::read_to_string(run_dir.join("command.txt")).unwrap();
    assert!(command.contains("command: ") && command.contains("--nodes 1000"));
    assert!(
        command.contains("commit: ")
            && command.contains("machine: ")
            && command.contains("started: ")
    );
    // the commit is the binary's own (build.rs), the one `umax --version` names: in a checkout,
    // the HEAD it was built from, whatever the directory the run starts in
    let build_commit = env!("UMAX_BUILD_COMMIT");
    assert!(
        command.contains(&format!("\ncommit: {build_commit}\n")),
        "{command}"
    );
    let version = umax()
        .arg("--version")
        .output_within("umax --version", Kind::Quick.limit());
    let version = String::from_utf8_lossy(&version.stdout);
    assert!(
        version.contains(&format!("(commit {build_commit}, ")),
        "{version}"
    );
    let head = std::process::Command::new("git")
        .args(["-C", env!("CARGO_MANIFEST_DIR"), "rev-parse", "HEAD"])
        .try_output_within("git rev-parse HEAD", None, Kind::Quick.limit())
        .ok()
        .filter(|o| o.status.success());
    if let Some(head) = head {
        let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
        assert!(
            build_commit.starts_with(&head),
            "built from HEAD {head}, recorded {build_commit}"
        );
    }
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains("Score of sd vs old:"), "{summary}");
}

/// A file's words joined by single spaces (PGN movetext wraps anywhere between words).
fn one_line(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn fault_options(name: &str, fault: Fault) -> MatchOptions {
    let mut o = MatchOptions::new(Some(scratch(name).join("run")));
    o.games = 4;
    o.budget = Budget::Nodes(1000);
    o.hash_bits = 16;
    o.max_plies = 40;
    o.concurrency = 2;
    o.progress = false;
    o.openings = OpeningsSource::Default;
    o.fault = Some(fault);
    o
}

/// Runs the four games of [`fault_options`] with `fault`: the faulted game (`fault.game`) ends
/// with `termination` and `result` after `plies`, and its PGN says `pgn_note`.
fn faulted_run(
    name: &str,
    fault: Fault,
    (termination, result, plies): (&str, &str, u64),
    pgn_note: &str,
) -> umax::matchrun::MatchOutcome {
    let outcome = run(&fault_options(name, fault)).unwrap();
    assert_eq!(outcome.rows.len(), 4);
    let g = &outcome.rows[fault.game as usize - 1];
    assert_eq!(
        (g.game, g.termination.as_str(), g.result.as_str()),
        (fault.game, termination, result)
    );
    assert_eq!(g.plies, plies);
    let pgn = one_line(&outcome.dir.join("games.pgn"));
    assert!(pgn.contains(pgn_note), "{pgn}");
    outcome
}

#[test]
fn an_engine_panic_ends_the_game_not_the_match() {
    // game 2: sd is White; ply 10 (after the 6-ply opening) is White's think
    let fault = Fault {
        game: 2,
        ply: 10,
        kind: FaultKind::Panic,
    };
    let outcome = faulted_run(
        "fault_panic",
        fault,
        ("engine_panic", "0-1", 10),
        "{engine_panic: sd (White)'s engine panicked thinking: injected fault (test)}",
    );
    assert_eq!(outcome.rows[1].test_score, 0.0);
    assert!(
        outcome
            .rows
            .iter()
            .filter(|r| r.game != 2)
            .all(|r| r.termination != "engine_panic")
    );
    // the games after the panic are the games of a run without it (the engine was replaced)
    let clean = run(&{
        let mut o = fault_options("fault_panic_clean", fault);
        o.fault = None;
        o
    })
    .unwrap();
    let others = |rows: &[umax::games_csv::GameRow]| -> Vec<umax::games_csv::GameRow> {
        timeless(rows.iter().filter(|r| r.game != 2).cloned().collect())
    };
    assert_eq!(others(&outcome.rows), others(&clean.rows));
}

#[test]
fn an_engine_rejecting_a_legal_move_ends_the_game_not_the_match() {
    // game 3: old is White; the move of ply 8 (White's) is fed to sd, which rejects it
    let fault = Fault {
        game: 3,
        ply: 8,
        kind: FaultKind::Reject,
    };
    faulted_run(
        "fault_reject",
        fault,
        ("engine_rejected_move", "1-0", 9),
        "sd (Black)'s engine rejected",
    );
}

/// micro-Max 4.8 starts from the initial position only (it has no set-up): an opening book with
/// FEN positions is refused before any game when either build of the match is 4.8's, naming
/// the build, instead of every game forfeiting at its start.
#[test]
fn a_fen_book_with_4_8_is_refused_before_any_game() {
    let dir = scratch("fen_book_mm48");
    let book = dir.join("book.epd");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        &book,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n",
    )
    .unwrap();
    for builds in ["mm48,mm48sd", "old,mm48"] {
        let out = dir.join(builds.replace(',', "-"));
        refused(
            &dir,
            &[
                "--builds",
                builds,
                "--openings",
                path_str(&book),
                "--games",
                "2",
                "--nodes",
                "2000",
                "--hash-bits",
                "16",
                "--out",
                path_str(&out),
            ],
            "mm48 (micro-Max 4.8) starts from the initial position only",
        );
    }
}
