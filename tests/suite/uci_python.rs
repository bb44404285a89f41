//! A real client: python-chess drives `umax uci` through a whole game, FEN positions, a clock
//! game and a stopped analysis (`tests/uci_python/drive.py`), checking every `bestmove`.
//!
//! python-chess comes from PyPI, at the version pinned in `tests/uci_python/requirements.txt`,
//! into a virtual environment under the target directory (made once, reused while it holds that
//! version). Without it the test skips with the one message of `ci_env::require_by`, except in
//! CI (`CI=true`), where it fails. `UMAX_PYTHON` names the interpreter (default `python3`).

use crate::common::deadline::{Deadline, Kind};
use crate::uci_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::ci_env::{Tool, require_by};

fn requirements() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/uci_python/requirements.txt")
}

/// The version of python-chess that `requirements.txt` pins (`chess==X`).
fn pinned() -> String {
    let text = std::fs::read_to_string(requirements()).unwrap();
    text.lines()
        .find_map(|l| l.trim().strip_prefix("chess=="))
        .unwrap_or_else(|| panic!("requirements.txt pins no chess==X:\n{text}"))
        .trim()
        .to_string()
}

fn venv_python(dir: &Path) -> PathBuf {
    dir.join("bin").join("python")
}

/// Whether `python` imports `chess.engine` at `version`.
fn has_chess(python: &Path, version: &str) -> bool {
    Command::new(python)
        .args([
            "-c",
            "import sys, chess.engine; sys.exit(chess.__version__ != sys.argv[1])",
            version,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status_within("python: import chess.engine", Kind::Quick.limit())
        .is_ok_and(|s| s.success())
}

/// A Python with the pinned python-chess, or why there is none.
fn python_with_chess() -> Result<PathBuf, String> {
    let version = pinned();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("uci-python-venv");
    let python = venv_python(&dir);
    if has_chess(&python, &version) {
        return Ok(python);
    }
    let base = std::env::var("UMAX_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = Command::new(&base)
        .args(["-m", "venv", "--clear"])
        .arg(&dir)
        .try_output_within("python3 -m venv", None, Kind::Install.limit())
        .map_err(|e| format!("cannot run {base}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{base} -m venv failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let out = Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
        ])
        .arg(requirements())
        .try_output_within("pip install python-chess", None, Kind::Install.limit())
        .map_err(|e| format!("cannot run pip: {e}"))?;
    if !out.status.success() || !has_chess(&python, &version) {
        return Err(format!(
            "pip install -r tests/uci_python/requirements.txt (chess=={version}) failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(python)
}

#[test]
fn python_chess_plays_a_game() {
    let Some(python) = require_by(
        Tool::PythonChess,
        "python_chess_plays_a_game",
        python_with_chess,
    ) else {
        return;
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/uci_python/drive.py");
    // python-chess starts umax in python's process group: the deadline kills both
    let out = Command::new(&python)
        .arg(&script)
        .arg(uci_support::umax())
        .output_within("the python-chess session (drive.py)", Kind::Script.limit());
    let status = out.status;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}");
    assert!(
        status.success(),
        "python-chess session failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("python-chess: all ok"), "{stdout}");
}
