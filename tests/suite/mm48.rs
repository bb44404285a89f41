//! micro-Max 4.8 (`mm48`, `mm48sd`) against the output of its C, recorded outside the
//! repository into `tests/golden48/` (its README says exactly how): every session's transcript
//! through `umax play --trace`, the self-play games of two C processes replayed by two engines
//! behind the seam, and the bench's node counts. Run without a C compiler: the 4.8 C is not in
//! the repository, only its output.

use crate::common;

use common::deadline::{Deadline, Kind};
use micromax::Limits;
use std::path::PathBuf;
use std::process::Command;

fn golden48() -> PathBuf {
    common::root().join("tests/golden48")
}

/// `NAME.nNODES.uBITS.in` of tests/sessions48, with the builds that have a golden of it.
fn sessions() -> Vec<(PathBuf, String, String, Vec<&'static str>)> {
    let dir = common::root().join("tests/sessions48");
    let mut v = Vec::new();
    for f in std::fs::read_dir(&dir).unwrap() {
        let path = f.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(stem) = file.strip_suffix(".in") else {
            continue;
        };
        let (rest, bits) = stem.rsplit_once(".u").unwrap();
        let (name, nodes) = rest.rsplit_once(".n").unwrap();
        assert_eq!(bits, "24", "{file}: recorded at the published table size");
        // a game's sessions are checked with the build that played the game (the other
        // build's transcript of the same input is in golden48 too, as data: it leaves the game
        // at its first different move, and checking it doubled this test's time)
        let builds: Vec<&str> = ["mm48", "mm48sd"]
            .into_iter()
            .filter(|b| golden48().join(format!("{name}.{b}.out")).exists())
            .filter(|b| !name.starts_with("game-") || name.starts_with(&format!("game-{b}-")))
            .collect();
        assert!(!builds.is_empty(), "{file}: no golden");
        v.push((path, name.to_string(), nodes.to_string(), builds));
    }
    v.sort();
    v
}

#[test]
fn golden_transcripts_of_the_4_8_c_byte_for_byte() {
    let all = sessions();
    assert!(
        all.len() >= 80,
        "scripted, random and game sessions: {}",
        all.len()
    );
    let failures = std::sync::Mutex::new(Vec::new());
    let compared = std::sync::atomic::AtomicUsize::new(0);
    // two workers: the sessions are independent processes
    std::thread::scope(|sc| {
        for part in 0..2 {
            let (all, failures, compared) = (&all, &failures, &compared);
            sc.spawn(move || {
                for (path, name, nodes, builds) in all.iter().skip(part).step_by(2) {
                    let input = std::fs::read(path).unwrap();
                    for b in builds {
                        let mut cmd = Command::new(common::umax_bin());
                        cmd.args(["play", "--build", b, "--trace", "--nodes", nodes]);
                        let got = common::run_with_input(cmd, &input);
                        let want =
                            std::fs::read(golden48().join(format!("{name}.{b}.out"))).unwrap();
                        compared.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if let Err(e) = common::compare(&format!("{name}.{b}"), &input, &want, &got)
                        {
                            failures.lock().unwrap().push(e);
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared.into_inner() >= 140);
}

/// games.txt: `name build nodes opening moves end`, tab-separated.
#[test]
fn self_play_games_of_two_c_processes_replayed_behind_the_seam() {
    let text = std::fs::read_to_string(golden48().join("games.txt")).unwrap();
    let mut games = 0;
    // the games' moves and per-iteration nodes are the game sessions' goldens, checked above
    // through the console; here the seam's think (the path `match` takes) on one game of each
    // build from each of two openings, to keep the suite within its time
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter(|l| l.contains("-e4e5\t") || l.contains("-d4d5\t"))
        .collect();
    assert_eq!(lines.len(), 4, "{text}");
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, build, nodes) = (f[0], f[1], f[2].parse::<i64>().unwrap());
        let opening: Vec<&str> = f[3].split_whitespace().collect();
        let moves: Vec<&str> = f[4].split_whitespace().collect();
        let build: micromax::builds::Build = build.parse().unwrap();
        let mut sides = [build.searcher(24), build.searcher(24)];
        let mut board = shakmaty::Chess::default();
        for s in sides.iter_mut() {
            s.reset();
        }
        use shakmaty::Position;
        for m in &opening {
            let mv = umax::chess::parse_uci(&board, m).unwrap();
            for s in sides.iter_mut() {
                umax::driver::enter(s.as_mut(), &mv).unwrap();
            }
            board.play_unchecked(mv);
        }
        for (ply, want) in moves.iter().enumerate() {
            let mover = (opening.len() + ply) % 2;
            let t = sides[mover].think(&Limits::nodes(nodes));
            assert!(t.played, "{name}: ply {ply}: no move");
            let mv = umax::chess::legal_offer(&board, &t.offer)
                .unwrap_or_else(|| panic!("{name}: ply {ply}: illegal move"));
            assert_eq!(
                umax::chess::uci(&mv).get(..4),
                Some(*want),
                "{name}: ply {ply}"
            );
            umax::driver::enter(sides[1 - mover].as_mut(), &mv).unwrap();
            board.play_unchecked(mv);
        }
        games += 1;
    }
    assert_eq!(games, 4);
}

/// The bench positions, one think each at 100000 nodes from a fresh process: the C's last
/// Kibitz line of each (tests/golden48/bench.txt) plus the one node of its last pass (the
/// root, which finds the move it settled on and plays it before printing a line).
#[test]
fn bench_node_counts_are_the_cs() {
    let text = std::fs::read_to_string(golden48().join("bench.txt")).unwrap();
    for build in ["mm48", "mm48sd"] {
        let c: Vec<(String, i64)> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .filter(|f| f.len() == 3 && f[0] == build && f[1] != "total")
            .map(|f| (f[1].to_string(), f[2].parse().unwrap()))
            .collect();
        assert_eq!(c.len(), umax::bench::builtin_suite().len());
        // the signature test's own run (one `umax bench --build B` per test process)
        let text = crate::bench::bench(&["--build", build]);
        let ours: Vec<i64> = text
            .lines()
            .filter(|l| l.starts_with("Position"))
            .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
            .collect();
        for ((name, c_nodes), n) in c.iter().zip(&ours) {
            assert_eq!(*n, c_nodes + 1, "{build} {name}");
        }
    }
}

#[test]
fn a_match_of_the_4_8_builds_on_the_node_clock_is_a_pure_function_of_its_inputs() {
    let dir = std::env::temp_dir().join(format!("umax-mm48-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |out: &std::path::Path| {
        let o = Command::new(common::umax_bin())
            .args([
                "match",
                "--builds",
                "mm48,mm48sd",
                "--tc-nodes",
                "300000",
                "--games",
                "2",
            ])
            .args(["--hash-bits", "16", "--no-progress", "--out"])
            .arg(out)
            .output_within("umax match (mm48,mm48sd)", Kind::Games.limit());
        common::succeeded(&o, "umax match");
        let csv = std::fs::read_to_string(out.join("games.csv")).unwrap();
        // the columns that do not record seconds, in game order
        let mut rows: Vec<String> = csv
            .lines()
            .skip(1)
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                [&f[..12], &f[16..]].concat().join(",")
            })
            .collect();
        rows.sort();
        rows
    };
    let a = run(&dir.join("a"));
    let b = run(&dir.join("b"));
    assert_eq!(a.len(), 2);
    assert_eq!(a, b);
    assert!(a.iter().all(|r| r.contains("mm48")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// 4.8's legality check is a search, and a legal move can fail it: in the session
/// `refused-legal-move` (moves fed to both sides, then one think at 5,000 nodes) the engine's
/// think leaves its table holding the mate `c3d2`; the entry search of the quiet `g8h8` meets it
/// in its second iteration, whose mate score ends the search before quiet moves are tried, so the
/// C prints the board unchanged (its golden). Behind the seam, the path `match` takes: the think
/// plays the C's move, the legal `g8h8` is refused (a match scores `engine_rejected_move`), and
/// the mating capture is then taken. Both builds alike.
#[test]
fn a_legal_move_the_4_8_check_refuses_is_refused_behind_the_seam() {
    let input = std::fs::read_to_string(
        common::root().join("tests/sessions48/refused-legal-move.n5000.u24.in"),
    )
    .unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let think = lines.iter().position(|l| l.is_empty()).unwrap();
    assert_eq!(
        &lines[think + 1..],
        ["g8h8", "c3d2", ""],
        "the session's tail"
    );
    for build in ["mm48", "mm48sd"] {
        let build: micromax::builds::Build = build.parse().unwrap();
        let mut engine = build.searcher(24);
        let mut board = umax::driver::reach(engine.as_mut(), lines[..think].iter().copied())
            .unwrap_or_else(|e| panic!("{build:?}: the session's moves: {e:?}"));
        let t = engine.think(&Limits::nodes(5000));
        let mv = umax::chess::legal_offer(&board, &t.offer).unwrap();
        assert_eq!(umax::chess::uci(&mv), "c1d2", "{build:?}: the C's move");
        use shakmaty::Position;
        board.play_unchecked(mv);
        let quiet = umax::chess::parse_uci(&board, "g8h8").unwrap();
        assert!(
            matches!(
                umax::driver::enter(engine.as_mut(), &quiet),
                Err(umax::driver::EnterError::Refused)
            ),
            "{build:?}: g8h8, legal, is refused as the C refuses it"
        );
        let mate = umax::chess::parse_uci(&board, "c3d2").unwrap();
        umax::driver::enter(engine.as_mut(), &mate)
            .unwrap_or_else(|e| panic!("{build:?}: c3d2 after the refusal: {e:?}"));
        board.play_unchecked(mate);
        assert!(board.is_checkmate(), "{build:?}");
    }
}

/// `umax play --build mm48` without `--nodes` thinks to 4.8's own root rule, `N<1e6` (3.2's
/// 1e7 would be ten times the published think): from the initial position the C's trace ends
/// with the iteration that crosses 1e6 nodes, the one before it under 1e6.
#[test]
fn play_without_nodes_thinks_to_the_published_limit() {
    let mut cmd = Command::new(common::umax_bin());
    cmd.args(["play", "--build", "mm48", "--trace", "--hash-bits", "20"]);
    let out = String::from_utf8(common::run_with_input(cmd, b"\n")).unwrap();
    let searched: Vec<u64> = out
        .lines()
        .filter(|l| l.contains(" ply, "))
        .map(|l| {
            let n = l
                .split(" ply, ")
                .nth(1)
                .unwrap()
                .split(" searched")
                .next()
                .unwrap();
            n.trim().parse().unwrap()
        })
        .collect();
    let n = searched.len();
    assert!(n >= 2, "{out}");
    // the pass that plays the move returns before its trace line: the last line is the last
    // iteration's
    let (last, before) = (searched[n - 1], searched[n - 2]);
    assert!(before < 1_000_000 && last >= 1_000_000, "{searched:?}");
}
