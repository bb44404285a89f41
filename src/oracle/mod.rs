//! The C original as an oracle: a game of `games.csv` played again by two processes of the
//! instrumented C builds (`scripts/build-original.sh --nodes N --hash-bits B`, the
//! `mm-{old,sd}-trace-nN-uB` binaries), driven as a referee drives them; or by one, for the side
//! whose build has a C twin when the other's has none (micro-Max 4.8's builds, `sdnr`), the
//! other side's moves fed from the row.
//!
//! Opening moves go to both processes as lines like `e2e4`, an empty line to the side to move;
//! its move is read from its last root-trace line `(X,Y)` and fed to the other process. The C's
//! move at every ply must be the row's move, and each side's node total (the sum over its
//! thinks of the last trace line's `N`) and deepest iteration must be the row's.
//!
//! The C's stdout is a pipe, so it is made line-buffered with `stdbuf -oL`. The C loops forever
//! at end of input, so its stdin stays open and the process is killed when the game is done.
//! Used by `umax verify-c`, by `tests/suite/match_c_parity.rs` and by `scripts/match-throughput.sh`.

mod process;
mod verify;

pub use process::{
    CProcess, CThink, FIRST_BOARD_S, THINK_S, Timeouts, Trace, c_squares, parse_think_line,
    parse_trace,
};
pub use verify::{
    VerifyOptions, VerifyTotals, binary_budget, check_executable, check_instrumented,
    children_cpu_seconds, verify,
};

use crate::games_csv::GameRow;
use crate::settings::Settings;
use shakmaty::{Chess, Position};
use std::path::Path;

/// Why a row cannot be replayed by the C at all (not a mismatch).
pub fn replayable(row: &GameRow) -> Result<(), String> {
    let settings = Settings::parse(&row.settings);
    if settings.get("nodes").is_none() {
        match crate::nodeclock::NodeClock::from_settings(&settings) {
            Ok(Some(_)) => {}
            Ok(None) => {
                return Err(format!(
                    "game {}: played on the CPU clock ({}); the C has no CPU clock, only games at --nodes or on the node clock (--clock nodes) can be replayed",
                    row.game, row.settings
                ));
            }
            Err(e) => return Err(format!("game {}: {e}", row.game)),
        }
    }
    if row.opening.contains('/') {
        return Err(format!(
            "game {}: starts from a FEN; the C original always starts from the initial position",
            row.game
        ));
    }
    Ok(())
}

/// The budget and table size of a row (`nodes=`, `hash_bits=` of its settings), which the C
/// binaries must have been built with; `None` for a row on the node clock (each think sends
/// its own limit: any node limit of the binary will do) or without these fields.
pub fn row_budget(row: &GameRow) -> Option<(u64, u32)> {
    let settings = Settings::parse(&row.settings);
    Some((settings.number("nodes")?, settings.number("hash_bits")?))
}

/// The table size of a row (`hash_bits=`).
pub fn row_hash_bits(row: &GameRow) -> Option<u32> {
    Settings::parse(&row.settings).number("hash_bits")
}

/// The node clock of a row, if it was played on one.
fn row_clock(row: &GameRow) -> Option<crate::nodeclock::NodeClock> {
    crate::nodeclock::NodeClock::from_settings(&Settings::parse(&row.settings))
        .ok()
        .flatten()
}

/// Plays `row`'s game with two C processes, `base_c` the C twin of the row's base build and
/// `test_c` of its test build; `Err` names the first difference.
pub fn replay_with_c(row: &GameRow, base_c: &Path, test_c: &Path) -> Result<(), String> {
    replay_with_c_within(row, base_c, test_c, FIRST_BOARD_S)
}

/// [`replay_with_c`], each C process given `first_board_s` seconds to print its first board.
pub fn replay_with_c_within(
    row: &GameRow,
    base_c: &Path,
    test_c: &Path,
    first_board_s: f64,
) -> Result<(), String> {
    replay_sides(row, Some(base_c), Some(test_c), first_board_s)
}

/// Plays `row`'s game with a C process for each side whose binary is given (`base_c` for the
/// row's base build, `test_c` for its test build): both, or one when the other build has no C
/// twin in the repository (micro-Max 4.8's builds). A side without a process is not replayed:
/// its moves are the row's, fed to the other side's process as the referee fed them. The replayed
/// side's move at every ply, its node total and its deepest iteration must be the row's, and
/// every move must be played, its own and each one fed to it, but the last of a game that ended
/// `engine_rejected_move`: the loser (the side to move after it) refused it, or played it and
/// then refused its own legal move. The last move of a game the referee ended (mate, stalemate,
/// a draw by rule, the ply limit) is not fed, as in the match. `Err` names the first difference.
pub fn replay_sides(
    row: &GameRow,
    base_c: Option<&Path>,
    test_c: Option<&Path>,
    timeouts: impl Into<Timeouts>,
) -> Result<(), String> {
    let timeouts = timeouts.into();
    replayable(row)?;
    if base_c.is_none() && test_c.is_none() {
        return Err(format!("game {}: no C binary for either side", row.game));
    }
    let (base_name, test_name) = crate::games_csv::settings_builds(&row.settings)
        .unwrap_or_else(|| crate::pairing::Pairing::default().names());
    let bin = |b: &str| {
        if b == base_name {
            Ok(base_c)
        } else if b == test_name {
            Ok(test_c)
        } else {
            Err(format!(
                "game {}: {b} is neither build of the row ({base_name}, {test_name})",
                row.game
            ))
        }
    };
    // by colour: White's process, Black's (None: that side is not replayed)
    let spawn = |b: Option<&Path>| b.map(|p| CProcess::spawn(p, timeouts)).transpose();
    let mut procs = [spawn(bin(&row.white)?)?, spawn(bin(&row.black)?)?];
    let name = |colour: usize| if colour == 0 { &row.white } else { &row.black };
    let moves: Vec<&str> = row.moves.split_whitespace().collect();
    let book = row.opening.split_whitespace().count();
    if book > moves.len() {
        return Err(format!("game {}: fewer moves than the opening", row.game));
    }
    // the referee ends a game on checkmate, stalemate, a draw by rule or the ply limit before
    // it feeds the last move to the other engine; after any other last move the game went on
    // (a think that lost on time or offered an illegal move, or a refusal)
    let last_fed = ![
        "checkmate",
        "stalemate",
        "threefold",
        "fifty_moves",
        "insufficient_material",
        "max_plies",
    ]
    .contains(&row.termination.as_str());
    let rejected = row.termination == "engine_rejected_move";
    // a move line to a side's process, which must play it; `Ok(None)` for a side not replayed
    let feed = |procs: &mut [Option<CProcess>; 2], side: usize, ply: usize, m: &str| {
        let Some(p) = procs[side].as_mut() else {
            return Ok(None);
        };
        let played = p.feed(m)?;
        let last = ply + 1 == moves.len();
        if !(played || last && rejected) {
            return Err(format!(
                "game {} ply {}: {}'s C refuses {m}, which the row's {} entered",
                row.game,
                ply + 1,
                name(side),
                name(side)
            ));
        }
        Ok(Some(played))
    };
    let mut pos = Chess::default();
    let play = |pos: &mut Chess, m: &str| -> Result<(), String> {
        let mv = crate::chess::parse_uci(pos, m).map_err(|e| format!("game {}: {e}", row.game))?;
        pos.play_unchecked(mv);
        Ok(())
    };
    for (ply, m) in moves[..book].iter().enumerate() {
        for side in 0..2 {
            if feed(&mut procs, side, ply, m)? == Some(false) {
                return Err(format!(
                    "game {}: an opening move refused: not replayed",
                    row.game
                ));
            }
        }
        play(&mut pos, m)?;
    }
    let mut nodes = [0u64; 2];
    let mut depth = [0i32; 2];
    // on the node clock each think gets its limit from the side's clock, as in the match
    let clock = row_clock(row);
    let mut clocks = clock.map(|c| [c.side(row.game, true), c.side(row.game, false)]);
    let mut think = |procs: &mut [Option<CProcess>; 2], mover: usize| -> Result<CThink, String> {
        let p = procs[mover].as_mut().expect("a replayed side");
        let Some(clocks) = clocks.as_mut() else {
            return p.think();
        };
        let allowance = clocks[mover].allowance();
        p.set_limit(allowance.limit)?;
        let t = p.think()?;
        clocks[mover].charge(t.nodes, &allowance);
        Ok(t)
    };
    // whether the side to move after the last move played it (None: not fed, or not replayed)
    let mut last_played = None;
    for (ply, m) in moves.iter().enumerate().skip(book) {
        let mover = ply % 2;
        if procs[mover].is_some() {
            let t = think(&mut procs, mover)?;
            nodes[mover] += t.nodes;
            depth[mover] = depth[mover].max(t.depth);
            let c_move = micromax::mm32::move_name(t.x as i8, t.y as i8);
            if m.get(..4) != Some(c_move.as_str()) {
                return Err(format!(
                    "game {} ply {}: C plays {c_move}, Rust {m}",
                    row.game,
                    ply + 1
                ));
            }
            if !t.played {
                return Err(format!(
                    "game {} ply {}: {}'s C refuses its own move {c_move}, which the row's {} played",
                    row.game,
                    ply + 1,
                    name(mover),
                    name(mover)
                ));
            }
        }
        if ply + 1 < moves.len() || last_fed {
            last_played = feed(&mut procs, 1 - mover, ply, m)?;
        }
        play(&mut pos, m)?;
    }
    let mover = moves.len() % 2;
    // a game lost on the node clock: the loser's last think ran out of nodes (its move is not
    // in the row)
    if clock.is_some() && row.termination.starts_with("time_forfeit") && procs[mover].is_some() {
        let t = think(&mut procs, mover)?;
        nodes[mover] += t.nodes;
        depth[mover] = depth[mover].max(t.depth);
    }
    // the games that end on an offered move the referee refuses: the C offers one too
    if ["no_move", "hash_root", "illegal_move"].contains(&row.termination.as_str())
        && procs[mover].is_some()
    {
        let t = think(&mut procs, mover)?;
        nodes[mover] += t.nodes;
        depth[mover] = depth[mover].max(t.depth);
        if crate::chess::move_from_0x88(&pos, t.x as i8, t.y as i8).is_some() {
            return Err(format!(
                "game {}: the C's last move ({:x},{:x}) is legal",
                row.game, t.x, t.y
            ));
        }
        if row.termination == "no_move" && (t.x, t.y) != (0, 0) {
            return Err(format!(
                "game {}: the C offers ({:x},{:x}), not a8a8",
                row.game, t.x, t.y
            ));
        }
    }
    // a refusal: the loser, the side to move after the last move, refused that move when it
    // was fed (its board unchanged), or played it and then refused its own legal move
    if rejected && last_played == Some(true) {
        let t = think(&mut procs, mover)?;
        nodes[mover] += t.nodes;
        depth[mover] = depth[mover].max(t.depth);
        let own = micromax::mm32::move_name(t.x as i8, t.y as i8);
        if crate::chess::move_from_0x88(&pos, t.x as i8, t.y as i8).is_none() || t.played {
            return Err(format!(
                "game {}: {}'s C played the last move and then {}; the row says it refused a legal move",
                row.game,
                name(mover),
                if t.played {
                    format!("played its own move {own}")
                } else {
                    format!("offered {own}, which is not legal")
                }
            ));
        }
    }
    let (base, test) = if row.white == base_name {
        (0, 1)
    } else {
        (1, 0)
    };
    if procs.iter().all(Option::is_some) {
        if (nodes[base], nodes[test]) != (row.base_nodes, row.test_nodes) {
            return Err(format!(
                "game {}: C node totals ({base_name}, {test_name}) {:?} vs the row's {:?}",
                row.game,
                (nodes[base], nodes[test]),
                (row.base_nodes, row.test_nodes)
            ));
        }
        if (depth[base], depth[test]) != (row.base_depth, row.test_depth) {
            return Err(format!(
                "game {}: C depths ({base_name}, {test_name}) {:?} vs the row's {:?}",
                row.game,
                (depth[base], depth[test]),
                (row.base_depth, row.test_depth)
            ));
        }
        return Ok(());
    }
    // one side replayed: its own totals
    for (side, build, row_nodes, row_depth) in [
        (base, &base_name, row.base_nodes, row.base_depth),
        (test, &test_name, row.test_nodes, row.test_depth),
    ] {
        if procs[side].is_none() {
            continue;
        }
        if nodes[side] != row_nodes {
            return Err(format!(
                "game {}: C node total of {build} {} vs the row's {row_nodes}",
                row.game, nodes[side]
            ));
        }
        if depth[side] != row_depth {
            return Err(format!(
                "game {}: C depth of {build} {} vs the row's {row_depth}",
                row.game, depth[side]
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_lines_parse() {
        let t = parse_trace(" 5 ply,    527211 searched,     12 by (13,23)\n").unwrap();
        assert_eq!((t.ply, t.nodes, t.x, t.y), (5, 527211, 0x13, 0x23));
        assert_eq!(parse_trace("  r n b q k b n r"), None);
        assert_eq!(
            parse_think_line("think 1 nodes, K,L ( 0, 0)\n"),
            Some((1, 0, 0))
        );
        assert_eq!(
            parse_think_line("think 412345 nodes, K,L (64,44)"),
            Some((412_345, 0x64, 0x44))
        );
        assert_eq!(
            parse_think_line(" 5 ply,    527211 searched,     12 by (13,23)"),
            None
        );
        assert_eq!(c_squares("e2e4"), (0x64, 0x44));
        assert_eq!(c_squares("e2"), (0x64, c_squares("\0\0\0\0").1));
        assert_eq!(micromax::mm32::square_name(0x64), "e2");
        assert_eq!(micromax::mm32::square_name(0), "a8");
    }

    #[test]
    fn budget_of_a_binary() {
        let p = Path::new("target/original/mm-sd-trace-n100000-u24");
        assert_eq!(binary_budget(p), Some(("sd".to_string(), 100_000, 24)));
        assert_eq!(binary_budget(Path::new("mm-old")), None);
    }

    #[test]
    fn budget_of_a_row() {
        let mut row = GameRow {
            opening: "e2e4".into(),
            moves: "e2e4".into(),
            settings: "builds=old,sd;nodes=100000;max_plies=400;hash_bits=24;games=2".into(),
            ..GameRow::default()
        };
        assert_eq!(row_budget(&row), Some((100_000, 24)));
        assert!(replayable(&row).is_ok());
        row.opening = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into();
        assert!(replayable(&row).unwrap_err().contains("FEN"));
        row.settings = "builds=old,sd;tc=15;hash_bits=24".into();
        assert_eq!(row_budget(&row), None);
        assert!(
            replayable(&row)
                .unwrap_err()
                .contains("played on the CPU clock")
        );
        // the node clock: replayable, each think sends its limit (no compiled budget)
        row.settings = "builds=old,sd;node_clock=9000000;hash_bits=24".into();
        row.opening = "e2e4".into();
        assert!(replayable(&row).is_ok());
        assert_eq!((row_budget(&row), row_hash_bits(&row)), (None, Some(24)));
        assert!(row_clock(&row).is_some());
        row.settings = "builds=old,sd;node_clock=x;hash_bits=24".into();
        assert!(replayable(&row).unwrap_err().contains("not readable"));
    }
}
