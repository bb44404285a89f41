//! `umax judge` end to end, with real UCI engines as judges: `umax uci` itself (always), and
//! Stockfish when installed (`/usr/games/stockfish`, `ci_env::require`; under `CI=true` it must
//! be, as the C tests require gcc there). Also: a missing, a mute, a dying and a hanging judge, and `--resume`.

use crate::ci_env;
use crate::common::deadline::{Deadline, Kind};
use crate::match_common::scratch as scratch_dir;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use umax::games_csv::GameRow;

const UMAX: &str = env!("CARGO_BIN_EXE_umax");

fn game(game: u64, moves: &str) -> GameRow {
    let old_white = game % 2 == 1; // the match's schedule: game 2p-1 has old as White
    GameRow {
        game,
        pair: game.div_ceil(2),
        opening: "e2e4 e7e5".into(),
        white: if old_white { "old" } else { "sd" }.into(),
        black: if old_white { "sd" } else { "old" }.into(),
        result: "1/2-1/2".into(),
        test_score: 0.5,
        termination: "threefold".into(),
        moves: moves.into(),
        settings: "budget=nodes:100000".into(),
        ..GameRow::default()
    }
}

/// Pair 1: White (old in game 1) mates with h5f7 where sd (game 2) gives its queen away with
/// h5e5. Pair 2: identical. Pair 3: at ply 3 Black (sd in game 5, old in game 6) defends with
/// b8c6 or hangs its queen with d8g5.
fn games_csv(dir: &Path) -> PathBuf {
    let rows = [
        game(1, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"),
        game(2, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5e5 c6e5"),
        game(3, "e2e4 e7e5 g1f3 b8c6"),
        game(4, "e2e4 e7e5 g1f3 b8c6"),
        game(5, "e2e4 e7e5 g1f3 d8g5 f3g5"),
        game(6, "e2e4 e7e5 g1f3 b8c6 f1b5"),
    ];
    let path = dir.join("games.csv");
    std::fs::write(&path, umax::games_csv::csv_bytes(&rows)).unwrap();
    path
}

/// A scratch directory named `name` (under this module's), the games of [`games_csv`] in it,
/// and the output directory to give `--out`: `(dir, games.csv, dir/out)`.
#[track_caller]
fn games_setup(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = scratch_dir(name);
    let csv = games_csv(&dir);
    let out = dir.join("out");
    (dir, csv, out)
}

fn judge(args: &[&dyn AsRef<OsStr>]) -> Output {
    let mut cmd = Command::new(UMAX);
    cmd.arg("judge").arg("--no-progress");
    for a in args {
        cmd.arg(a);
    }
    cmd.output_within("umax judge", Kind::Games.limit())
}

fn ok(out: &Output) -> String {
    crate::common::succeeded(out, "umax judge")
}

fn fails_with(out: &Output, needles: &[&str]) {
    crate::common::failed_with(out, "umax judge", needles);
}

/// `umax judge --games GAMES --out OUT MORE...`.
fn judge_games(games: &Path, out: &Path, more: &[&dyn AsRef<OsStr>]) -> Output {
    let mut args: Vec<&dyn AsRef<OsStr>> = vec![&"--games", &games, &"--out", &out];
    args.extend(more);
    judge(&args)
}

type Rows = Vec<std::collections::HashMap<String, String>>;

fn rows(path: &Path) -> Rows {
    let mut r = csv::Reader::from_path(path).unwrap();
    r.deserialize().map(|x| x.unwrap()).collect()
}

/// The rows without the judge's CPU time (the one column that differs between runs).
fn judged(mut rows: Rows) -> Rows {
    for r in &mut rows {
        assert!(r.remove("judge_cpu_s").is_some());
    }
    rows
}

/// `umax uci` as the judge (small table, small budget).
fn umax_judge_args() -> Vec<String> {
    [
        "--judge",
        UMAX,
        "--judge-arg",
        "uci",
        "--judge-arg",
        "--hash-bits",
        "--judge-arg",
        "16",
        "--judge-nodes",
        "3000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn with(mut base: Vec<String>, more: &[&str]) -> Vec<String> {
    base.extend(more.iter().map(|s| s.to_string()));
    base
}

/// `umax uci` as the judge ([`umax_judge_args`]) of the positions in `positions`, thought about
/// with `more` arguments, written to `out`.
fn umax_judges_positions(positions: &Path, out: &Path, more: &[&str]) -> Vec<String> {
    let args = with(
        umax_judge_args(),
        &["--positions", positions.to_str().unwrap()],
    );
    with(with(args, more), &["--out", out.to_str().unwrap()])
}

/// `umax uci` as the judge ([`umax_judge_args`]) of the games in `games`, written to `out`.
fn umax_judges_games(games: &Path, out: &Path) -> Vec<String> {
    with(
        umax_judge_args(),
        &[
            "--games",
            games.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    )
}

fn run_args(args: &[String]) -> Output {
    let refs: Vec<&dyn AsRef<OsStr>> = args.iter().map(|a| a as &dyn AsRef<OsStr>).collect();
    judge(&refs)
}

fn check_blunder_rows(rows: &Rows) {
    assert_eq!(rows.len(), 2, "{rows:?}");
    let r1 = &rows[0];
    assert_eq!(r1["pair"], "1");
    assert_eq!(r1["ply"], "6");
    assert_eq!(
        (r1["old_move"].as_str(), r1["sd_move"].as_str()),
        ("h5f7", "h5e5")
    );
    assert_eq!(r1["old_judge"], "checkmate");
    assert_eq!(r1["old_cp"], "10000");
    let sd_cp: i32 = r1["sd_cp"].parse().unwrap();
    assert!(sd_cp < -400, "the queen is lost after h5e5: {sd_cp}");
    assert_eq!(
        r1["fen"],
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
    );
    let r3 = &rows[1];
    assert_eq!((r3["pair"].as_str(), r3["ply"].as_str()), ("3", "3"));
    // Black to move: old is Black in game 6 (sd White), sd in game 5
    assert_eq!(
        (r3["old_move"].as_str(), r3["sd_move"].as_str()),
        ("b8c6", "d8g5")
    );
    let (o, s): (i32, i32) = (r3["old_cp"].parse().unwrap(), r3["sd_cp"].parse().unwrap());
    assert!(o - s > 400, "d8g5 hangs the queen: old {o}, sd {s}");
    assert_eq!(r3["sd_minus_old"].parse::<i32>().unwrap(), s - o, "{r3:?}");
}

/// The rows judged into `out` from [`games_csv`]: checked by [`check_blunder_rows`], and their
/// settings hold each of `settings`.
fn blunder_rows(out: &Path, settings: &[&str]) -> Rows {
    let r = rows(&out.join("divergences.csv"));
    check_blunder_rows(&r);
    for s in settings {
        assert!(r[0]["settings"].contains(s), "{s}: {:?}", r[0]["settings"]);
    }
    r
}

#[test]
fn games_mode_with_umax_uci_as_the_judge() {
    let (dir, csv, out) = games_setup("judge-umax");
    let text = ok(&run_args(&umax_judges_games(&csv, &out)));
    assert!(text.contains("Divergences judged: 2"), "{text}");
    assert!(text.contains("2 diverging (judged), 1 identical"), "{text}");
    assert!(
        text.contains("better / equal (within 10 cp) / worse: 0 / 0 / 2"),
        "{text}"
    );
    let r = blunder_rows(&out, &["judge=umax", "judge_nodes=3000"]);
    for f in [
        "summary.txt",
        "judge-summary.csv",
        "histogram.svg",
        "command.txt",
    ] {
        assert!(out.join(f).exists(), "{f} missing");
    }
    // The judgement is reproducible: a second run gives the same rows.
    let again = dir.join("again");
    let args = umax_judges_games(&csv, &again);
    ok(&run_args(&args));
    assert_eq!(judged(rows(&again.join("divergences.csv"))), judged(r));
    // A used directory is refused without --resume.
    fails_with(&run_args(&args), &["not empty", "--resume"]);
}

#[test]
fn resume_finishes_to_the_same_rows() {
    let (dir, csv, _) = games_setup("judge-resume");
    let full = dir.join("full");
    let args = |out: &Path| umax_judges_games(&csv, out);
    ok(&run_args(&args(&full)));
    let expected = std::fs::read_to_string(full.join("divergences.csv")).unwrap();
    let expected_rows = judged(rows(&full.join("divergences.csv")));
    // A run stopped after its first row, in the middle of writing the second.
    let part = dir.join("part");
    std::fs::create_dir_all(&part).unwrap();
    let mut lines = expected.lines();
    let header = lines.next().unwrap();
    let first = lines.next().unwrap();
    let second = lines.next().unwrap();
    std::fs::write(
        part.join("divergences.csv"),
        format!("{header}\n{first}\n{}", &second[..20]),
    )
    .unwrap();
    // --summary-only summarizes what is on disk and touches nothing else
    let before = std::fs::read(part.join("divergences.csv")).unwrap();
    let text = ok(&run_args(&with(args(&part), &["--summary-only"])));
    assert!(text.contains("PARTIAL: 1 of 2 done"), "{text}");
    assert!(text.contains("Divergences judged: 1"), "{text}");
    assert_eq!(std::fs::read(part.join("divergences.csv")).unwrap(), before);
    assert!(part.join("histogram.svg").exists());
    ok(&run_args(&with(args(&part), &["--resume"])));
    assert_eq!(judged(rows(&part.join("divergences.csv"))), expected_rows);
    // Other settings are refused.
    let mut other = with(args(&part), &["--resume"]);
    let i = other.iter().position(|a| a == "3000").unwrap();
    other[i] = "4000".into();
    fails_with(
        &run_args(&other),
        &[
            "other settings",
            "judge_nodes: 3000 (on disk) vs 4000 (now)",
        ],
    );
}

#[test]
fn positions_mode_with_umax_uci_as_the_judge() {
    let dir = scratch_dir("judge-positions");
    let positions = dir.join("positions.txt");
    std::fs::write(
        &positions,
        "a\te2e4 e7e5 g1f3 b8c6\nb\td2d4 d7d5 c2c4\nr1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n",
    )
    .unwrap();
    let out = dir.join("out");
    let think = ["--nodes", "3000", "--hash-bits", "16"];
    let text = ok(&run_args(&umax_judges_positions(&positions, &out, &think)));
    assert!(text.contains("Positions: 3 thought about"), "{text}");
    let thinks = rows(&out.join("thinks.csv"));
    assert_eq!(thinks.len(), 3);
    assert_eq!(thinks[0]["position"], "a");
    assert_eq!(thinks[2]["position"], format!("{}:3", positions.display()));
    let div = rows(&out.join("divergences.csv"));
    let differ = thinks
        .iter()
        .filter(|t| t["old_move"] != t["sd_move"])
        .count();
    assert_eq!(div.len(), differ);
    // Both builds mate in one when they can.
    assert_eq!(thinks[2]["old_move"], "h5f7");
    assert_eq!(thinks[2]["sd_move"], "h5f7");
    // The thinks are the C's: the same position and budget give the same moves again.
    let again = dir.join("again");
    ok(&run_args(&umax_judges_positions(
        &positions, &again, &think,
    )));
    let t2 = rows(&again.join("thinks.csv"));
    for (a, b) in thinks.iter().zip(&t2) {
        assert_eq!(
            (
                &a["old_move"],
                &a["sd_move"],
                &a["old_nodes"],
                &a["sd_nodes"]
            ),
            (
                &b["old_move"],
                &b["sd_move"],
                &b["old_nodes"],
                &b["sd_nodes"]
            )
        );
    }
}

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A judge that answers the handshake; on `go` it does `on_go`.
fn fake_judge(dir: &Path, name: &str, on_go: &str) -> PathBuf {
    script(
        dir,
        name,
        &format!(
            r#"while read line; do
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    go*) {on_go} ;;
  esac
done
"#
        ),
    )
}

#[test]
fn missing_mute_dying_and_hanging_judges() {
    let (dir, csv, out) = games_setup("judge-bad");

    let missing = judge_games(&csv, &out, &[&"--judge", &"/no/such/judge"]);
    fails_with(&missing, &["cannot start the judge /no/such/judge"]);
    assert!(
        !out.exists(),
        "a failed check left {} behind",
        out.display()
    );

    let mute = script(&dir, "mute", "exit 0\n");
    let r = judge_games(&csv, &out, &[&"--judge", &mute]);
    fails_with(&r, &[mute.to_str().unwrap(), "not a working UCI engine"]);
    assert!(!out.exists());

    let r = judge_games(&csv, &out, &[&"--judge-timeout", &"1e99"]);
    fails_with(
        &r,
        &["--judge-timeout 1e99: must be positive, at most 86400"],
    );
    assert!(!out.exists());

    let silent = script(&dir, "silent", "while read line; do :; done\n");
    let r = judge_games(
        &csv,
        &out,
        &[&"--judge", &silent, &"--judge-timeout", &"0.5"],
    );
    fails_with(
        &r,
        &["not a working UCI engine", "no 'uciok' within the timeout"],
    );

    // dies at every `go`: restarted once, then the run stops, saying how to continue
    let dying = fake_judge(&dir, "dying", "exit 1");
    let r = judge_games(&csv, &out, &[&"--judge", &dying]);
    fails_with(&r, &["restarted, it failed again", "exited", "--resume"]);
    let written = std::fs::read_to_string(out.join("divergences.csv")).unwrap();
    assert_eq!(written.lines().count(), 1, "only the header: {written}");

    // hangs at `go`
    let hanging = fake_judge(&dir, "hanging", ":");
    let out2 = dir.join("out2");
    let r = judge_games(
        &csv,
        &out2,
        &[&"--judge", &hanging, &"--judge-timeout", &"0.5"],
    );
    fails_with(&r, &["no 'bestmove' within the timeout", "restarted"]);

    // answers without a score
    let scoreless = fake_judge(&dir, "scoreless", "echo 'bestmove a7a6'");
    let out3 = dir.join("out3");
    let r = judge_games(&csv, &out3, &[&"--judge", &scoreless]);
    fails_with(&r, &["no score before 'bestmove a7a6'"]);
}

/// A judge that dies once mid-run is restarted and the run finishes with the same rows.
#[test]
fn a_judge_that_dies_once_is_restarted() {
    let (dir, csv, out) = games_setup("judge-dies-once");
    let flag = dir.join("died");
    // the first `go` ever: die (leaving a flag); afterwards behave like `umax uci`
    let flaky = script(
        &dir,
        "flaky",
        &format!(
            "if [ -e {flag} ]; then exec {UMAX} uci --hash-bits 16; fi\n\
             while read line; do\n\
               case \"$line\" in\n\
                 uci) echo 'id name umax'; echo uciok ;;\n\
                 isready) echo readyok ;;\n\
                 go*) touch {flag}; exit 1 ;;\n\
               esac\n\
             done\n",
            flag = flag.display()
        ),
    );
    let r = judge_games(&csv, &out, &[&"--judge", &flaky, &"--judge-nodes", &"3000"]);
    ok(&r);
    blunder_rows(&out, &[]);
}

#[test]
fn stockfish_as_the_judge() {
    if !ci_env::require(ci_env::Tool::Stockfish, "stockfish_as_the_judge") {
        return;
    }
    let (dir, csv, out) = games_setup("judge-stockfish");
    let stockfish = |out: &Path, concurrency: &str| {
        judge_games(
            &csv,
            out,
            &[&"--judge-nodes", &"20000", &"--concurrency", &concurrency],
        )
    };
    let text = ok(&stockfish(&out, "2"));
    assert!(text.contains("Divergences judged: 2"), "{text}");
    let r = blunder_rows(&out, &["judge=Stockfish"]);
    // reproducible: one thread, fixed hash, node limit, ucinewgame
    let again = dir.join("again");
    ok(&stockfish(&again, "1"));
    let a = rows(&again.join("divergences.csv"));
    let strip = |rows: &Rows| -> Vec<(String, String)> {
        rows.iter()
            .map(|r| (r["old_judge"].clone(), r["sd_judge"].clone()))
            .collect()
    };
    assert_eq!(strip(&a), strip(&r));
}

#[test]
fn a_judge_budget_in_depth() {
    let (_, csv, out) = games_setup("judge-depth");
    let r = judge_games(
        &csv,
        &out,
        &[
            &"--judge",
            &UMAX,
            &"--judge-arg",
            &"uci",
            &"--judge-arg",
            &"--hash-bits=16",
            &"--judge-depth",
            &"4",
        ],
    );
    ok(&r);
    let r = blunder_rows(&out, &[";judge_depth=4;"]);
    assert!(!r[0]["settings"].contains("judge_nodes"));
}

/// Any two builds: the games of a `--builds old,sdnr` match are judged with their columns named
/// by those builds, read back by `--summary-only` and `--resume`; positions mode takes
/// `--builds`.
#[test]
fn any_pairing_is_judged_under_its_builds_names() {
    let dir = scratch_dir("judge_old_sdnr");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/sdnr-nodes-100k/games.csv");
    let out = dir.join("run");
    let base = umax_judges_games(&games, &out);
    let text = ok(&run_args(&base));
    assert!(text.contains("Mean sdnr_cp - old_cp"), "{text}");
    assert!(text.contains("sdnr's move better"), "{text}");
    let header = std::fs::read_to_string(out.join("divergences.csv")).unwrap();
    assert!(
        header.starts_with(
            "pair,position,ply,fen,old_move,sdnr_move,old_cp,sdnr_cp,sdnr_minus_old,old_judge,sdnr_judge,"
        ),
        "{header}"
    );
    let summary = std::fs::read_to_string(out.join("judge-summary.csv")).unwrap();
    assert!(summary.contains("mean_sdnr_minus_old_clipped") && summary.contains("sdnr_better"));
    let first = judged(rows(&out.join("divergences.csv")));
    assert!(!first.is_empty());
    for r in &first {
        let (o, s): (i32, i32) = (r["old_cp"].parse().unwrap(), r["sdnr_cp"].parse().unwrap());
        assert_eq!(r["sdnr_minus_old"].parse::<i32>().unwrap(), s - o);
        assert_ne!(r["old_move"], r["sdnr_move"]);
    }
    // read back by the role-neutral reader: --summary-only prints the same text
    let again = ok(&run_args(&with(base.clone(), &["--summary-only"])));
    assert_eq!(again, text);
    // --resume with everything done: the same rows
    ok(&run_args(&with(base, &["--resume"])));
    assert_eq!(judged(rows(&out.join("divergences.csv"))), first);
    // --resume with another match's games.csv (same file name, old vs sd): refused, never
    // relabelled as this run's builds
    let before = std::fs::read(out.join("divergences.csv")).unwrap();
    let other = games_csv(&dir);
    assert_eq!(other.file_name(), games.file_name());
    fails_with(
        &run_args(&with(umax_judges_games(&other, &out), &["--resume"])),
        &["other settings", "builds"],
    );
    assert_eq!(std::fs::read(out.join("divergences.csv")).unwrap(), before);

    // positions mode: --builds names the thinkers and the columns
    let pos = dir.join("positions.txt");
    std::fs::write(&pos, "open\te2e4 e7e5 g1f3 b8c6\nqgd\td2d4 d7d5 c2c4\n").unwrap();
    let pout = dir.join("positions");
    let p = umax_judges_positions(
        &pos,
        &pout,
        &[
            "--builds",
            "iidr2,sdp",
            "--nodes",
            "20000",
            "--hash-bits",
            "16",
        ],
    );
    ok(&run_args(&p));
    let thinks = std::fs::read_to_string(pout.join("thinks.csv")).unwrap();
    assert!(
        thinks.starts_with("position,ply,iidr2_move,sdp_move,iidr2_nodes,sdp_nodes,"),
        "{thinks}"
    );
}

/// An engine of its own process takes a player's seat in positions mode (`--engine`, as `umax
/// match` defines one): here `umax uci --build sd` beside the build `old`, judged by `umax uci`;
/// its identity is in the rows' settings, and its thinks are sd's (the same moves as the build).
#[test]
fn an_engine_of_its_own_process_thinks_in_a_players_seat() {
    let dir = scratch_dir("judge-engine-seat");
    let positions = dir.join("positions.txt");
    std::fs::write(
        &positions,
        "a\te2e4 e7e5 g1f3 b8c6\nr1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n",
    )
    .unwrap();
    let think = |out: &Path, builds: &str| {
        let engine = [
            "--engine".to_string(),
            "name=sd-uci".into(),
            format!("cmd={UMAX}"),
            "arg=uci".into(),
            "arg=--build".into(),
            "arg=sd".into(),
            "arg=--hash-bits".into(),
            "arg=16".into(),
        ];
        let mut more: Vec<&str> = vec!["--nodes", "3000", "--hash-bits", "16", "--builds", builds];
        more.extend(engine.iter().map(String::as_str));
        ok(&run_args(&umax_judges_positions(&positions, out, &more)))
    };
    let out = dir.join("seat");
    let text = think(&out, "old,sd-uci");
    assert!(text.contains("Positions: 2 thought about"), "{text}");
    let seat = rows(&out.join("thinks.csv"));
    assert!(
        seat[0]["settings"].contains("engine.sd-uci=uci:umax"),
        "{:?}",
        seat[0]
    );
    assert_eq!(seat[1]["sd-uci_move"], "h5f7", "{:?}", seat[1]);
    // the build sd at the same budget: the same moves (umax uci thinks as the build does)
    let built = dir.join("built");
    think(&built, "old,sd");
    let b = rows(&built.join("thinks.csv"));
    for (x, y) in seat.iter().zip(&b) {
        assert_eq!(x["sd-uci_move"], y["sd_move"]);
    }
}
