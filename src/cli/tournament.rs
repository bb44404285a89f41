//! `umax tournament`.

use super::run::RunArgs;
use super::{parse_count, parse_count_usize};
use clap::Args;

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The players: a list of builds and engines named by --engine (e.g. old,sd,noiid,sf1500)
    /// or `all` (every build of `umax builds`). Every pairing of two of them is played, the
    /// earlier of the list as the base.
    #[arg(long, value_name = "LIST|all", required_unless_present_any = ["merge", "rate"])]
    pub builds: Option<String>,
    /// Merge the shard directories of one tournament (each made with --shard K/N) into --out:
    /// every pairing's games.csv and summary, then the ratings. Refuses shards that lack games
    /// of the tournament (like `umax report` for match shards) unless --allow-partial.
    #[arg(long, value_name = "SHARD_DIR", num_args = 1.., conflicts_with = "builds")]
    pub merge: Vec<std::path::PathBuf>,
    /// Only the rating step: read the pairing directories of the tournament DIR (as committed,
    /// complete or not) and write its ratings.csv, crosstable.csv, ratings.txt, ratings.svg.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["builds", "merge"])]
    pub rate: Option<std::path::PathBuf>,
    /// With --merge: report what is there even if shards lack games (a tournament still running).
    #[arg(long, requires = "merge")]
    pub allow_partial: bool,
    /// A gauntlet instead of a round robin: BASE plays each other player of --builds only;
    /// several (BASE,BASE2,...): each plays each player of --builds not named here (a field of
    /// opponents, e.g. engines at several strengths).
    #[arg(long, value_name = "BASE[,BASE...]")]
    pub gauntlet: Option<String>,
    /// Games per pairing (whole pairs: an even number).
    #[arg(long, default_value_t = 20, value_parser = parse_count)]
    pub games_per_pair: u64,
    /// Bootstrap resamples (over game pairs) for the ratings' intervals.
    #[arg(long, default_value_t = umax::ratings::DEFAULT_RESAMPLES, value_parser = resamples)]
    pub resamples: usize,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Bootstrap resamples: 0 (no intervals) to a million (each holds a rating per build).
pub fn resamples(s: &str) -> Result<usize, String> {
    let n = parse_count_usize(s)?;
    if n > 1_000_000 {
        return Err(format!("{n} is too many: at most 1000000 (1e6)"));
    }
    Ok(n)
}
