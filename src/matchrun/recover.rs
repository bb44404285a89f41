//! `umax recover DIR`: the rows a stopped run saved beside its files (`FILE.recovered`, written
//! by [`crate::rundir::Guarded::salvage`]) merged back into the run directory.

use super::match_dir::{GAME_FILES, GAMES_CSV};
use crate::rundir::{DirLock, RECOVERED_SUFFIX, recovered_path};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// `umax recover DIR`: puts the rows saved by a stopped run back. For a run directory with
/// `games.csv.recovered`: the rows of both files by game number (a game in both must be the
/// same row), and every per-game output (`games.pgn`) likewise; a tournament directory: each
/// pairing directory that has recovered files. Returns what it did.
pub fn recover(dir: &Path) -> Result<String, String> {
    let _lock = DirLock::acquire(dir)?;
    let mut dirs = Vec::new();
    if recovered_path(&dir.join(GAMES_CSV)).exists() {
        dirs.push(dir.to_path_buf());
    }
    let mut subdirs: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    subdirs.sort();
    // a tournament's pairings are those its record lists: rows saved in any other directory
    // are not merged into a pairing of it
    let pairings = crate::ratings::recorded_pairings(dir)?;
    for sub in subdirs {
        if recovered_path(&sub.join(GAMES_CSV)).exists() {
            let name = sub
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if let Some(p) = &pairings
                && !p.contains(&name)
            {
                return Err(format!(
                    "{}: not a pairing of the tournament {} (its tournament.txt lists {}); not merging anything",
                    sub.display(),
                    dir.display(),
                    p.join(",")
                ));
            }
            dirs.push(sub);
        }
    }
    if dirs.is_empty() {
        return Err(format!(
            "{}: nothing to recover (no games.csv{RECOVERED_SUFFIX} in it or in its pairing directories)",
            dir.display()
        ));
    }
    // every directory's merge is computed (and refused) before any is written
    let mut locks = Vec::new();
    let mut plans = Vec::new();
    for d in &dirs {
        if d != dir {
            locks.push(DirLock::acquire(d)?);
        }
        plans.push(merge_plan(d)?);
    }
    let mut text = String::new();
    for (d, plan) in dirs.iter().zip(plans) {
        for (path, bytes) in &plan.writes {
            crate::files::write_atomically(path, bytes)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        for path in &plan.remove {
            fs::remove_file(path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
        }
        text += &format!(
            "{}: {} rows ({} recovered, {} already there); continue with --resume\n",
            d.display(),
            plan.rows,
            plan.recovered,
            plan.rows - plan.recovered
        );
    }
    Ok(text)
}

struct MergePlan {
    writes: Vec<(PathBuf, Vec<u8>)>,
    remove: Vec<PathBuf>,
    rows: usize,
    recovered: usize,
}

fn merge_plan(dir: &Path) -> Result<MergePlan, String> {
    use crate::settings::Settings;
    let csv = dir.join(GAMES_CSV);
    let saved_csv = recovered_path(&csv);
    let saved = crate::games_csv::read_games_csv(&saved_csv)?;
    let current = if csv.exists() {
        crate::games_csv::read_games_csv(&csv)?.rows
    } else {
        Vec::new()
    };
    let by_game: HashMap<u64, &crate::games_csv::GameRow> =
        saved.rows.iter().map(|r| (r.game, r)).collect();
    let mut rows = saved.rows.clone();
    let condition = saved.rows.first().map(|r| Settings::parse(&r.settings));
    for r in &current {
        match by_game.get(&r.game) {
            Some(s) if *s == r => {}
            Some(_) => {
                return Err(format!(
                    "{}: game {} differs between {} and {}; not merging (compare them by hand)",
                    dir.display(),
                    r.game,
                    csv.display(),
                    saved_csv.display()
                ));
            }
            None => {
                if condition
                    .as_ref()
                    .is_some_and(|c| !c.same_match(&Settings::parse(&r.settings)))
                {
                    return Err(format!(
                        "{}: {} holds rows of other settings than {}; not merging",
                        dir.display(),
                        csv.display(),
                        saved_csv.display()
                    ));
                }
                rows.push(r.clone());
            }
        }
    }
    // the saved rows the directory lacked (the others were there already)
    let recovered = rows.len() - current.len();
    let saved_games: std::collections::HashSet<u64> = saved.rows.iter().map(|r| r.game).collect();
    let all_games: std::collections::HashSet<u64> = rows.iter().map(|r| r.game).collect();
    let mut writes = vec![(csv.clone(), crate::games_csv::csv_bytes(&rows))];
    let mut remove = vec![saved_csv];
    for output in GAME_FILES {
        let path = dir.join(output.name());
        let saved_path = recovered_path(&path);
        let read = |p: &Path| fs::read_to_string(p).unwrap_or_default();
        let mut text = output.keep(&read(&saved_path), &|g| saved_games.contains(&g));
        text += &output.keep(&read(&path), &|g| {
            all_games.contains(&g) && !saved_games.contains(&g)
        });
        writes.push((path, text.into_bytes()));
        if saved_path.exists() {
            remove.push(saved_path);
        }
    }
    Ok(MergePlan {
        writes,
        remove,
        rows: rows.len(),
        recovered,
    })
}
