//! How every test reads CI and requires an external tool: `CI=true` or `CI=1` (any case) means a
//! missing tool (gcc, Stockfish, python-chess, ..) is a failure, not a skip. The one rule, and the
//! one message, shared by every test that can skip:
//!
//! - outside CI: `SKIPPING <what>: needs <tool> (<how to install>)`, and the test passes;
//! - under CI:   a panic `CI: needs <tool> for <what> (<how to install>)`.
//!
//! Either may end with `: <why>` when the tool's check says more than "not found".

use crate::common::deadline::{Deadline, Kind};
use std::path::Path;
use std::process::{Command, Stdio};

/// Whether the tests run under CI (`.ci/run` sets `CI=true`).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| {
        let v = v.trim().to_ascii_lowercase();
        v == "true" || v == "1"
    })
}

/// Debian's Stockfish, the judge `umax judge` runs by default.
pub const STOCKFISH: &str = "/usr/games/stockfish";

/// Debian's Fairy-Max (xboard only), the external xboard engine of the tests.
pub const FAIRYMAX: &str = "/usr/games/fairymax";

/// An external tool that some tests need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// The C compiler of `scripts/build-original.sh` (the C twins).
    Gcc,
    /// The variants' C twins are patches of the original (`scripts/build-original.sh`).
    Patch,
    /// `stdbuf -oL`: the C's stdout line-buffered when a referee replays games through it.
    Stdbuf,
    /// The scripts' tests and checks (`scripts/*.py`).
    Python3,
    /// python-chess at the version pinned in `tests/uci_python/requirements.txt`, in a venv
    /// the test makes; its check is the test's own (`require_by`).
    PythonChess,
    /// Stockfish at [`STOCKFISH`].
    Stockfish,
    /// Fairy-Max at [`FAIRYMAX`].
    FairyMax,
}

impl Tool {
    /// The tool's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Gcc => "gcc",
            Tool::Patch => "patch",
            Tool::Stdbuf => "stdbuf",
            Tool::Python3 => "python3",
            Tool::PythonChess => "python-chess",
            Tool::Stockfish => STOCKFISH,
            Tool::FairyMax => FAIRYMAX,
        }
    }

    /// How to install it.
    pub fn install(self) -> &'static str {
        match self {
            Tool::Gcc => "apt-get install gcc",
            Tool::Patch => "apt-get install patch",
            Tool::Stdbuf => "apt-get install coreutils",
            Tool::Python3 => "apt-get install python3",
            Tool::PythonChess => {
                "python3 with venv and PyPI: the test pip-installs tests/uci_python/requirements.txt"
            }
            Tool::Stockfish => "apt-get install stockfish",
            Tool::FairyMax => "apt-get install fairymax",
        }
    }

    /// Whether the tool is here: a program on PATH that starts, or Stockfish's file.
    fn present(self) -> bool {
        match self {
            Tool::Stockfish => Path::new(STOCKFISH).is_file(),
            Tool::FairyMax => Path::new(FAIRYMAX).is_file(),
            Tool::PythonChess => panic!("python-chess has no check of its own: use require_by"),
            _ => Command::new(self.name())
                .arg("--version")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status_within(&format!("{} --version", self.name()), Kind::Quick.limit())
                .is_ok(),
        }
    }
}

/// Whether `tool` is here. Without it: outside CI, prints the one SKIPPING line and returns
/// false (the test returns, passing); under CI, fails. `what`: what needs the tool.
pub fn require(tool: Tool, what: &str) -> bool {
    if tool.present() {
        return true;
    }
    missing(tool, what, None);
    false
}

/// [`require`] for a tool whose check is the caller's: `find` gives the tool (a path, ..) or
/// why there is none; `None` after the same message or failure as `require`.
pub fn require_by<T>(
    tool: Tool,
    what: &str,
    find: impl FnOnce() -> Result<T, String>,
) -> Option<T> {
    match find() {
        Ok(found) => Some(found),
        Err(why) => {
            missing(tool, what, Some(&why));
            None
        }
    }
}

fn missing(tool: Tool, what: &str, why: Option<&str>) {
    let (name, install) = (tool.name(), tool.install());
    let why = why.map_or(String::new(), |w| format!(": {}", w.trim()));
    if in_ci() {
        panic!("CI: needs {name} for {what} ({install}){why}");
    }
    eprintln!("SKIPPING {what}: needs {name} ({install}){why}");
}
