use clap::Parser;
use std::process::ExitCode;
use umax::engine::Engine;

mod cli;
use cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("umax: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match cli.command {
        Command::Play(args) => {
            let mut engine = Engine::new(args.engine.build, args.engine.hash_bits);
            engine.limits.nodes = args.nodes as i64;
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            let mut input = stdin.lock();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let opts = umax::play::PlayOptions { trace: args.trace };
            match umax::play::run(&mut engine, &opts, &mut input, &mut out) {
                Ok(()) => Ok(ExitCode::SUCCESS),
                // A closed stdout (e.g. `umax play | head`) is not an error worth a message.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
                Err(e) => Err(e.into()),
            }
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
    }
}
