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

use crate::games_csv::GameRow;
use crate::settings::Settings;
use shakmaty::{Chess, Position};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// One line of the instrumented C's root trace:
/// `printf("%2d ply, %9d searched, %6d by (%2x,%2x)\n",d-1,N,m,X,Y&0x77)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trace {
    pub ply: i32,
    pub nodes: u64,
    pub x: i32,
    pub y: i32,
}

/// Parses a root-trace line; `None` for any other line (the board).
pub fn parse_trace(line: &str) -> Option<Trace> {
    let (ply, rest) = line.split_once(" ply,")?;
    let (nodes, rest) = rest.split_once(" searched,")?;
    let (_, squares) = rest.split_once('(')?;
    let (x, y) = squares.trim_end().trim_end_matches(')').split_once(',')?;
    let hex = |s: &str| i32::from_str_radix(s.trim(), 16).ok();
    Some(Trace {
        ply: ply.trim().parse().ok()?,
        nodes: nodes.trim().parse().ok()?,
        x: hex(x)?,
        y: hex(y)?,
    })
}

/// The line the instrumented C prints after every think once it has read a limit line (`#L`):
/// `think %d nodes, K,L (%2x,%2x)`: the think's `N` and the move it offers, which the root
/// trace cannot show when no iteration ran (a limit of 1 or less, or a root answered from the
/// hash).
pub fn parse_think_line(line: &str) -> Option<(u64, i32, i32)> {
    let rest = line.strip_prefix("think ")?;
    let (nodes, rest) = rest.split_once(" nodes, K,L (")?;
    let (x, y) = rest.trim_end().strip_suffix(')')?.split_once(',')?;
    let hex = |s: &str| i32::from_str_radix(s.trim(), 16).ok();
    Some((nodes.trim().parse().ok()?, hex(x)?, hex(y)?))
}

/// The C main loop's move parsing of a move line (see [`crate::engine::c_move`]), as `K`,`L`.
pub fn c_squares(uci: &str) -> (i32, i32) {
    let (k, l) = crate::engine::c_move(uci);
    (k as i32, l as i32)
}

/// Seconds a C process may take to print its first board, unless told otherwise
/// (`umax verify-c --first-board-timeout`).
pub const FIRST_BOARD_S: f64 = 10.0;

/// One running C process.
pub struct CProcess {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// `K`,`L` as the last move line set them (what a root answered from the hash offers).
    last_fed: (i32, i32),
    /// The last `think` line read (node-clock replays only).
    think_line: Option<(u64, i32, i32)>,
    /// The board the C printed last (its 8 lines): a move line it refuses leaves it unchanged.
    board: String,
}

/// What one think of the C printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CThink {
    pub x: i32,
    pub y: i32,
    pub nodes: u64,
    /// Deepest iteration, a mate-finding one (printed as ply 98) counted one deeper than the
    /// one before it, as the runner's depth columns (`engine::searched_depth`).
    pub depth: i32,
    /// Whether the C's legality check played the move it offered (its board changed).
    pub played: bool,
}

impl CProcess {
    /// Starts `binary` and reads its first board, waiting at most `first_board_s` seconds for it
    /// ([`FIRST_BOARD_S`] unless told otherwise).
    pub fn spawn(binary: &Path, first_board_s: f64) -> Result<CProcess, String> {
        let mut child = Command::new("stdbuf")
            .arg("-oL")
            .arg(local(binary))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start stdbuf -oL {}: {e}", binary.display()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut p = CProcess {
            child,
            stdin,
            stdout,
            last_fed: (0, 0),
            think_line: None,
            board: String::new(),
        };
        // micro-Max prints its board at once: a program that prints none within a few seconds
        // (not micro-Max, e.g. a filter waiting for input) is stopped, not waited on forever
        let pid = p.child.id();
        let watch = std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
        let watched = watch.clone();
        std::thread::spawn(move || {
            let (printed, board) = &*watched;
            let printed = printed.lock().unwrap_or_else(|e| e.into_inner());
            // wakes as soon as the board is read (the thread ends then, not after the wait)
            let (printed, _) = board
                .wait_timeout_while(
                    printed,
                    std::time::Duration::from_secs_f64(first_board_s),
                    |p| !*p,
                )
                .unwrap_or_else(|e| e.into_inner());
            if !*printed {
                // SAFETY: kill(2) of the child this process started; the flag is set (under
                // this lock) before `p` can be dropped and the child reaped, so while it is
                // unset the pid is still our unreaped child's
                unsafe {
                    libc::kill(pid as i32, libc::SIGKILL);
                }
            }
        });
        let first = p.reply().map_err(|e| {
            format!(
                "{}: printed no board (not micro-Max, or stopped after {first_board_s} s without one): {e}",
                binary.display()
            )
        });
        *watch.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        watch.1.notify_one();
        let first = first?;
        if !first.is_empty() {
            return Err(format!("{}: a trace before any input", binary.display()));
        }
        Ok(p)
    }

    /// What the C prints for one line: its trace lines, then the board (8 lines, kept in
    /// `board`).
    fn reply(&mut self) -> Result<Vec<Trace>, String> {
        let mut traces = Vec::new();
        let mut board_lines = 0;
        self.board.clear();
        while board_lines < 8 {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("reading the C process: {e}"))?;
            if n == 0 {
                return Err("the C process ended (is it an instrumented trace build?)".into());
            }
            if let Some(t) = parse_think_line(&line) {
                self.think_line = Some(t);
                continue;
            }
            match parse_trace(&line) {
                Some(t) => traces.push(t),
                None if line.contains(" ply,") => {
                    return Err(format!("unreadable trace line: {line:?}"));
                }
                None => {
                    board_lines += 1;
                    self.board.push_str(&line);
                }
            }
        }
        Ok(traces)
    }

    /// A limit line `#L` of the instrumented C: the node limit of the thinks that follow (the
    /// node clock's share). The C reads it as no line at all: nothing is printed.
    pub fn set_limit(&mut self, limit: i64) -> Result<(), String> {
        writeln!(self.stdin, "#{}", limit.max(0))
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("writing to the C process: {e}"))
    }

    fn send(&mut self, line: &str) -> Result<Vec<Trace>, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("writing to the C process: {e}"))?;
        self.reply()
    }

    /// A move line (the first four characters of a UCI move: the C ignores the rest). Returns
    /// whether the C played it: its legality check refuses a move by leaving the board as it
    /// was (a move it plays always changes the board).
    pub fn feed(&mut self, uci: &str) -> Result<bool, String> {
        let line = uci.get(..4).ok_or_else(|| format!("bad move {uci:?}"))?;
        let before = std::mem::take(&mut self.board);
        if !self.send(line)?.is_empty() {
            return Err(format!("the C thought after the move line {line}"));
        }
        self.last_fed = c_squares(uci);
        Ok(self.board != before)
    }

    /// An empty line: the C thinks and plays (unless its legality check refuses the move it
    /// offers: then its board is unchanged).
    pub fn think(&mut self) -> Result<CThink, String> {
        self.think_line = None;
        let before = std::mem::take(&mut self.board);
        let traces = self.send("")?;
        let played = self.board != before;
        let depth = crate::engine::searched_depth(traces.iter().map(|t| t.ply));
        if let Some((nodes, x, y)) = self.think_line.take() {
            // after a limit line the C says what the think searched and offers
            return Ok(CThink {
                x,
                y,
                nodes,
                depth,
                played,
            });
        }
        Ok(match traces.last() {
            Some(t) => CThink {
                x: t.x,
                y: t.y,
                nodes: t.nodes,
                depth,
                played,
            },
            None => CThink {
                x: self.last_fed.0,
                y: self.last_fed.1,
                nodes: 0,
                depth: 0,
                played,
            }, // K,L unchanged
        })
    }
}

impl Drop for CProcess {
    fn drop(&mut self) {
        let _ = self.child.kill(); // it would loop forever at end of input
        let _ = self.child.wait();
    }
}

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
    first_board_s: f64,
) -> Result<(), String> {
    replayable(row)?;
    if base_c.is_none() && test_c.is_none() {
        return Err(format!("game {}: no C binary for either side", row.game));
    }
    let (base_name, test_name) = crate::games_csv::settings_builds(&row.settings)
        .unwrap_or_else(|| crate::builds::Pairing::default().names());
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
    let spawn = |b: Option<&Path>| b.map(|p| CProcess::spawn(p, first_board_s)).transpose();
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
        if !played && !(last && rejected) {
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
    let mut clocks = clock.map(|c| [c.side(row.pair, true), c.side(row.pair, false)]);
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
            let c_move = crate::engine::move_name(t.x as i8, t.y as i8);
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
        let own = crate::engine::move_name(t.x as i8, t.y as i8);
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
    }
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

/// What `umax verify-c` does: replay games of one `games.csv` with the C processes of its builds'
/// twins (one side only when one build has none).
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    pub csv: Vec<std::path::PathBuf>,
    /// The instrumented C twin of each build the games need (`mm-NAME-trace-nN-uB`).
    pub c: Vec<(crate::builds::Build, std::path::PathBuf)>,
    /// Replay only the first N games (in game order).
    pub first: Option<usize>,
    /// Seconds each C process may take to print its first board ([`FIRST_BOARD_S`] by default).
    pub first_board_s: f64,
}

/// The totals of a verification.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VerifyTotals {
    pub games: usize,
    pub mismatches: usize,
    pub plies: u64,
    pub nodes: u64,
    /// CPU seconds of the C processes (user + system, start-up and hash clearing included).
    pub c_cpu_s: f64,
    /// Wall seconds of the replay.
    pub wall_s: f64,
    /// The rows' own think CPU seconds (both sides): what umax spent on the same games.
    pub umax_think_cpu_s: f64,
    /// The builds of the games without a C twin (micro-Max 4.8's): their side is not replayed,
    /// their moves are fed from the rows.
    pub not_replayed: Vec<String>,
}

/// `binary` as a program to run: a bare file name (`mm-old`) is the file in the current
/// directory, not a program looked up in `PATH`.
fn local(binary: &Path) -> std::path::PathBuf {
    if binary.is_relative() && binary.components().count() == 1 {
        Path::new(".").join(binary)
    } else {
        binary.to_path_buf()
    }
}

/// Starts `binary` once and stops it at once: a file that cannot be executed (no execute
/// permission, not a program for this machine) is one clear error before any game, not a
/// mismatch in every game.
pub fn check_executable(binary: &Path) -> Result<(), String> {
    let mut child = Command::new(local(binary))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: cannot be executed: {e}", binary.display()))?;
    let _ = child.kill();
    let _ = child.wait();
    Ok(())
}

/// Starts `binary` as a replay would and has it think once from the initial position, under a
/// limit line of [`CHECK_LIMIT`] nodes: a program that prints no board (not micro-Max) or whose
/// think prints no root trace (the published C, not the instrumented build that
/// `scripts/build-original.sh` makes) is one clear error before any game, not a mismatch in every
/// game. The published C reads the limit line as a move line and answers it with a board and no
/// trace, so it is told apart at once, without waiting for its own 1e7-node think (the process
/// is killed with that think under way).
pub fn check_instrumented(binary: &Path, make: &str, first_board_s: f64) -> Result<(), String> {
    let mut p = CProcess::spawn(binary, first_board_s)?;
    p.set_limit(CHECK_LIMIT)?;
    if p.send("")?.is_empty() {
        return Err(format!(
            "{}: printed no root trace on a think: not an instrumented build (make them with \
             {make})",
            binary.display()
        ));
    }
    Ok(())
}

/// The node limit of [`check_instrumented`]'s think: a few iterations, a few milliseconds.
const CHECK_LIMIT: i64 = 1000;

/// `(build, nodes, hash bits)` from a binary named by `scripts/build-original.sh`
/// (`mm-old-trace-n100000-u24`); `None` for other names.
pub fn binary_budget(path: &Path) -> Option<(String, u64, u32)> {
    let name = path.file_name()?.to_str()?;
    let rest = name.strip_prefix("mm-")?;
    let (build, rest) = rest.split_once("-trace-n")?;
    let (nodes, bits) = rest.split_once("-u")?;
    Some((build.to_string(), nodes.parse().ok()?, bits.parse().ok()?))
}

/// Replays the games of `opts.csv` with the C builds (the sides of the builds with a twin);
/// `on_game` gets one line per game (a mismatch line names the first difference). Bad input (unreadable file, games the C cannot
/// play, binaries built for another budget) is an error before any game is replayed.
pub fn verify(opts: &VerifyOptions, mut on_game: impl FnMut(&str)) -> Result<VerifyTotals, String> {
    let mut rows = crate::report::read_games(&opts.csv)?;
    rows.sort_by_key(|r| r.game);
    if let Some(n) = opts.first {
        rows.truncate(n);
    }
    if rows.is_empty() {
        return Err("no games to replay".into());
    }
    // the C has twins of some builds only (src/builds.rs)
    let (base, test) = crate::games_csv::settings_builds(&rows[0].settings)
        .unwrap_or_else(|| crate::builds::Pairing::default().names());
    // the builds with a C twin are replayed; a build without one (micro-Max 4.8's) is not: its
    // moves are fed from the rows to the other side's C
    let mut need = Vec::new();
    let mut sides: [Option<std::path::PathBuf>; 2] = [None, None];
    let mut not_replayed = Vec::new();
    for (i, name) in [&base, &test].into_iter().enumerate() {
        let build: crate::builds::Build = name.parse().map_err(|e| format!("verify-c: {e}"))?;
        if !build.c_twin() {
            if opts.c.iter().any(|(b, _)| *b == build) {
                return Err(format!(
                    "verify-c: --c {build}=...: {build} has no C twin in the repository; its side of the games is not replayed, its moves are fed from the rows"
                ));
            }
            not_replayed.push(build);
            continue;
        }
        let path = opts
            .c
            .iter()
            .rev()
            .find(|(b, _)| *b == build)
            .map(|(_, p)| p.clone())
            .ok_or_else(|| {
                format!("verify-c: the games need the C twin of {build}: give --c {build}=PATH")
            })?;
        sides[i] = Some(path.clone());
        need.push((build, path));
    }
    if need.is_empty() {
        // neither build has a twin: say so as for any build without one
        crate::builds::require_c_twin(not_replayed[0], "verify-c")?;
    }
    for row in &rows {
        replayable(row)?;
    }
    let bits = row_hash_bits(&rows[0])
        .ok_or_else(|| format!("game {}: no hash_bits= in its settings", rows[0].game))?;
    // at --nodes the binaries are built for the budget; on the node clock every think sends
    // its limit, so any binary of the table size will do
    let nodes = row_budget(&rows[0]).map(|(n, _)| n);
    let make = match nodes {
        Some(n) => format!("scripts/build-original.sh --nodes {n} --hash-bits {bits}"),
        None => format!("scripts/build-original.sh --hash-bits {bits}"),
    };
    for (build, path) in &need {
        let build = build.name();
        if !path.is_file() {
            return Err(format!(
                "{}: no such file (make the C builds with {make})",
                path.display()
            ));
        }
        if let Some((b, n, u)) = binary_budget(path) {
            let wrong = match nodes {
                Some(nodes) => (b.as_str(), n, u) != (build, nodes, bits),
                None => (b.as_str(), u) != (build, bits),
            };
            if wrong {
                let need = match nodes {
                    Some(nodes) => {
                        format!("the {build} build for {nodes} nodes and {bits} hash bits")
                    }
                    None => format!(
                        "the {build} build for {bits} hash bits (any node limit: the node clock sends each think's)"
                    ),
                };
                return Err(format!(
                    "{} is the {b} build for {n} nodes and {u} hash bits; the games need {need}",
                    path.display()
                ));
            }
        }
        check_executable(path)?;
    }
    // only then run them: a file that cannot be executed is named before any other's think
    for (_, path) in &need {
        check_instrumented(path, &make, opts.first_board_s)?;
    }
    let mut totals = VerifyTotals {
        not_replayed: not_replayed.iter().map(|b| b.name().to_string()).collect(),
        ..VerifyTotals::default()
    };
    let cpu0 = children_cpu_seconds();
    let t0 = std::time::Instant::now();
    for row in &rows {
        totals.games += 1;
        totals.umax_think_cpu_s += row.test_cpu_s + row.base_cpu_s;
        let (base_c, test_c) = (sides[0].as_deref(), sides[1].as_deref());
        match replay_sides(row, base_c, test_c, opts.first_board_s) {
            Ok(()) => {
                totals.plies += row.plies;
                totals.nodes += base_c.map_or(0, |_| row.base_nodes);
                totals.nodes += test_c.map_or(0, |_| row.test_nodes);
                let line = match (base_c, test_c) {
                    (Some(_), Some(_)) => format!(
                        "game {}: identical ({} plies, nodes {} {} {} {})",
                        row.game, row.plies, base, row.base_nodes, test, row.test_nodes
                    ),
                    (Some(_), None) => format!(
                        "game {}: identical ({} plies; {base}'s side, nodes {}; {test}'s moves from the row)",
                        row.game, row.plies, row.base_nodes
                    ),
                    _ => format!(
                        "game {}: identical ({} plies; {test}'s side, nodes {}; {base}'s moves from the row)",
                        row.game, row.plies, row.test_nodes
                    ),
                };
                on_game(&line);
            }
            Err(e) => {
                totals.mismatches += 1;
                on_game(&format!("MISMATCH {e}"));
            }
        }
    }
    totals.wall_s = t0.elapsed().as_secs_f64();
    totals.c_cpu_s = children_cpu_seconds() - cpu0;
    Ok(totals)
}

/// CPU seconds (user + system) of all waited-for child processes of this process so far.
pub fn children_cpu_seconds() -> f64 {
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the struct we own.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };
    if rc != 0 {
        return 0.0;
    }
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    tv(ru.ru_utime) + tv(ru.ru_stime)
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
        assert_eq!(crate::engine::square_name(0x64), "e2");
        assert_eq!(crate::engine::square_name(0), "a8");
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
