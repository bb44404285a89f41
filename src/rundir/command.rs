//! `command.txt`: one block per start or resume of a run, appended, never rewritten.
//!
//! ```text
//! # resumed                  (a resume's block only, after a blank line)
//! command: umax match ...    (as it could be pasted into a shell)
//! commit: <the commit the binary was built from>[+dirty]
//! machine: <uname -a>
//! key: value                 (the run's own lines: concurrency, settings, ...)
//! started: <UTC, ISO 8601>
//! note                       (lines after the start, e.g. the clock's calibration)
//! ```

use std::io::Write;
use std::path::Path;

pub const COMMAND_TXT: &str = "command.txt";

/// Appends a block to `dir/command.txt` (creating it): the command line, the commit and
/// machine, `fields` as `key: value` lines, the start time, then `notes`; a resume's block
/// begins with a blank line and `# resumed`.
pub fn append_command(
    dir: &Path,
    command_line: &[String],
    resumed: bool,
    fields: &[(&str, String)],
    notes: &[String],
) -> Result<(), String> {
    let mut text = String::new();
    if resumed {
        text.push_str("\n# resumed\n");
    }
    text.push_str(&format!("command: {}\n", shell_join(command_line)));
    text.push_str(&format!("commit: {}\n", git_commit()));
    text.push_str(&format!("binary: {BUILD_KIND}\n"));
    text.push_str(&format!("machine: {}\n", command_output("uname", &["-a"])));
    for (k, v) in fields {
        text.push_str(&format!("{k}: {v}\n"));
    }
    text.push_str(&format!("started: {}\n", crate::text::utc_now().iso()));
    for n in notes {
        text.push_str(&format!("{n}\n"));
    }
    let path = dir.join(COMMAND_TXT);
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The value of the last `key: value` line of `dir/command.txt` (the latest block's), if any.
pub fn last_recorded(dir: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join(COMMAND_TXT)).ok()?;
    let prefix = format!("{key}: ");
    text.lines()
        .rev()
        .find_map(|l| l.strip_prefix(&prefix).map(str::to_string))
}

/// A command line as it could be pasted into a shell.
pub fn shell_join(args: &[String]) -> String {
    args.iter()
        .map(|a| crate::text::shell_quote(a))
        .collect::<Vec<_>>()
        .join(" ")
}

fn command_output(cmd: &str, args: &[&str]) -> String {
    std::process::Command::new(cmd)
        .args(args)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// The commit the binary was built from (`build.rs`): `git rev-parse HEAD` at build time,
/// `+dirty` if the binary's sources differed from it, `unknown` if built outside a git checkout.
/// Not the source tree's HEAD when the run starts: a binary copied out of the tree, as the long
/// runs' queue does, keeps naming its own commit.
pub const BUILD_COMMIT: &str = env!("UMAX_BUILD_COMMIT");

/// How the binary was optimised (`build.rs`): `plain` (cargo's release profile),
/// `profile-guided` (scripts/pgo-build.sh) or `instrumented` (its training binary).
pub const BUILD_KIND: &str = env!("UMAX_BUILD_KIND");

fn git_commit() -> String {
    BUILD_COMMIT.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rundir::tests::tmp;

    #[test]
    fn shell_quoting() {
        let args: Vec<String> = ["umax", "match", "--out", "a b", "it's"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(shell_join(&args), "umax match --out 'a b' 'it'\\''s'");
    }

    #[test]
    fn one_block_per_start_and_resume() {
        let d = tmp("command");
        let line = vec!["umax".to_string(), "judge".to_string()];
        append_command(&d, &line, false, &[("settings", "a=1".into())], &[]).unwrap();
        append_command(
            &d,
            &line,
            true,
            &[("settings", "a=2".into())],
            &["note".into()],
        )
        .unwrap();
        let text = std::fs::read_to_string(d.join(COMMAND_TXT)).unwrap();
        let keys: Vec<&str> = text.lines().map(|l| l.split(':').next().unwrap()).collect();
        let block = [
            "command", "commit", "binary", "machine", "settings", "started",
        ];
        let expected: Vec<&str> = [&block[..], &["", "# resumed"], &block[..], &["note"]].concat();
        assert_eq!(keys, expected);
        assert!(text.starts_with("command: umax judge\n"), "{text}");
        assert_eq!(last_recorded(&d, "settings").as_deref(), Some("a=2"));
        assert_eq!(last_recorded(&d, "nothing"), None);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
