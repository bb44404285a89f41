//! What only a match knows of its players: a [`Player`] (a build of the engines crate,
//! `micromax::builds`, or an engine of its own process defined by an [`EngineSpec`]), the
//! [`Pairing`] of a match's two players, the build a command runs when none is named, and the
//! rule of its files' column names.

use micromax::builds::{Build, names};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// One side of a match: a build of the engines crate, searching in this process, or an engine
/// in a process of its own (UCI or xboard), defined on the command line by `--engine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    Build(Build),
    Engine(Arc<EngineSpec>),
}

impl From<Build> for Player {
    fn from(b: Build) -> Player {
        Player::Build(b)
    }
}

impl Player {
    /// The name its rows, columns and PGN tags carry: the build's (`old`) or the engine's
    /// `name=` (`sf1500`).
    pub fn name(&self) -> &str {
        match self {
            Player::Build(b) => b.name(),
            Player::Engine(e) => &e.name,
        }
    }

    /// The build, if it is one.
    pub fn build(&self) -> Option<Build> {
        match self {
            Player::Build(b) => Some(*b),
            Player::Engine(_) => None,
        }
    }

    /// Whether it can start a game from a set-up position (a FEN opening): a build as its
    /// capabilities say, a UCI engine always (`position fen`), an xboard engine if it declared
    /// `setboard=1` when it was probed (Fair-Max declares 0: its openings are fed as moves).
    pub fn can_set_up(&self) -> bool {
        match self {
            Player::Build(b) => b.capabilities().can_set_up,
            Player::Engine(e) => match e.protocol {
                Protocol::Uci => true,
                Protocol::Xboard => e.identity().is_some_and(|i| i.setboard),
            },
        }
    }

    /// What it is, for messages: the build's engine family, or the engine's version line.
    pub fn family(&self) -> String {
        match self {
            Player::Build(b) => b.capabilities().family.to_string(),
            Player::Engine(e) => e
                .identity()
                .map_or_else(|| e.command.display().to_string(), |i| i.id.clone()),
        }
    }

    /// Bytes of memory one instance takes from the machine with a table of 2^`hash_bits`
    /// entries (the memory check): a build's stated size; an engine's `Hash` option (MB), 16 MB
    /// if none is set (Stockfish's default), plus 16 MB for the program.
    pub fn engine_bytes(&self, hash_bits: u32) -> u64 {
        match self {
            Player::Build(b) => (b.capabilities().engine_bytes)(hash_bits),
            Player::Engine(e) => {
                let mb = e
                    .option("Hash")
                    .and_then(|v| v.parse::<u64>().ok())
                    .unwrap_or(16);
                (mb + 16) << 20
            }
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How an engine of its own process is spoken to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI: `uci`, `position`, `go wtime ... btime ...`, `bestmove`.
    Uci,
    /// xboard (CECP): `xboard`, `protover 2`, `new`, `force`, `level`, `time`/`otim`, `go`,
    /// `move`.
    Xboard,
}

impl Protocol {
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
        }
    }
}

/// What an engine said of itself when it was probed (started once before the run, its
/// handshake read, and stopped): its version line and what it can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// UCI's `id name`, xboard's `feature myname`.
    pub id: String,
    /// xboard's `feature setboard=1` (UCI engines set positions up always).
    pub setboard: bool,
    /// Options it declared (UCI `option name X`, xboard `feature option="X ..."`).
    pub options: Vec<String>,
}

/// An engine of its own process, as `--engine` defines it, in cutechess-cli's words:
/// `name=sf1500 cmd=/usr/games/stockfish proto=uci option.UCI_LimitStrength=true
/// option.UCI_Elo=1500` (also `arg=` a command-line argument, repeatable; `dir=` its working
/// directory; `timeout=` seconds for its handshake and for a think without a clock, default
/// 10 and 60; `margin=` seconds past its clock before a silent engine is a stalled one,
/// default 1).
#[derive(Debug)]
pub struct EngineSpec {
    pub name: String,
    pub command: PathBuf,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub protocol: Protocol,
    /// `option.NAME=VALUE`, in the order given: UCI `setoption`, xboard `option NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// Seconds allowed for the handshake.
    pub handshake_timeout: f64,
    /// Seconds allowed for a think that has no clock (a node or depth budget).
    pub think_timeout: f64,
    /// Seconds past the side's clock before an engine that sent no move is stalled.
    pub margin: f64,
    identity: OnceLock<Identity>,
}

impl PartialEq for EngineSpec {
    fn eq(&self, o: &EngineSpec) -> bool {
        (
            &self.name,
            &self.command,
            &self.args,
            &self.dir,
            self.protocol,
            &self.options,
        ) == (&o.name, &o.command, &o.args, &o.dir, o.protocol, &o.options)
            && [self.handshake_timeout, self.think_timeout, self.margin]
                == [o.handshake_timeout, o.think_timeout, o.margin]
    }
}

impl Eq for EngineSpec {}

impl EngineSpec {
    /// Parses `--engine`'s words (`key=value`, in any order).
    pub fn parse(words: &[String]) -> Result<EngineSpec, String> {
        let whole = words.join(" ");
        let mut spec = EngineSpec {
            name: String::new(),
            command: PathBuf::new(),
            args: Vec::new(),
            dir: None,
            protocol: Protocol::Uci,
            options: Vec::new(),
            handshake_timeout: 10.0,
            think_timeout: 60.0,
            margin: 1.0,
            identity: OnceLock::new(),
        };
        let seconds = |k: &str, v: &str| -> Result<f64, String> {
            match v.parse::<f64>() {
                Ok(s) if (0.0..=86_400.0).contains(&s) => Ok(s),
                _ => Err(format!(
                    "--engine {whole}: {k}={v} is not a number of seconds (0 to 86400)"
                )),
            }
        };
        for w in words {
            let Some((k, v)) = w.split_once('=') else {
                return Err(format!(
                    "--engine {whole}: '{w}' is not KEY=VALUE (keys: name, cmd, proto, arg, dir, option.NAME, timeout, margin)"
                ));
            };
            match k {
                "name" => spec.name = v.to_string(),
                "cmd" => spec.command = PathBuf::from(v),
                "arg" => spec.args.push(v.to_string()),
                "dir" => spec.dir = Some(PathBuf::from(v)),
                "proto" => {
                    spec.protocol = match v {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::Xboard,
                        _ => {
                            return Err(format!(
                                "--engine {whole}: proto={v} is neither uci nor xboard"
                            ));
                        }
                    }
                }
                "timeout" => {
                    let t = seconds(k, v)?;
                    spec.handshake_timeout = t;
                    spec.think_timeout = t;
                }
                "margin" => spec.margin = seconds(k, v)?,
                _ => match k.strip_prefix("option.") {
                    Some(o) if !o.is_empty() => spec.options.push((o.to_string(), v.to_string())),
                    _ => {
                        return Err(format!(
                            "--engine {whole}: unknown key '{k}' (keys: name, cmd, proto, arg, dir, option.NAME, timeout, margin)"
                        ));
                    }
                },
            }
        }
        if spec.command.as_os_str().is_empty() {
            return Err(format!("--engine {whole}: no cmd= (the engine's program)"));
        }
        if spec.name.is_empty() {
            return Err(format!(
                "--engine {whole}: no name= (what its rows are called)"
            ));
        }
        check_engine_name(&spec.name)?;
        Ok(spec)
    }

    /// The value of `option.NAME` (the last one given).
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// What the engine said of itself when probed (`None` before).
    pub fn identity(&self) -> Option<&Identity> {
        self.identity.get()
    }

    /// Records what the probe found (the first time only).
    pub fn set_identity(&self, identity: Identity) {
        let _ = self.identity.set(identity);
    }

    /// The engine in the settings string: what decides its games (version line, protocol,
    /// options), not where its program lies: `uci:Stockfish 15.1:UCI_Elo=1500`. Two runs whose
    /// engines differ here do not merge.
    pub fn setting(&self) -> String {
        let id = self.identity().map_or("?", |i| i.id.as_str());
        let mut s = format!("{}:{}", self.protocol.name(), id);
        for (k, v) in &self.options {
            s.push_str(&format!(":{k}={v}"));
        }
        s.replace(';', ",")
    }

    /// The options as the PGN and messages show them: `UCI_LimitStrength=true UCI_Elo=1500`.
    pub fn options_text(&self) -> String {
        self.options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The command line that starts it, as `--engine` gave it.
    pub fn command_text(&self) -> String {
        std::iter::once(self.command.display().to_string())
            .chain(self.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// An engine's name: letters, digits and `_ - . +`, not a build's name (rows and columns are
/// named by it).
fn check_engine_name(name: &str) -> Result<(), String> {
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-.+".contains(c))
    {
        return Err(format!(
            "--engine name={name}: a name is letters, digits and _ - . + (it names columns and files)"
        ));
    }
    if name.parse::<Build>().is_ok() {
        return Err(format!(
            "--engine name={name}: that is a build's name; call the engine something else"
        ));
    }
    Ok(())
}

/// The player called `name`: a build, or one of `engines`.
pub fn player(name: &str, engines: &[Arc<EngineSpec>]) -> Result<Player, String> {
    if let Some(e) = engines.iter().find(|e| e.name == name) {
        return Ok(Player::Engine(e.clone()));
    }
    name.parse::<Build>().map(Player::Build).map_err(|e| {
        if engines.is_empty() {
            e
        } else {
            let defined: Vec<&str> = engines.iter().map(|e| e.name.as_str()).collect();
            format!(
                "{e}; the engines defined by --engine: {}",
                defined.join(", ")
            )
        }
    })
}

/// The engines of `--engine` (each a list of words), their names unique.
pub fn engine_specs(defs: &[Vec<String>]) -> Result<Vec<Arc<EngineSpec>>, String> {
    let mut specs: Vec<Arc<EngineSpec>> = Vec::new();
    for d in defs {
        let spec = EngineSpec::parse(d)?;
        if specs.iter().any(|s| s.name == spec.name) {
            return Err(format!("--engine name={}: defined twice", spec.name));
        }
        specs.push(Arc::new(spec));
    }
    Ok(specs)
}

/// The two players of a match: `base` and `test`, the one whose score and Elo are reported
/// (`--builds BASE,TEST`; the default `old,sd`). Game `2p-1` has base as White, `2p` test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub base: Player,
    pub test: Player,
}

/// The build a command runs when none is named (`play`, `bench`, `uci`): the default
/// pairing's base, micro-Max 3.2 as published.
pub const DEFAULT_BUILD: &str = "old";

impl Default for Pairing {
    fn default() -> Self {
        Pairing::of(Build::Old, Build::Sd)
    }
}

impl Pairing {
    /// Two builds.
    pub fn of(base: Build, test: Build) -> Pairing {
        Pairing {
            base: Player::Build(base),
            test: Player::Build(test),
        }
    }

    /// The two players' names, `(base, test)`.
    pub fn names(&self) -> (String, String) {
        (self.base.name().to_string(), self.test.name().to_string())
    }

    /// `BASE,TEST` as `--builds` and the settings' `builds=` write it.
    pub fn setting(&self) -> String {
        format!("{},{}", self.base, self.test)
    }

    /// The two builds, for a command that runs builds only (`judge` replays their thinks): an
    /// error naming an external engine.
    pub fn builds(&self) -> Result<(Build, Build), String> {
        match (self.base.build(), self.test.build()) {
            (Some(b), Some(t)) => Ok((b, t)),
            _ => Err(format!(
                "{}: {} is an engine of its own process, not a build; only builds can be replayed here",
                self.setting(),
                self.engines().next().map_or("?", |e| e.name.as_str())
            )),
        }
    }

    /// The external engines among the two.
    pub fn engines(&self) -> impl Iterator<Item = &Arc<EngineSpec>> {
        [&self.base, &self.test]
            .into_iter()
            .filter_map(|p| match p {
                Player::Engine(e) => Some(e),
                Player::Build(_) => None,
            })
    }

    /// `BASE,TEST`, each a build or one of `engines`: two different players.
    pub fn resolve(s: &str, engines: &[Arc<EngineSpec>]) -> Result<Pairing, String> {
        let Some((base, test)) = s.split_once(',') else {
            return Err(format!(
                "'{s}' is not two players BASE,TEST (e.g. old,sd; the builds: {})",
                names()
            ));
        };
        let (base, test) = (player(base.trim(), engines)?, player(test.trim(), engines)?);
        if base.name() == test.name() {
            return Err(format!(
                "'{s}': a match needs two different players (the builds: {})",
                names()
            ));
        }
        Ok(Pairing { base, test })
    }
}

/// A role-neutral column name (`test_score`, `base_nodes`, `plies`) as the files of a match of
/// `base` against `test` name it (`sd_score`, `old_nodes`, `plies` for old,sd): the one rule of
/// games.csv's and summary.csv's headers.
pub fn column_name(role_column: &str, base: &str, test: &str) -> String {
    if let Some(rest) = role_column.strip_prefix("test_") {
        format!("{test}_{rest}")
    } else if let Some(rest) = role_column.strip_prefix("base_") {
        format!("{base}_{rest}")
    } else {
        role_column.to_string()
    }
}

impl std::fmt::Display for Pairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.base, self.test)
    }
}

impl std::str::FromStr for Pairing {
    type Err = String;
    /// `BASE,TEST`: two different builds of the list (games.csv names its columns by build, so
    /// a build against itself would have two columns of one name).
    fn from_str(s: &str) -> Result<Self, String> {
        Pairing::resolve(s, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_build_is_the_default_pairings_base() {
        assert_eq!(
            DEFAULT_BUILD.parse::<Build>().map(Player::Build),
            Ok(Pairing::default().base)
        );
    }

    #[test]
    fn pairings() {
        assert_eq!("old,sd".parse::<Pairing>(), Ok(Pairing::default()));
        let p: Pairing = "old,sdnr".parse().unwrap();
        assert_eq!(
            (p.base.build(), p.test.build(), p.setting()),
            (Some(Build::Old), Some(Build::Sdnr), "old,sdnr".into())
        );
        assert!(
            "sd,sd"
                .parse::<Pairing>()
                .unwrap_err()
                .contains("two different players")
        );
        assert!("old".parse::<Pairing>().unwrap_err().contains("BASE,TEST"));
        assert!(
            "old,x"
                .parse::<Pairing>()
                .unwrap_err()
                .contains("unknown build 'x'")
        );
    }

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn engines_are_defined_as_cutechess_defines_them() {
        let e = EngineSpec::parse(&words(
            "name=sf1500 cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500",
        ))
        .unwrap();
        assert_eq!(e.protocol, Protocol::Uci);
        assert_eq!(e.option("uci_elo"), Some("1500"));
        assert_eq!(e.setting(), "uci:?:UCI_LimitStrength=true:UCI_Elo=1500");
        let x = EngineSpec::parse(&words("cmd=fairymax name=fm proto=xboard margin=2")).unwrap();
        assert_eq!((x.protocol, x.margin), (Protocol::Xboard, 2.0));
        for (bad, why) in [
            ("cmd=x", "no name="),
            ("name=x", "no cmd="),
            ("name=old cmd=x", "a build's name"),
            ("name=a,b cmd=x", "letters, digits"),
            ("name=x cmd=x proto=ucci", "neither uci nor xboard"),
            ("name=x cmd=x colour=red", "unknown key 'colour'"),
            ("name=x cmd=x timeout=-1", "not a number of seconds"),
            ("name=x cmd=x uci", "not KEY=VALUE"),
        ] {
            let e = EngineSpec::parse(&words(bad)).err().unwrap();
            assert!(e.contains(why), "{bad}: {e}");
        }
        let specs =
            engine_specs(&[words("name=sf cmd=x"), words("name=fm cmd=y proto=xboard")]).unwrap();
        let p = Pairing::resolve("old,sf", &specs).unwrap();
        assert_eq!((p.base.name(), p.test.name()), ("old", "sf"));
        assert_eq!(p.engines().count(), 1);
        assert!(
            Pairing::resolve("old,sx", &specs)
                .unwrap_err()
                .contains("engines defined by --engine: sf, fm")
        );
        assert!(
            engine_specs(&[words("name=sf cmd=x"), words("name=sf cmd=y")])
                .unwrap_err()
                .contains("defined twice")
        );
    }
}
