//! Records the commit the binary is built from, as `UMAX_BUILD_COMMIT`: `git rev-parse HEAD`
//! at build time, `+dirty` when the sources that go into the binary (src/, micromax/, Cargo.toml,
//! Cargo.lock, this file) differ from it, `unknown` outside a git checkout. A run directory's
//! `command.txt` and `umax --version` print it, so a binary copied out of the tree (as the
//! long runs' queue does) still names the commit it was built from, not the tree's later HEAD.
//!
//! Cargo runs this again when those sources change or HEAD moves (a commit, a checkout).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    Some(text)
}

fn watch(path: &str) {
    if std::path::Path::new(path).exists() {
        println!("cargo:rerun-if-changed={path}");
    }
}

fn main() {
    for path in ["build.rs", "src", "micromax", "Cargo.toml", "Cargo.lock"] {
        watch(path);
    }
    let commit = match git(&["rev-parse", "HEAD"]).filter(|h| !h.is_empty()) {
        Some(head) => {
            // HEAD itself (a checkout), the branch it names (a commit), and packed refs
            let mut paths = vec!["HEAD".to_string(), "packed-refs".to_string()];
            if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
                paths.push(branch);
            }
            for p in paths {
                if let Some(path) = git(&["rev-parse", "--git-path", &p]) {
                    watch(&path);
                }
            }
            let changed = git(&[
                "status",
                "--porcelain",
                "--untracked-files=no",
                "--",
                "src",
                "micromax",
                "Cargo.toml",
                "Cargo.lock",
                "build.rs",
            ]);
            match changed {
                Some(c) if c.is_empty() => head,
                Some(_) => format!("{head}+dirty"),
                None => format!("{head}+unknown-status"),
            }
        }
        None => "unknown".to_string(),
    };
    println!("cargo:rustc-env=UMAX_BUILD_COMMIT={commit}");
    // which kind of optimisation built the binary: `profile-guided` under -Cprofile-use
    // (scripts/pgo-build.sh), `instrumented` under -Cprofile-generate (its training binary)
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let kind = if flags.contains("profile-use") {
        "profile-guided"
    } else if flags.contains("profile-generate") {
        "instrumented"
    } else {
        "plain"
    };
    println!("cargo:rustc-env=UMAX_BUILD_KIND={kind}");
}
