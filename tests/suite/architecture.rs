//! The house's shape, checked rather than hoped for: the engines crate depends on nothing of the
//! harness, no room imports upward or in a cycle (`scripts/floors.py`, whose summary line
//! ARCHITECTURE.md quotes), and outside the engines crate nothing names an engine's concrete
//! type or its kind: the harness asks a build for its engine (`Build::searcher`) and its
//! capabilities.

use crate::ci_env;
use crate::common::deadline::{Deadline, Kind};
use crate::common::root;
use std::path::Path;
use std::process::Command;

#[test]
fn no_cycle_and_no_upward_import_and_the_floors_architecture_states() {
    if !ci_env::require(ci_env::Tool::Python3, "the floors of the code") {
        return;
    }
    let out = Command::new("python3")
        .arg(root().join("scripts/floors.py"))
        .output_within("scripts/floors.py", Kind::Script.limit());
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "floors.py finds cycles or upward imports:\n{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = text
        .lines()
        .last()
        .expect("floors.py prints a summary line");
    assert!(summary.contains("0 cycles, 0 upward imports"), "{summary}");
    let arch = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    assert!(
        arch.contains(summary),
        "ARCHITECTURE.md does not state the floors as they are: `{summary}`"
    );
}

#[test]
fn the_engines_crate_depends_on_nothing_of_the_harness() {
    let manifest = std::fs::read_to_string(root().join("micromax/Cargo.toml")).unwrap();
    let mut section = "";
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        if section.contains("dependencies") && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', ' ']).next().unwrap();
            assert!(
                !name.contains("umax") && !line.contains("path"),
                "micromax depends on {line:?} ({section}): the engines crate stands alone"
            );
        }
    }
}

/// Code lines of a Rust file, comments left out.
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split("//").next().unwrap_or("").to_string()))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn outside_the_engines_crate_nothing_names_an_engine_or_its_kind() {
    // an engine's concrete type, the kind a build runs, or a 3.2-only question about a build
    let forbidden = [
        "mm32::Engine",
        "Searcher48",
        "FirstLegal",
        "mm48::Mm48",
        "Kind::Mm32",
        "Kind::Mm48",
        "Kind::FirstLegal",
        "builds::Kind",
        ".is_mm32()",
        ".instances()",
    ];
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut found = Vec::new();
    for f in &files {
        for (n, line) in code_lines(f) {
            for word in forbidden {
                if line.contains(word) {
                    found.push(format!(
                        "{}:{n}: {word}",
                        f.strip_prefix(root()).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the harness names an engine (ask the build's capabilities, or add to the engines \
         crate):\n{}",
        found.join("\n")
    );
}
