//! `umax bench`, and the list of builds it (and `umax anatomy`) takes.

use super::node_limit;
use clap::Args;
use micromax::builds::Build;
use micromax::seam::DEFAULT_HASH_BITS;

/// The builds `bench --build` searches with.
#[derive(Clone, Debug)]
pub struct BenchBuilds(pub Vec<Build>);

/// `--build` of `bench`: a build's name, a list (`old,sd,iidr2`: ratios to the first), `all`
/// (every build) or `both` (the default pairing, base then test: the committed runs' name).
pub fn parse_bench_builds(s: &str) -> Result<BenchBuilds, String> {
    let list: Vec<Build> = match s {
        "both" => {
            let (base, test) = umax::pairing::Pairing::default().builds()?;
            vec![base, test]
        }
        "all" => micromax::builds::ALL.to_vec(),
        _ => s
            .split(',')
            .map(|b| b.trim().parse::<Build>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{e}; or a list, or all"))?,
    };
    for (i, b) in list.iter().enumerate() {
        if list[..i].contains(b) {
            return Err(format!("'{s}': {b} is named twice"));
        }
    }
    Ok(BenchBuilds(list))
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A build of `umax builds`, a list (each position searched by each build; with --depth,
    /// each later build's node ratios to the first), `all` (every build) or `both` (the default
    /// pairing).
    #[arg(long, default_value = umax::pairing::DEFAULT_BUILD, value_parser = parse_bench_builds)]
    pub build: BenchBuilds,
    /// Hash table of 2^BITS+8 entries (24: the published size).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Node limit of each think (the 3.2 root rule with this in place of 1e7).
    #[arg(long, default_value_t = crate_bench_default_nodes(), value_parser = node_limit, conflicts_with = "depth")]
    pub nodes: u64,
    /// Search each position to this root depth instead (no node limit) and print the nodes to
    /// complete each depth 1..DEPTH; with several builds, the ratios to the first and their
    /// medians per depth.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=30))]
    pub depth: Option<i32>,
    /// Positions file instead of the built-in suite: one per line, `name<TAB>uci moves` or
    /// just UCI moves from the start position.
    #[arg(long)]
    pub positions: Option<std::path::PathBuf>,
    /// With --depth: also write the per-position, per-depth table as CSV to this file.
    #[arg(long, requires = "depth")]
    pub csv: Option<std::path::PathBuf>,
}

const fn crate_bench_default_nodes() -> u64 {
    umax::bench::DEFAULT_NODES as u64
}
