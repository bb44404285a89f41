//! Handmade `games.csv` rows for the report tests.

#![allow(dead_code)]

use umax::games_csv::GameRow;

/// One game of a handmade match. Pair `p` holds games `2p-1` (sd white) and `2p` (old white).
pub fn row(game: u64, test_score: f64, termination: &str, moves: &str) -> GameRow {
    let sd_white = game % 2 == 1;
    let (white, black) = if sd_white {
        ("sd", "old")
    } else {
        ("old", "sd")
    };
    let white_score = if sd_white {
        test_score
    } else {
        1.0 - test_score
    };
    let result = match white_score {
        1.0 => "1-0",
        0.0 => "0-1",
        _ => "1/2-1/2",
    };
    GameRow {
        game,
        pair: game.div_ceil(2),
        opening_id: game.div_ceil(2) - 1,
        opening: "e2e4 e7e5".into(),
        white: white.into(),
        black: black.into(),
        result: result.into(),
        test_score,
        termination: termination.into(),
        plies: 40 + game,
        test_nodes: 1000 * game,
        base_nodes: 3000,
        test_cpu_s: 0.1 * game as f64,
        base_cpu_s: 0.2,
        test_wall_s: 0.25,
        base_wall_s: 0.75,
        test_depth: game as i32,
        base_depth: 4,
        moves: moves.into(),
        settings: "nodes=20000;max_plies=300;openings=default.txt".into(),
    }
}

/// Nine games, pairs 1-4 complete, game 10 missing:
///
/// | pair | games (sd score) | pair score | note |
/// |------|------------------|------------|------|
/// | 1    | 1: 1, 2: ½       | 1½ (WD)    |      |
/// | 2    | 3: 0, 4: 0       | 0 (LL)     |      |
/// | 3    | 5: ½, 6: ½       | 1 (DD)     | both games have the same moves |
/// | 4    | 7: 1, 8: 1       | 2 (WW)     |      |
/// | 5    | 9: 1             | -          | incomplete |
///
/// W/D/L 4/3/2; pentanomial [1, 0, 1, 1, 1]; Σ sd CPU 0.1·45 = 4.5 s, Σ old CPU 9·0.2 = 1.8 s
/// (ratio 2.5); Σ sd nodes 45000, Σ old 27000 (ratio 5/3); wall 2.25 / 6.75 (ratio 1/3);
/// mean depth sd 5, old 4. Returned shuffled, as shards may be.
pub fn match_rows() -> Vec<GameRow> {
    let mut rows = vec![
        row(1, 1.0, "checkmate", "e2e4 e7e5 d1h5 b8c6"),
        row(2, 0.5, "threefold", "e2e4 e7e5 g1f3"),
        row(3, 0.0, "checkmate", "e2e4 e7e5 f1c4"),
        row(4, 0.0, "checkmate", "e2e4 e7e5 b1c3"),
        row(5, 0.5, "threefold", "e2e4 e7e5 g1f3 g8f6"),
        row(6, 0.5, "fifty_moves", "e2e4 e7e5 g1f3 g8f6"),
        row(7, 1.0, "checkmate", "e2e4 e7e5 d2d4"),
        row(8, 1.0, "checkmate", "e2e4 e7e5 d2d3"),
        row(9, 1.0, "checkmate", "e2e4 e7e5 a2a3"),
    ];
    // A fixed shuffle.
    rows.swap(0, 7);
    rows.swap(2, 5);
    rows.swap(4, 8);
    rows
}

/// Writes rows as the match runner does (csv + serde, header row).
pub fn write_csv(path: &std::path::Path, rows: &[GameRow]) {
    std::fs::write(path, umax::games_csv::csv_bytes(rows)).unwrap();
}

/// A fresh, empty directory under cargo's per-test scratch space.
#[track_caller]
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    // one test binary holds every module: the caller's file names the directory's parent, so
    // two modules' tests never share a directory
    let module = std::path::Path::new(std::panic::Location::caller().file())
        .file_stem()
        .map_or_else(|| "tests".to_string(), |s| s.to_string_lossy().to_string());
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(module)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
