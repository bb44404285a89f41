use clap::{CommandFactory, FromArgMatches};
use micromax::builds::Build;
use std::io::Write as _;
use std::process::ExitCode;
use umax::files::check_writable;

mod cli;
use cli::{Cli, Command};

fn main() -> ExitCode {
    // A write past the file size limit (`ulimit -f`) must fail with EFBIG, which the run
    // reports and recovers from, instead of killing the process mid-row.
    // SAFETY: setting a signal's disposition to ignore, before any thread starts.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    let matches = Cli::command().get_matches();
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    // --engine's words grouped by occurrence (the derive flattens them)
    if let Some((_, sub)) = matches.subcommand() {
        match &mut cli.command {
            Command::Match(a) => a.run.group_engines(sub),
            Command::Tournament(a) => a.run.group_engines(sub),
            Command::Judge(a) => a.engines = cli::group_engines(sub),
            _ => {}
        }
    }
    let command = std::env::args().nth(1).unwrap_or_default();
    // the watchdog's panic (a search that does not stop) is an error of the command, reported
    // below with what the command knows; every other panic is reported as before
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if micromax::Stuck::of_panic(info.payload()).is_none() {
            default_hook(info);
        }
    }));
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(code)) => code,
        Ok(Err(e)) => {
            // messages quote input files: no control sequence of theirs reaches the terminal
            eprintln!("umax: {}", umax::text::escape(&e.to_string()));
            ExitCode::from(1)
        }
        Err(payload) => match micromax::Stuck::of_panic(payload.as_ref()) {
            Some(stuck) => {
                eprintln!(
                    "umax {command}: watchdog: {stuck}; stopped (a search edited so that it does not stop? docs/reference.md, \"A search that does not stop\")"
                );
                ExitCode::from(3)
            }
            None => std::panic::resume_unwind(payload),
        },
    }
}

fn run(cli: Cli) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match cli.command {
        Command::Play(args) => {
            let mut engine = args.engine.build.searcher_with(&micromax::seam::Options {
                full_clear: args.full_clear,
                ..micromax::seam::Options::hash_bits(args.engine.hash_bits)
            });
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            let mut input = stdin.lock();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let nodes = args
                .nodes
                .map_or(args.engine.build.capabilities().default_node_limit, |n| {
                    n as i64
                });
            let limits = micromax::Limits::nodes(nodes);
            let build = args.engine.build;
            let console = micromax::Stuck::annotate(
                || format!("{build} in umax play"),
                || engine.console(&limits, args.trace, &mut input, &mut out),
            );
            match console {
                Ok(()) => Ok(ExitCode::SUCCESS),
                // A closed stdout (e.g. `umax play | head`) is not an error worth a message.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
                Err(e) => Err(e.into()),
            }
        }
        Command::Bench(args) => bench(args),
        Command::Recover(args) => {
            print!("{}", umax::matchrun::recover::recover(&args.dir)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Anatomy(args) => anatomy(args),
        Command::Builds(args) => {
            print!(
                "{}",
                if args.instances {
                    micromax::builds::instance_addresses()
                } else {
                    micromax::builds::listing()
                }
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Report(args) => {
            let opts = umax::report::ReportOptions {
                csv: args.csv,
                out: args.out,
                plots: args.plots || !args.no_plots,
                sprt: args.sprt,
                allow_partial: args.allow_partial,
            };
            let (text, written) = umax::report::run(&opts)?;
            print!("{}", umax::text::escape(&text));
            for path in written {
                eprintln!("wrote {}", path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Openings(args) => {
            let opts = umax::opening_generator::OpeningsOptions {
                count: args.count,
                plies: args.plies as usize,
                seed: args.seed,
                nodes: args.nodes,
                hash_bits: args.hash_bits,
                max_score: args.max_score,
            };
            let (lines, rejected) = umax::opening_generator::generate(&opts, |_| {})?;
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for line in &lines {
                writeln!(out, "{line}")?;
            }
            out.flush()?;
            eprintln!("kept {} openings; dropped: {rejected}", lines.len());
            Ok(ExitCode::SUCCESS)
        }
        Command::Reproduce(args) => {
            print!("{}", umax::reproduce::run(&args.into_options())?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Match(args) => {
            umax::matchrun::run(&args.into_options()?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Tournament(args) => {
            if let Some(dir) = &args.rate {
                print!("{}", umax::ratings::write_ratings(dir, args.resamples)?);
                return Ok(ExitCode::SUCCESS);
            }
            if !args.merge.is_empty() {
                let out = args
                    .run
                    .run_dir
                    .out
                    .clone()
                    .ok_or("umax tournament --merge: --out DIR is required (where the merged tournament goes)")?;
                print!(
                    "{}",
                    umax::tournament::merge(&args.merge, &out, args.allow_partial, args.resamples)?
                );
                return Ok(ExitCode::SUCCESS);
            }
            let out = args
                .run
                .run_dir
                .out
                .clone()
                .ok_or("umax tournament: --out DIR is required (the tournament's directory)")?;
            let template = args.run.into_options()?;
            let builds = umax::tournament::parse_builds(
                args.builds.as_deref().unwrap_or_default(),
                &template.engines,
            )?;
            let gauntlet = args.gauntlet.as_deref().map_or(Ok(Vec::new()), |g| {
                g.split(',')
                    .map(|g| umax::pairing::player(g.trim(), &template.engines))
                    .collect::<Result<Vec<_>, _>>()
            })?;
            let opts = umax::tournament::TournamentOptions {
                builds,
                gauntlet,
                games_per_pair: args.games_per_pair,
                out,
                resamples: args.resamples,
                template,
            };
            print!("{}", umax::tournament::run(&opts)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Uci(args) => {
            let opts = umax::uci::UciOptions {
                build: args.engine.build,
                hash_bits: args.engine.hash_bits,
                node_cap: None,
            };
            let stdin = std::io::stdin();
            umax::uci::run(&opts, &mut stdin.lock(), std::io::stdout())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Judge(args) => {
            let outcome = umax::judge::run(&args.into_options()?)?;
            print!("{}", outcome.text);
            for path in outcome.written {
                eprintln!("wrote {}", path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::VerifyC(args) => {
            let (base, test) = umax::pairing::Pairing::default().builds()?;
            let mut c = Vec::new();
            c.extend(args.c_old.map(|p| (base, p)));
            c.extend(args.c_sd.map(|p| (test, p)));
            c.extend(args.c);
            let opts = umax::oracle::VerifyOptions {
                csv: args.csv,
                c,
                first: args.first,
                first_board_s: args.first_board_timeout,
                think_s: args.think_timeout,
            };
            let t = umax::oracle::verify(&opts, |line| println!("{}", umax::text::escape(line)))?;
            println!(
                "{} games replayed by the C: {} identical, {} mismatched; {} plies, {} nodes",
                t.games,
                t.games - t.mismatches,
                t.mismatches,
                t.plies,
                t.nodes
            );
            for b in &t.not_replayed {
                println!(
                    "{b}'s side not replayed (no C twin in the repository): its moves were fed from the rows"
                );
            }
            println!(
                "time: C processes {:.2} s CPU ({:.2} s wall); umax's thinks in these rows {:.2} s CPU",
                t.c_cpu_s, t.wall_s, t.umax_think_cpu_s
            );
            Ok(if t.mismatches == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

fn bench(args: cli::BenchArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    use umax::bench;
    let suite = match &args.positions {
        Some(path) => bench::load_suite(path)?,
        None => bench::builtin_suite(),
    };
    let builds: Vec<Build> = args.build.0.clone();
    if args.csv.is_some() && args.depth.is_none() {
        return Err("--csv writes the depth table: it needs --depth D".into());
    }
    if let Some(depth) = args.depth {
        // a file that cannot be written is refused before the (long) run, not after it
        if let Some(path) = &args.csv {
            check_writable(path).map_err(|e| format!("--csv {}: {e}", path.display()))?;
        }
        let results = bench::run_depth(&builds, args.hash_bits, depth, &suite)?;
        if let Some(path) = &args.csv {
            let table = bench::DepthTable {
                results: &results,
                depth,
            };
            umax::formats::write_file(path, &bench::DepthCsv, &table)
                .map_err(|e| format!("--csv {}: cannot write: {e}", path.display()))?;
        }
        print!(
            "{}",
            umax::text::escape(&bench::format_depth(&results, depth))
        );
        return Ok(ExitCode::SUCCESS);
    }
    for build in builds {
        let results = bench::run_nodes(build, args.hash_bits, args.nodes as i64, &suite)?;
        print!(
            "{}",
            umax::text::escape(&bench::format_nodes(build, args.nodes as i64, &results))
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn anatomy(args: cli::AnatomyArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    use umax::anatomy_jobs::{AnatomyOptions, Position};
    use umax::budget::Budget;
    let positions = match (&args.moves, &args.games) {
        (Some(m), _) => vec![Position {
            name: "moves".into(),
            moves: m.split_whitespace().map(str::to_string).collect(),
        }],
        (None, Some(csv)) => umax::anatomy_jobs::positions_from_games(csv, &args.select)?,
        (None, None) => unreachable!("clap requires one"),
    };
    let limit = match (args.depth, args.nodes) {
        (Some(d), _) if !(1..=97).contains(&d) => {
            return Err(format!("--depth {d}: a root iteration ply of 1..=97").into());
        }
        (Some(d), _) => Budget::Depth(d),
        (None, n) => {
            let n = n.unwrap_or(10_000_000);
            if n == 0 || n > umax::matchrun::options::MAX_NODES {
                return Err(format!("--nodes {n}: 1 to 2e9 (the C's N is an int)").into());
            }
            Budget::Nodes(n)
        }
    };
    let max_nodes = match args.max_nodes {
        Some(n) if n == 0 || n > umax::matchrun::options::MAX_NODES => {
            return Err(format!("--max-nodes {n}: 1 to 2e9 (the C's N is an int)").into());
        }
        n => n.map(|n| n as i32),
    };
    let opts = AnatomyOptions {
        positions,
        builds: args.builds.0,
        limit,
        max_nodes,
        hash_bits: args.hash_bits,
        concurrency: args.concurrency,
        out: args.run_dir.out,
        resume: args.run_dir.resume,
        progress: !args.run_dir.no_progress,
        command_line: std::env::args().collect(),
    };
    let (_, text) = umax::anatomy_jobs::run(&opts)?;
    print!("{text}");
    Ok(ExitCode::SUCCESS)
}
