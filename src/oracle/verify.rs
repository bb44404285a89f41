//! `umax verify-c`: the games of a games.csv replayed with the C twins of their builds, after the
//! binaries are checked (present, built for the games' budget and table size, executable,
//! instrumented).

use super::process::{CProcess, local};
use super::{replay_sides, replayable, row_budget, row_hash_bits};
use std::path::Path;
use std::process::{Command, Stdio};

/// twins (one side only when one build has none).
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    pub csv: Vec<std::path::PathBuf>,
    /// The instrumented C twin of each build the games need (`mm-NAME-trace-nN-uB`).
    pub c: Vec<(micromax::builds::Build, std::path::PathBuf)>,
    /// Replay only the first N games (in game order).
    pub first: Option<usize>,
    /// Seconds each C process may take to print its first board ([`FIRST_BOARD_S`] by default).
    pub first_board_s: f64,
    /// Wall seconds each think of a C process may take before it is stopped as stuck
    /// ([`super::THINK_S`] by default).
    pub think_s: f64,
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
pub fn check_instrumented(
    binary: &Path,
    make: &str,
    timeouts: super::Timeouts,
) -> Result<(), String> {
    let mut p = CProcess::spawn(binary, timeouts)?;
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
    // the C has twins of some builds only (micromax/src/builds.rs)
    let (base, test) = crate::games_csv::settings_builds(&rows[0].settings)
        .unwrap_or_else(|| crate::pairing::Pairing::default().names());
    // the builds with a C twin are replayed; a build without one (micro-Max 4.8's) is not: its
    // moves are fed from the rows to the other side's C
    let mut need = Vec::new();
    let mut sides: [Option<std::path::PathBuf>; 2] = [None, None];
    let mut not_replayed = Vec::new();
    for (i, name) in [&base, &test].into_iter().enumerate() {
        let build: micromax::builds::Build = name.parse().map_err(|e| format!("verify-c: {e}"))?;
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
        micromax::builds::require_c_twin(not_replayed[0], "verify-c")?;
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
    let timeouts = super::Timeouts {
        first_board_s: opts.first_board_s,
        think_s: opts.think_s,
    };
    // only then run them: a file that cannot be executed is named before any other's think
    for (_, path) in &need {
        check_instrumented(path, &make, timeouts)?;
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
        match replay_sides(row, base_c, test_c, timeouts) {
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
