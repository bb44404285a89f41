//! Whole runs of `umax match` at a small node budget: results independent of concurrency and
//! sharding, interruption + resume, and the PGN read back and replayed.

use crate::match_common;
use match_common::*;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::OnceLock;
use umax::games_csv::GameRow;

/// The reference: the QUICK match on one thread, uninterrupted (computed once per binary).
fn baseline() -> &'static (PathBuf, Vec<GameRow>) {
    static BASE: OnceLock<(PathBuf, Vec<GameRow>)> = OnceLock::new();
    BASE.get_or_init(|| {
        let dir = scratch("baseline").join("run");
        run_ok(&as_strs(&quick(&[
            "--concurrency",
            "1",
            "--out",
            path_str(&dir),
        ])));
        let rows = rows(&dir);
        (dir, rows)
    })
}

#[test]
fn baseline_is_a_complete_match() {
    let (_, rows) = baseline();
    let games: Vec<u64> = rows.iter().map(|r| r.game).collect();
    assert_eq!(games, (1..=8).collect::<Vec<_>>());
    for r in rows {
        assert_eq!(r.pair, r.game.div_ceil(2));
        let (white, black) = if r.game % 2 == 1 {
            ("old", "sd")
        } else {
            ("sd", "old")
        };
        assert_eq!(
            (r.white.as_str(), r.black.as_str()),
            (white, black),
            "game {}",
            r.game
        );
        assert_eq!(r.opening_id, r.pair - 1);
        assert_eq!(r.plies as usize, r.moves.split_whitespace().count());
        assert!(r.moves.starts_with(&r.opening));
        assert!(r.test_nodes > 0 && r.base_nodes > 0);
        assert!(r.plies <= 160);
        assert!(r.settings.contains("nodes=3000") && r.settings.contains("hash_bits=16"));
        assert!(r.settings.contains("games=8") && r.settings.contains("max_plies=160"));
        assert!(!r.settings.contains("concurrency") && !r.settings.contains("shard"));
    }
    // both games of a pair play the same opening with colours reversed
    for pair in rows.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
    }
}

#[test]
fn two_threads_give_the_same_games() {
    let (_, base) = baseline();
    let dir = scratch("two_threads").join("run");
    run_ok(&as_strs(&quick(&[
        "--concurrency",
        "2",
        "--out",
        path_str(&dir),
    ])));
    assert_eq!(timeless(rows(&dir)), timeless(base.clone()));
}

/// `--full-clear` (the C's clearing of the whole table before every think) plays the same
/// games node for node: clearing only the entries written is exactly equivalent. Only the
/// settings column says which clearing ran.
#[test]
fn full_clear_gives_the_same_games() {
    let (_, base) = baseline();
    let dir = scratch("full_clear").join("run");
    run_ok(&as_strs(&quick(&[
        "--concurrency",
        "1",
        "--full-clear",
        "--out",
        path_str(&dir),
    ])));
    let mut full = timeless(rows(&dir));
    for r in &mut full {
        assert!(r.settings.ends_with(";full_clear=1"), "{}", r.settings);
        r.settings = r.settings.replace(";full_clear=1", "");
    }
    assert_eq!(full, timeless(base.clone()));
}

#[test]
fn shards_together_make_the_match() {
    let (_, base) = baseline();
    let root = scratch("shards");
    let mut all = Vec::new();
    for k in ["1/2", "2/2"] {
        let dir = root.join(k.replace('/', "of"));
        run_ok(&as_strs(&quick(&["--shard", k, "--out", path_str(&dir)])));
        let r = rows(&dir);
        let pairs: Vec<u64> = r.iter().map(|r| r.pair).collect();
        let first = if k == "1/2" { 1 } else { 2 };
        assert!(
            pairs.iter().all(|p| (p - 1) % 2 == first - 1),
            "{k}: {pairs:?}"
        );
        all.extend(r);
    }
    all.sort_by_key(|r| r.game);
    assert_eq!(timeless(all), timeless(base.clone()));
}

#[test]
fn resume_after_truncation_completes_the_same_match() {
    let (_, base) = baseline();
    let dir = scratch("resume_truncated").join("run");
    let args = quick(&["--concurrency", "2", "--out", path_str(&dir)]);
    run_ok(&as_strs(&args));
    // keep the header and three rows, then half a row (a run killed mid-write)
    let csv = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    let cut = format!(
        "{}\n{}",
        lines[..4].join("\n"),
        &lines[4][..lines[4].len() / 2]
    );
    std::fs::write(dir.join("games.csv"), cut).unwrap();

    // without --resume the directory is refused
    let refused = run_match(&as_strs(&args));
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not empty"));

    let mut resume = args.clone();
    resume.push("--resume".into());
    let out = run_ok(&as_strs(&resume));
    assert!(String::from_utf8_lossy(&out.stderr).contains("5 of 8 games to play"));
    assert_eq!(timeless(rows(&dir)), timeless(base.clone()));
    // the PGN holds each game once
    let games = read_pgn(&dir.join("games.pgn"));
    let mut rounds: Vec<u64> = games.iter().map(|g| g.round).collect();
    rounds.sort();
    assert_eq!(rounds, (1..=8).collect::<Vec<_>>());
    // resuming a finished run plays nothing and changes nothing
    let before = std::fs::read(dir.join("games.csv")).unwrap();
    let out = run_ok(&as_strs(&resume));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 of 8 games to play"));
    assert_eq!(std::fs::read(dir.join("games.csv")).unwrap(), before);
    // resuming with other settings is refused, naming the difference
    let mut other = resume.clone();
    let i = other.iter().position(|a| a == "3000").unwrap();
    other[i] = "4000".into();
    let refused = run_match(&as_strs(&other));
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("other settings") && err.contains("nodes: 3000 (on disk) vs 4000 (now)"),
        "{err}"
    );
}

/// A match grows: `--resume` with a larger `--games` plays only the new games, which are the
/// games a match of that size plays from the start; each row keeps the size it was played at,
/// the summary gives the largest, command.txt records the growth; a smaller `--games` is
/// refused with nothing written.
#[test]
fn a_match_grows_to_the_same_games_and_never_shrinks() {
    let (base_dir, base) = baseline();
    let dir = scratch("grows").join("run");
    let sized = |games: &str, more: &[&str]| -> Vec<String> {
        let mut a = quick(&["--concurrency", "2", "--out", path_str(&dir)]);
        a[1] = games.to_string(); // QUICK begins "--games", "8"
        a.extend(more.iter().map(|s| s.to_string()));
        a
    };
    run_ok(&as_strs(&sized("4", &[])));
    let out = run_ok(&as_strs(&sized("8", &["--resume"])));
    assert!(String::from_utf8_lossy(&out.stderr).contains("4 of 8 games to play"));
    let grown = rows(&dir);
    let size = |r: &GameRow| {
        umax::settings::Settings::parse(&r.settings)
            .get("games")
            .map(str::to_string)
    };
    assert!(grown[..4].iter().all(|r| size(r).as_deref() == Some("4")));
    assert!(grown[4..].iter().all(|r| size(r).as_deref() == Some("8")));
    let sizeless = |rows: Vec<GameRow>| -> Vec<GameRow> {
        timeless(rows)
            .into_iter()
            .map(|mut r| {
                r.settings = umax::settings::Settings::parse(&r.settings)
                    .sizeless()
                    .to_string();
                r
            })
            .collect()
    };
    assert_eq!(sizeless(grown), sizeless(base.clone()));
    let command = std::fs::read_to_string(dir.join("command.txt")).unwrap();
    assert!(command.contains("grown: 4 -> 8 games"), "{command}");
    // the summary is the uninterrupted 8-game match's, settings included
    let settings = |d: &std::path::Path| {
        let text = std::fs::read_to_string(d.join("summary.csv")).unwrap();
        let row = text.lines().nth(1).unwrap().to_string();
        row[..row.find("\",").unwrap()].to_string()
    };
    assert_eq!(settings(&dir), settings(base_dir));
    assert!(settings(&dir).contains(";games=8;"));
    // a match does not shrink: refused, nothing written
    let before = std::fs::read(dir.join("games.csv")).unwrap();
    let command_before = std::fs::read(dir.join("command.txt")).unwrap();
    let refused = run_match(&as_strs(&sized("6", &["--resume"])));
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("a match of 8 games, which --games 6 would shrink"),
        "{err}"
    );
    assert_eq!(std::fs::read(dir.join("games.csv")).unwrap(), before);
    assert_eq!(
        std::fs::read(dir.join("command.txt")).unwrap(),
        command_before
    );
    // `umax report` reads the grown run as one match
    let out = umax()
        .args(["report", path_str(&dir.join("games.csv"))])
        .output_within("umax report", Kind::Quick.limit());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn interrupt_then_resume_completes_the_same_match() {
    let (_, base) = baseline();
    let dir = scratch("resume_interrupted").join("run");
    let args = quick(&["--concurrency", "1", "--out", path_str(&dir)]);
    let child = umax()
        .arg("match")
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn_within("umax match (to be interrupted)", Kind::Games.limit());
    // Ctrl-C once two games are on disk (or at the end, if the run is faster than us)
    let csv = dir.join("games.csv");
    let t0 = std::time::Instant::now();
    loop {
        let n = std::fs::read_to_string(&csv).map_or(0, |s| s.lines().count());
        if n >= 3 || t0.elapsed().as_secs() > 60 || child.has_ended() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.signal(libc::SIGINT);
    child.wait();
    // the library's reader, which ignores a partial last line as --resume does
    let (kept, _) = umax::matchrun::match_dir::read_rows(&csv).unwrap();
    assert!(kept.len() >= 2, "finished games are on disk after Ctrl-C");
    for r in &kept {
        assert_eq!(
            Some(r),
            base.iter()
                .find(|b| b.game == r.game)
                .map(|b| {
                    let mut b = b.clone();
                    (b.test_cpu_s, b.base_cpu_s, b.test_wall_s, b.base_wall_s) =
                        (r.test_cpu_s, r.base_cpu_s, r.test_wall_s, r.base_wall_s);
                    b
                })
                .as_ref()
        );
    }
    let mut resume = args.clone();
    resume.push("--resume".into());
    run_ok(&as_strs(&resume));
    assert_eq!(timeless(rows(&dir)), timeless(base.clone()));
}

/// One game read back from the PGN.
#[derive(Debug)]
struct PgnGame {
    round: u64,
    result: String,
    ply_count: usize,
    white_nodes: u64,
    black_nodes: u64,
    final_position: Chess,
    sans: usize,
    outcome: Option<String>,
}

#[derive(Default)]
struct Tags {
    round: u64,
    result: String,
    ply_count: usize,
    white_nodes: u64,
    black_nodes: u64,
    start: Option<Chess>,
}

struct Replay;

impl Visitor for Replay {
    type Tags = Tags;
    type Movetext = (Tags, Chess, usize, Option<String>);
    type Output = Result<PgnGame, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(
        &mut self,
        tags: &mut Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let v = value.decode_utf8_lossy().to_string();
        match name {
            b"Round" => tags.round = v.parse().unwrap(),
            b"Result" => tags.result = v,
            b"PlyCount" => tags.ply_count = v.parse().unwrap(),
            b"WhiteNodes" => tags.white_nodes = v.parse().unwrap(),
            b"BlackNodes" => tags.black_nodes = v.parse().unwrap(),
            b"FEN" => {
                let fen: Fen = v.parse().unwrap();
                tags.start = Some(fen.into_position(CastlingMode::Standard).unwrap());
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let start = tags.start.clone().unwrap_or_default();
        ControlFlow::Continue((tags, start, 0, None))
    }

    fn san(&mut self, m: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        match san.san.to_move(&m.1) {
            Ok(mv) => {
                m.1.play_unchecked(mv);
                m.2 += 1;
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(Err(format!("round {}: {san}: {e}", m.0.round))),
        }
    }

    fn outcome(
        &mut self,
        m: &mut Self::Movetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        m.3 = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, m: Self::Movetext) -> Self::Output {
        Ok(PgnGame {
            round: m.0.round,
            result: m.0.result,
            ply_count: m.0.ply_count,
            white_nodes: m.0.white_nodes,
            black_nodes: m.0.black_nodes,
            final_position: m.1,
            sans: m.2,
            outcome: m.3,
        })
    }
}

fn read_pgn(path: &std::path::Path) -> Vec<PgnGame> {
    let file = std::fs::File::open(path).unwrap();
    let mut reader = Reader::new(file);
    let mut games = Vec::new();
    while let Some(g) = reader.read_game(&mut Replay).unwrap() {
        games.push(g.unwrap());
    }
    games
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

#[test]
fn pgn_reads_back_and_replays_to_the_same_positions() {
    let (dir, rows) = baseline();
    let games = read_pgn(&dir.join("games.pgn"));
    assert_eq!(games.len(), rows.len());
    for row in rows {
        let g = games
            .iter()
            .find(|g| g.round == row.game)
            .expect("every game in the PGN");
        assert_eq!(g.result, row.result);
        assert_eq!(g.outcome.as_deref(), Some(row.result.as_str()));
        assert_eq!(g.sans as u64, row.plies);
        assert_eq!(g.ply_count as u64, row.plies);
        let (wn, bn) = if row.white == "sd" {
            (row.test_nodes, row.base_nodes)
        } else {
            (row.base_nodes, row.test_nodes)
        };
        assert_eq!((g.white_nodes, g.black_nodes), (wn, bn));
        let mut pos = Chess::default();
        for u in row.moves.split_whitespace() {
            let m = umax::chess::parse_uci(&pos, u).unwrap();
            pos.play_unchecked(m);
        }
        assert_eq!(fen_of(&g.final_position), fen_of(&pos), "game {}", row.game);
    }
}

/// Sudden death: a side that never lost on time stayed within its CPU budget; a side that did
/// went over it on its last think.
#[test]
fn time_control_games_respect_the_clock() {
    let dir = scratch("tc").join("run");
    run_ok(&[
        "--games",
        "2",
        "--tc",
        "0.2",
        "--hash-bits",
        "16",
        "--max-plies",
        "40",
        "--concurrency",
        "1",
        "--out",
        path_str(&dir),
    ]);
    let rows = rows(&dir);
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert!(r.settings.contains(";tc=0.2;"), "{}", r.settings);
        assert!(r.test_wall_s >= 0.0 && r.base_wall_s >= 0.0);
        if r.termination.starts_with("time_forfeit") {
            assert!(
                r.test_cpu_s.max(r.base_cpu_s) > 0.2,
                "game {}: forfeit within the budget",
                r.game
            );
        } else {
            assert!(
                r.test_cpu_s <= 0.2 && r.base_cpu_s <= 0.2,
                "game {}: over the budget",
                r.game
            );
        }
    }
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"0.2\"]"));
}

/// EPD/FEN openings (Rust engines only): games start from the position (set up with
/// `Engine::set_fen`), the summary and plots are written like for any match.
#[test]
fn fen_openings_are_played() {
    let dir = scratch("fen-openings");
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - id \"open\";\n\
         rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5\n",
    )
    .unwrap();
    let out = dir.join("run");
    run_ok(&as_strs(&quick(&[
        "--openings",
        path_str(&book),
        "--out",
        path_str(&out),
    ])));
    let rows = rows(&out);
    assert_eq!(rows.len(), 8);
    assert!(
        rows[0].opening.starts_with("r1bqkbnr/pppp1ppp"),
        "{}",
        rows[0].opening
    );
    assert!(
        rows[2].opening.starts_with("rnbqkb1r/pp3ppp"),
        "{}",
        rows[2].opening
    );
    assert!(
        rows.iter()
            .all(|r| r.test_nodes > 0 && r.base_nodes > 0 && r.plies > 0)
    );
    assert!(out.join("summary.csv").exists() && out.join("score.svg").exists());
    // the PGN records the start position
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    assert!(pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \"r1bqkbnr/pppp1ppp"));
}
