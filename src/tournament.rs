//! `umax tournament`: a round robin (or a gauntlet) of builds, made of matches.
//!
//! Every pairing is a match run directory `DIR/<base>-<test>/` (the earlier build of the list
//! is the base), written exactly as `umax match --builds base,test --games N <options> --out
//! DIR/<base>-<test>` writes it — games.csv, games.pgn, command.txt, summary — so `umax report`
//! reads any pairing, and the match's guarantees (resume, shards, the settings check) hold per
//! pairing. The pairings are played by one pool of worker threads
//! ([`crate::matchrun::run_pairings`]), their pairs interleaved (pair 1 of every pairing, then
//! pair 2, ...), so a stopped tournament has every pairing about equally far. The ratings of
//! all pairings at once are [`crate::ratings`].
//!
//! `DIR/tournament.txt` records the builds, the pairings and the options; `--resume` refuses a
//! directory whose record differs. Shards (`--shard K/N`) play pairs p with (p-1)%N == K-1 of
//! every pairing into their own DIR; [`merge`] joins the shards' pairing directories through
//! `umax report` (which refuses a shard that is incomplete).

use crate::matchrun::{MatchOptions, run_pairings};
use crate::pairing::Pairing;
use crate::pairing::{EngineSpec, Player};
use micromax::builds::ALL;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The record of a tournament directory.
pub const RECORD: &str = "tournament.txt";

/// What `umax tournament` takes: the builds, the pairings' shape, and the options every
/// pairing's match is played with (`template`: its builds, games and out are set per pairing).
#[derive(Clone, Debug)]
pub struct TournamentOptions {
    /// The players: builds, and engines of their own processes (`--engine`).
    pub builds: Vec<Player>,
    /// The gauntlet's players (empty: a round robin).
    pub gauntlet: Vec<Player>,
    pub games_per_pair: u64,
    pub out: PathBuf,
    pub template: MatchOptions,
    /// Bootstrap resamples for the ratings' intervals.
    pub resamples: usize,
}

/// `--builds`: a comma-separated list of builds of the catalogue and engines of `engines`
/// (`--engine`), or `all` (every build). Refuses an unknown name, a name given twice and fewer
/// than two.
pub fn parse_builds(s: &str, engines: &[Arc<EngineSpec>]) -> Result<Vec<Player>, String> {
    let builds: Vec<Player> = if s.trim() == "all" {
        ALL.iter().map(|&b| Player::Build(b)).collect()
    } else {
        s.split(',')
            .map(|b| crate::pairing::player(b.trim(), engines))
            .collect::<Result<_, _>>()?
    };
    for (i, b) in builds.iter().enumerate() {
        if builds[..i].contains(b) {
            return Err(format!("--builds '{s}': {b} is named twice"));
        }
    }
    if builds.len() < 2 {
        return Err(format!(
            "--builds '{s}': a tournament needs at least two builds (the builds: {})",
            micromax::builds::names()
        ));
    }
    Ok(builds)
}

/// The pairings: every two builds of the list in order (round robin), or, in a gauntlet, each
/// player of `gauntlet` (in its order) against each player of the list that is not in it.
pub fn pairings(builds: &[Player], gauntlet: &[Player]) -> Result<Vec<Pairing>, String> {
    if gauntlet.is_empty() {
        return Ok(builds
            .iter()
            .enumerate()
            .flat_map(|(i, a)| {
                builds[i + 1..].iter().map(move |b| Pairing {
                    base: a.clone(),
                    test: b.clone(),
                })
            })
            .collect());
    }
    let names = || {
        builds
            .iter()
            .map(|b| b.name())
            .collect::<Vec<_>>()
            .join(",")
    };
    for g in gauntlet {
        if !builds.contains(g) {
            return Err(format!("--gauntlet {g}: not one of --builds ({})", names()));
        }
    }
    let field: Vec<&Player> = builds.iter().filter(|b| !gauntlet.contains(b)).collect();
    if field.is_empty() {
        return Err(format!(
            "--gauntlet names every player of --builds ({}): it has no one to play",
            names()
        ));
    }
    Ok(gauntlet
        .iter()
        .flat_map(|g| {
            field.iter().map(move |b| Pairing {
                base: g.clone(),
                test: (*b).clone(),
            })
        })
        .collect())
}

/// The directory of a pairing in a tournament directory.
pub fn pairing_dir(dir: &Path, p: &Pairing) -> PathBuf {
    dir.join(format!("{}-{}", p.base, p.test))
}

/// The record's text: what must be equal for a resume.
fn record(opts: &TournamentOptions, list: &[MatchOptions]) -> Result<String, String> {
    let builds: Vec<&str> = opts.builds.iter().map(|b| b.name()).collect();
    let mut s = format!(
        "builds={}\ngauntlet={}\ngames_per_pair={}\npairings={}\n",
        builds.join(","),
        if opts.gauntlet.is_empty() {
            "-".to_string()
        } else {
            opts.gauntlet
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(",")
        },
        opts.games_per_pair,
        list.iter()
            .map(|o| format!("{}-{}", o.builds.base, o.builds.test))
            .collect::<Vec<_>>()
            .join(",")
    );
    // the settings of the first pairing without its builds: every pairing shares them
    let book = crate::matchrun::book::load(&list[0].openings)?;
    let settings = crate::matchrun::settings_string(&list[0], &book.name, &book.hash);
    let shared = settings.split_once(';').map_or("", |(_, rest)| rest);
    // without the engines of the first pairing: each engine is a line of its own
    let shared: Vec<&str> = shared
        .split(';')
        .filter(|f| !f.starts_with("engine."))
        .collect();
    s += &format!("settings={}\n", shared.join(";"));
    for b in &opts.builds {
        if let Player::Engine(e) = b {
            s += &format!("engine.{}={}\n", e.name, e.setting());
        }
    }
    Ok(s)
}

/// The match options of every pairing.
fn pairing_options(opts: &TournamentOptions) -> Result<Vec<MatchOptions>, String> {
    if opts.games_per_pair == 0 || !opts.games_per_pair.is_multiple_of(2) {
        return Err(format!(
            "--games-per-pair {}: a pairing plays whole pairs of games (colours reversed): give an even number",
            opts.games_per_pair
        ));
    }
    if opts.template.sprt.is_some() {
        return Err("--sprt is for a match of two builds, not a tournament".into());
    }
    let engines = opts.builds.iter().filter_map(|b| match b {
        Player::Engine(e) => Some(e),
        Player::Build(_) => None,
    });
    crate::external::probe_all(engines, &opts.template.budget)?;
    Ok(pairings(&opts.builds, &opts.gauntlet)?
        .into_iter()
        .map(|p| {
            let mut o = opts.template.clone();
            o.builds = p.clone();
            o.games = opts.games_per_pair;
            o.out = Some(pairing_dir(&opts.out, &p));
            o
        })
        .collect())
}

/// The lines of a record that must match (its `# ` lines are history: the growth).
fn record_keys(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#')).collect()
}

fn record_value<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or("")
}

/// On `--resume` with a record that differs from `before`: a growth (the same builds first, in
/// their order, then new ones; the same settings, games per pairing and gauntlet) returns the
/// history line to record; anything else is refused with what differs.
fn growth(before: &str, now: &str, path: &Path) -> Result<String, String> {
    let old: Vec<&str> = record_value(before, "builds").split(',').collect();
    let new: Vec<&str> = record_value(now, "builds").split(',').collect();
    let refuse = |why: String| {
        Err(format!(
            "{}: {why}; refusing to resume (nothing was written)",
            path.display()
        ))
    };
    if let Some(dropped) = old.iter().find(|b| !new.contains(b)) {
        return refuse(format!(
            "the tournament has build {dropped}, which --builds drops (a tournament grows, it does not shrink: its builds are {})",
            old.join(",")
        ));
    }
    for key in ["settings", "games_per_pair", "gauntlet"] {
        let (a, b) = (record_value(before, key), record_value(now, key));
        if a != b {
            return refuse(format!(
                "other {key} than the tournament's (was {a}, now {b}); a grown tournament keeps its settings"
            ));
        }
    }
    if new[..old.len()] != old[..] {
        return refuse(format!(
            "to grow it, name its builds first, in their order ({}), then the new ones",
            old.join(",")
        ));
    }
    Ok(format!(
        "# grown {}: builds {} -> {} (pairings added: {})\n",
        crate::text::utc_now().iso(),
        old.join(","),
        new.join(","),
        {
            let was: Vec<&str> = record_value(before, "pairings").split(',').collect();
            record_value(now, "pairings")
                .split(',')
                .filter(|p| !was.contains(p))
                .collect::<Vec<_>>()
                .join(",")
        }
    ))
}

/// Plays the tournament (or this shard of it, or what a resumed one still lacks), then writes
/// the ratings (if every pairing has games) and returns the text to print. `--resume` with
/// more builds grows it ([`growth`]): only the new pairings have games to play.
pub fn run(opts: &TournamentOptions) -> Result<String, String> {
    let mut list = pairing_options(opts)?;
    let mut rec = record(opts, &list)?;
    let path = opts.out.join(RECORD);
    // the run directory's checks (one writer, locked before the record is read; a used
    // directory refused without --resume; --resume needs the record)
    let checked = crate::rundir::check(&opts.out, opts.template.resume, RECORD)?;
    if opts.template.resume {
        let before = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let history: String = before
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        if record_keys(&before) == record_keys(&rec) {
            rec = format!("{rec}{history}");
        } else if record_value(&before, "builds") != record_value(&rec, "builds") {
            let grown = growth(&before, &rec, &path)?;
            // the new pairings start afresh in directories of their own
            for o in &mut list {
                let dir = o.out.clone().expect("pairing_options sets it");
                o.resume = dir.join(crate::matchrun::match_dir::GAMES_CSV).is_file();
            }
            eprint!("umax tournament: {}", grown.trim_start_matches("# "));
            rec = format!("{rec}{history}{grown}");
        } else {
            let diff: Vec<String> = before
                .lines()
                .zip(rec.lines())
                .filter(|(a, b)| a != b)
                .map(|(a, b)| format!("  was {a}\n  now {b}"))
                .collect();
            return Err(format!(
                "{}: a tournament of other settings; refusing to resume it:\n{}",
                path.display(),
                diff.join("\n")
            ));
        }
    }
    // every pairing's options are checked (and its directory planned) before anything is
    // written, by run_pairings; the record is written first so that a resume can check it
    for o in &list {
        o.clone().validate()?;
    }
    let lock = checked.create()?;
    crate::files::write_atomically(&path, rec.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let outcomes = run_pairings(&list, "umax tournament")?;
    let mut text = String::new();
    for (o, outcome) in list.iter().zip(&outcomes) {
        // each pairing's summary and plots, as `umax match` leaves them
        if !outcome.rows.is_empty() {
            crate::report::run(&crate::report::ReportOptions {
                csv: vec![outcome.dir.join("games.csv")],
                out: Some(outcome.dir.clone()),
                plots: true,
                sprt: None,
                allow_partial: false,
            })?;
        }
        text += &pairing_line(o.builds.clone(), &outcome.rows);
    }
    if outcomes.iter().all(|o| !o.rows.is_empty()) {
        text += "\n";
        text += &crate::ratings::write_ratings(&opts.out, opts.resamples)?;
    }
    drop(lock);
    Ok(text)
}

/// One line per pairing: games and the test build's score, as the match's progress shows it.
pub fn pairing_line(p: Pairing, rows: &[crate::games_csv::GameRow]) -> String {
    let mut t = crate::matchrun::scoreboard::Tally::default();
    for r in rows {
        t.add(r);
    }
    format!(
        "{:<16} {:>5} games  {} {}-{}-{} (W-D-L) against {}, score {:.1}%\n",
        format!("{}-{}", p.base, p.test),
        t.games(),
        p.test,
        t.wins,
        t.draws,
        t.losses,
        p.base,
        100.0 * t.score()
    )
}

/// Joins the pairing directories of tournament shards (`shards`: their DIRs) into `out`: for
/// every pairing, `umax report` over the shards' games.csv files writes `out/<pairing>/`
/// (refusing a shard that lacks games, unless `allow_partial`), then the ratings.
pub fn merge(
    shards: &[PathBuf],
    out: &Path,
    allow_partial: bool,
    resamples: usize,
) -> Result<String, String> {
    let first = shards.first().ok_or("no shard directories given")?;
    let rec = std::fs::read_to_string(first.join(RECORD))
        .map_err(|_| format!("{}: no {RECORD} (not a tournament shard)", first.display()))?;
    for s in &shards[1..] {
        let other = std::fs::read_to_string(s.join(RECORD))
            .map_err(|_| format!("{}: no {RECORD} (not a tournament shard)", s.display()))?;
        if other != rec {
            return Err(format!(
                "{} and {} are shards of different tournaments",
                first.display(),
                s.display()
            ));
        }
    }
    // the one reader of a record's pairings (the record was read above, so it is there)
    let pairings = crate::ratings::recorded_pairings(first)?
        .ok_or_else(|| format!("{}: no {RECORD}", first.display()))?;
    // every pairing checked before anything is written
    let mut merged = Vec::new();
    for name in pairings.iter().map(String::as_str) {
        let csv: Vec<PathBuf> = shards
            .iter()
            .map(|s| s.join(name).join("games.csv"))
            .collect();
        let rows = crate::report::read_games(&csv)?;
        if !allow_partial {
            // also with one shard given: it must hold the whole pairing
            crate::report::check_merge_complete(&csv, &rows)?;
        }
        merged.push((name, csv, rows));
    }
    // a new or empty directory only: never another tournament, nor one of the shards
    let _lock = crate::rundir::check(out, false, RECORD)?.create()?;
    crate::files::write_atomically(&out.join(RECORD), rec.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", out.join(RECORD).display()))?;
    let mut text = String::new();
    for (name, csv, rows) in merged {
        let (report, _) = crate::report::run(&crate::report::ReportOptions {
            csv,
            out: Some(out.join(name)),
            plots: true,
            sprt: None,
            allow_partial: true,
        })?;
        let path = out.join(name).join("games.csv");
        crate::files::write_atomically(&path, &crate::games_csv::csv_bytes(&rows))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        text += &format!("== {name}\n{report}");
    }
    text += "\n";
    text += &crate::ratings::write_ratings(out, resamples)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(s: &str) -> Vec<Player> {
        parse_builds(s, &[]).unwrap()
    }

    #[test]
    fn round_robins_and_gauntlets_of_one_or_several() {
        let names = |p: Vec<Pairing>| -> Vec<String> {
            p.iter().map(|p| format!("{}-{}", p.base, p.test)).collect()
        };
        let b = list("old,sd,mm48,mm48sd");
        assert_eq!(
            names(pairings(&b, &[]).unwrap()),
            [
                "old-sd",
                "old-mm48",
                "old-mm48sd",
                "sd-mm48",
                "sd-mm48sd",
                "mm48-mm48sd"
            ]
        );
        assert_eq!(
            names(pairings(&b, &list("sd,old")[..1]).unwrap()),
            ["sd-old", "sd-mm48", "sd-mm48sd"]
        );
        // several: each against the field (the players not in the gauntlet), never each other
        assert_eq!(
            names(pairings(&b, &list("old,sd")).unwrap()),
            ["old-mm48", "old-mm48sd", "sd-mm48", "sd-mm48sd"]
        );
        assert!(
            pairings(&list("old,sd"), &list("old,sd"))
                .unwrap_err()
                .contains("no one to play")
        );
        assert!(
            pairings(&list("old,sd"), &list("mm48,sd"))
                .unwrap_err()
                .contains("not one of --builds")
        );
    }
}
