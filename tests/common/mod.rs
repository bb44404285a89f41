//! The parity harness: one checking routine, used by the scripted sessions, the random
//! sessions, the golden files and the sanity tests.
//!
//! `check(session, build)` feeds the same stdin to the freshly built instrumented C (from
//! `original/`, via `scripts/build-original.sh`) and to `umax play --trace`, and compares the
//! two stdouts byte for byte. On a mismatch it reports the first differing line and saves the
//! input and both outputs under `target/parity-failures/`.
//!
//! The C never ends: at end of input it loops forever reprinting the board. It prints one board
//! before each line it reads, so for an input of L lines its output up to the moment it meets
//! end of input is everything through the (L+1)-th board. That prefix is what umax must print
//! (umax exits there; the deviation is documented).

#![allow(dead_code)]

pub mod deadline;

use deadline::{Deadline, Kind};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The umax binary under test: cargo's, or another build of the same source given by the
/// environment variable `UMAX_BIN` (the profile-guided binary of `scripts/pgo-build.sh`, checked
/// by `scripts/pgo-check.sh` against the same parity and signature tests).
pub fn umax_bin() -> String {
    match std::env::var("UMAX_BIN") {
        Ok(path) if !path.is_empty() => path,
        _ => env!("CARGO_BIN_EXE_umax").to_string(),
    }
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A build of the catalogue (`micromax/src/builds.rs`).
pub use micromax::builds::Build as B;

/// A cache of expensive results shared by the tests of one test process: each key's value is
/// computed once, by the first test that asks, while the others asking for the same key wait
/// for it (different keys are computed in parallel). `static CACHE: Memo<K, V> = Memo::new();`
pub struct Memo<K, V> {
    cells: OnceLock<Mutex<HashMap<K, std::sync::Arc<OnceLock<V>>>>>,
}

impl<K: std::hash::Hash + Eq, V: Clone> Memo<K, V> {
    pub const fn new() -> Self {
        Memo {
            cells: OnceLock::new(),
        }
    }

    /// The value of `key`, computed by `make` if no test has asked for it before.
    pub fn get(&self, key: K, make: impl FnOnce() -> V) -> V {
        let cell = self
            .cells
            .get_or_init(|| Mutex::new(HashMap::new()))
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key)
            .or_default()
            .clone();
        cell.get_or_init(make).clone()
    }
}

/// The builds with a C twin in `original/`: every table-driven parity test runs over these.
pub fn c_twins() -> Vec<B> {
    micromax::builds::ALL
        .iter()
        .copied()
        .filter(|b| b.c_twin())
        .collect()
}

/// A stdin session with the node limit and table size both programs use.
#[derive(Clone, Debug)]
pub struct Session {
    pub name: String,
    pub input: Vec<u8>,
    /// As the C macro takes it: `5000`, `1e7`.
    pub nodes: String,
    pub bits: u32,
}

impl Session {
    pub fn new(name: &str, input: Vec<u8>, nodes: &str, bits: u32) -> Session {
        Session {
            name: name.to_string(),
            input,
            nodes: nodes.to_string(),
            bits,
        }
    }

    /// The node limit as an integer for `umax --nodes`.
    pub fn nodes_int(&self) -> u64 {
        nodes_int(&self.nodes)
    }
}

/// A node limit as the C macro takes it (`5000`, `1e7`), as an integer.
fn nodes_int(nodes: &str) -> u64 {
    if let Some((m, e)) = nodes.split_once('e') {
        m.parse::<u64>().unwrap() * 10u64.pow(e.parse().unwrap())
    } else {
        nodes.parse().unwrap()
    }
}

/// The deadline of a session whose thinks stop at `nodes`: the published 10 million nodes are
/// [`Kind::LongSearch`].
fn session_kind(nodes: u64) -> Kind {
    if nodes >= 1_000_000 {
        Kind::LongSearch
    } else {
        Kind::Search
    }
}

/// Sessions in `tests/sessions/NAME.nNODES.uBITS.in`, sorted by name.
pub fn scripted_sessions() -> Vec<Session> {
    let dir = root().join("tests/sessions");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/sessions") {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stem) = file.strip_suffix(".in") else {
            continue;
        };
        let parts: Vec<&str> = stem.rsplitn(3, '.').collect();
        assert_eq!(
            parts.len(),
            3,
            "session file name {file} is not NAME.nNODES.uBITS.in"
        );
        let bits: u32 = parts[0].strip_prefix('u').unwrap().parse().unwrap();
        let nodes = parts[1].strip_prefix('n').unwrap();
        out.push(Session::new(
            parts[2],
            std::fs::read(&path).unwrap(),
            nodes,
            bits,
        ));
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(!out.is_empty());
    out
}

/// The golden transcript of a scripted session: `tests/golden/NAME.BUILD.out`.
pub fn golden_path(s: &Session, b: B) -> PathBuf {
    root().join(format!("tests/golden/{}.{}.out", s.name, b.name()))
}

/// A C twin to run: its binary and the environment it reads its limits from.
#[derive(Clone, Debug)]
pub struct CBin {
    pub path: PathBuf,
    pub env: Vec<(&'static str, String)>,
}

/// The C twins for one (node limit, table size): plain and instrumented, by build. The
/// instrumented one is built once per build with its limits read at run time
/// (`scripts/build-original.sh --runtime`: MM_NODES, MM_HASH_BITS), so no limit compiles anything.
#[derive(Clone, Debug)]
pub struct CBins {
    bins: HashMap<B, (CBin, CBin)>,
}

impl CBins {
    /// The instrumented twin (root trace) of `b`, at this node limit and table size.
    pub fn trace(&self, b: B) -> &CBin {
        &self.get(b).1
    }

    /// The plain twin (the published program, patched for `b`: 1e7 nodes, 2^24+8 entries).
    pub fn plain(&self, b: B) -> &CBin {
        &self.get(b).0
    }

    fn get(&self, b: B) -> &(CBin, CBin) {
        self.bins
            .get(&b)
            .unwrap_or_else(|| panic!("build {b} has no C twin built"))
    }
}

/// The C twins of the catalogue, built once per test process: `(plain, run-time-limits)` paths
/// by build; `None`: skipped (no gcc or patch, outside CI: `ci_env::require`). With the tools
/// here, a failed build fails.
fn c_twin_paths() -> Option<HashMap<B, (PathBuf, PathBuf)>> {
    static PATHS: OnceLock<Option<HashMap<B, (PathBuf, PathBuf)>>> = OnceLock::new();
    PATHS
        .get_or_init(|| {
            let text = build_original(
                "the live C comparisons (the C twins)",
                &[],
                &["--runtime", "--build", "all"],
            )?;
            let mut bins = HashMap::new();
            for line in text.lines() {
                let f: Vec<&str> = line.split(' ').collect();
                assert_eq!(f.len(), 3, "build-original.sh printed {text}");
                let b: B = f[0].parse().expect("a build of the catalogue");
                bins.insert(b, (PathBuf::from(f[1]), PathBuf::from(f[2])));
            }
            assert_eq!(
                bins.keys()
                    .copied()
                    .collect::<std::collections::BTreeSet<_>>(),
                c_twins().into_iter().collect(),
                "build-original.sh builds exactly the catalogue's C twins"
            );
            Some(bins)
        })
        .clone()
}

use crate::ci_env::{Tool, require};

/// `scripts/build-original.sh ARGS`: what it prints, or `None` without gcc, patch or one of
/// `more` tools (skipped with the one message of `ci_env::require`; `what`: what needs the C).
/// With the tools here, a failed build fails.
pub fn build_original(what: &str, more: &[Tool], args: &[&str]) -> Option<String> {
    if ![Tool::Gcc, Tool::Patch]
        .iter()
        .chain(more)
        .all(|&tool| require(tool, what))
    {
        return None;
    }
    let o = Command::new("bash")
        .arg(root().join("scripts/build-original.sh"))
        .args(args)
        .output_within("scripts/build-original.sh", Kind::Build.limit());
    assert!(
        o.status.success(),
        "scripts/build-original.sh {args:?} failed (gcc and patch are here):\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    Some(String::from_utf8(o.stdout).unwrap())
}

/// The C twins for this node limit and table size (built once per test process, whatever
/// the limits). Without gcc the live comparison is skipped with the one message of
/// `ci_env::require`, except in CI, where it fails.
pub fn c_bins(nodes: &str, bits: u32) -> Option<CBins> {
    let paths = c_twin_paths()?;
    let bins = paths
        .into_iter()
        .map(|(b, (plain, rt))| {
            let plain = CBin {
                path: plain,
                env: Vec::new(),
            };
            let trace = CBin {
                path: rt,
                env: vec![
                    ("MM_NODES", nodes.to_string()),
                    ("MM_HASH_BITS", bits.to_string()),
                ],
            };
            (b, (plain, trace))
        })
        .collect();
    Some(CBins { bins })
}

/// Lines the C reads from `input`: every byte <= 10 ends one, and so does end of input after
/// a partial line.
pub fn lines_read(input: &[u8]) -> usize {
    let ends = input.iter().filter(|&&c| c <= 10).count();
    ends + usize::from(input.last().is_some_and(|&c| c > 10))
}

fn stdbuf() -> Option<&'static str> {
    static HAVE: OnceLock<bool> = OnceLock::new();
    let have = *HAVE.get_or_init(|| {
        Command::new("stdbuf")
            .arg("--version")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status_within("stdbuf --version", Kind::Quick.limit())
            .is_ok_and(|s| s.success())
    });
    have.then_some("stdbuf")
}

/// Runs a C binary on `input` and returns its output up to the point where it meets end of
/// input: through the (L+1)-th board for L input lines. The C is then killed.
pub fn run_c(c: &CBin, input: &[u8]) -> Vec<u8> {
    let bin = &c.path;
    let boards = lines_read(input) + 1;
    // Line-buffered stdout lets us stop as soon as the last board is out.
    let mut cmd = match stdbuf() {
        Some(sb) => {
            let mut c = Command::new(sb);
            c.arg("-oL").arg(bin);
            c
        }
        None => Command::new(bin),
    };
    cmd.envs(c.env.iter().map(|(k, v)| (*k, v.as_str())));
    let name = bin.file_name().unwrap_or_default().to_string_lossy();
    // the plain twin thinks to the published 10 million nodes
    let nodes = c
        .env
        .iter()
        .find(|(k, _)| *k == "MM_NODES")
        .map_or(10_000_000, |(_, v)| nodes_int(v));
    // the watchdog: a C run that takes far too long is killed (and the test then fails)
    let mut twin = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn_within(
            &format!("the C twin {name} on {} input lines", lines_read(input)),
            session_kind(nodes).limit(),
        );
    let mut stdin = twin.child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
        // dropping stdin closes it: the C then meets end of input
    });
    let stdout = twin.child.stdout.take().unwrap();
    let mut reader = BufReader::new(stdout);
    let mut out = Vec::new();
    let mut board_lines = 0usize;
    let mut line = Vec::new();
    while board_lines < 8 * boards {
        line.clear();
        let read = reader.read_until(b'\n', &mut line);
        if !matches!(read, Ok(n) if n > 0) {
            // the end of its output: the deadline's message if it killed the C
            twin.check();
        }
        let n = read.unwrap();
        if n == 0 {
            break;
        }
        out.extend_from_slice(&line);
        if !contains(&line, b" ply, ") {
            board_lines += 1;
        }
    }
    // the C never ends: dropping the guard kills it
    drop(twin);
    let _ = writer.join();
    out
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Runs `umax play` on `input` with the session's limits.
///
/// One run per (session, build, trace) in a test process: the golden-file and the C-parity
/// tests compare the same output, each with its own reference.
pub fn run_umax(s: &Session, b: B, trace: bool) -> Vec<u8> {
    /// (session name, node limit, table bits, build, trace, hash of the input)
    type Key = (String, String, u32, B, bool, u64);
    static CACHE: Memo<Key, Vec<u8>> = Memo::new();
    let input = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.input.hash(&mut h);
        h.finish()
    };
    let key = (s.name.clone(), s.nodes.clone(), s.bits, b, trace, input);
    CACHE.get(key, || run_umax_once(s, b, trace))
}

fn run_umax_once(s: &Session, b: B, trace: bool) -> Vec<u8> {
    let mut cmd = Command::new(umax_bin());
    cmd.arg("play")
        .args(["--build", b.name()])
        .args(["--nodes", &s.nodes_int().to_string()])
        .args(["--hash-bits", &s.bits.to_string()]);
    if trace {
        cmd.arg("--trace");
    }
    run_within(cmd, &s.input, session_kind(s.nodes_int()))
}

/// Runs umax `cmd` on `input` (within the deadline of a search) and returns its stdout; it
/// must succeed.
pub fn run_with_input(cmd: Command, input: &[u8]) -> Vec<u8> {
    run_within(cmd, input, Kind::Search)
}

fn run_within(mut cmd: Command, input: &[u8], kind: Kind) -> Vec<u8> {
    let what = format!(
        "umax {}",
        cmd.get_args().next().unwrap_or_default().to_string_lossy()
    );
    let o = cmd.output_with_input(&what, input, kind.limit());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "umax failed ({}): {err}", o.status);
    o.stdout
}

/// Byte-for-byte comparison. On a mismatch: the first differing line, and the input and both
/// outputs saved under `target/parity-failures/`.
pub fn compare(label: &str, input: &[u8], expected: &[u8], actual: &[u8]) -> Result<(), String> {
    if expected == actual {
        return Ok(());
    }
    let e: Vec<&[u8]> = expected.split_inclusive(|&c| c == b'\n').collect();
    let a: Vec<&[u8]> = actual.split_inclusive(|&c| c == b'\n').collect();
    let idx = (0..e.len().max(a.len()))
        .find(|&i| e.get(i) != a.get(i))
        .unwrap_or(0);
    let show = |l: Option<&&[u8]>| match l {
        Some(l) => format!("{:?}", String::from_utf8_lossy(l)),
        None => "<end of output>".to_string(),
    };
    let dir = root().join("target/parity-failures");
    let _ = std::fs::create_dir_all(&dir);
    let safe: String = label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let _ = std::fs::write(dir.join(format!("{safe}.in")), input);
    let _ = std::fs::write(dir.join(format!("{safe}.c.out")), expected);
    let _ = std::fs::write(dir.join(format!("{safe}.umax.out")), actual);
    Err(format!(
        "{label}: outputs differ at line {} (C {} lines, umax {} lines)\n  C:    {}\n  umax: {}\n  input and outputs saved as {}/{safe}.*",
        idx + 1,
        e.len(),
        a.len(),
        show(e.get(idx)),
        show(a.get(idx)),
        dir.display()
    ))
}

/// The checking routine: the session through the instrumented C and through `umax play
/// --trace`, compared byte for byte. `Ok(false)` if the C could not be built (outside CI).
pub fn check(s: &Session, b: B) -> Result<bool, String> {
    let Some(bins) = c_bins(&s.nodes, s.bits) else {
        return Ok(false);
    };
    let expected = run_c(bins.trace(b), &s.input);
    let actual = run_umax(s, b, true);
    compare(
        &format!("{}.{}", s.name, b.name()),
        &s.input,
        &expected,
        &actual,
    )?;
    Ok(true)
}

/// The audit counters of fixed-depth searches (to `depth`) of every bench position, summed:
/// computed once per (build, depth) in a test process (the invariant tests of several builds
/// read the same audits).
#[allow(dead_code)]
pub fn audit_suite(build: micromax::builds::Build, depth: i32) -> micromax::mm32::Audit {
    static CACHE: Memo<(micromax::builds::Build, i32), micromax::mm32::Audit> = Memo::new();
    CACHE.get((build, depth), || audit_suite_once(build, depth))
}

fn audit_suite_once(build: micromax::builds::Build, depth: i32) -> micromax::mm32::Audit {
    use micromax::mm32::{Audit, Engine};
    use umax::bench::{builtin_suite, nodes_per_depth, setup};
    let mut e = Engine::new(build, 20);
    e.auditing = true;
    let mut total = Audit::default();
    for pos in builtin_suite() {
        setup(&mut e, &pos).unwrap();
        e.audit = Audit::default();
        nodes_per_depth(&mut e, depth);
        total += e.audit;
    }
    total
}

/// A command's stdout, after checking it succeeded (`what`: the command, for the message).
#[allow(dead_code)]
pub fn succeeded(out: &std::process::Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A command's stderr, after checking it failed, that the stderr holds every needle and that
/// nothing panicked.
#[allow(dead_code)]
pub fn failed_with(out: &std::process::Output, what: &str, needles: &[&str]) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        !out.status.success(),
        "{what} should have failed; stderr:\n{err}"
    );
    for n in needles {
        assert!(err.contains(n), "stderr lacks '{n}':\n{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// `UMAX_SMOKE_SCALE` (default 1): multiplies the counts of the random and fuzzed inputs for a
/// deeper run (`UMAX_SMOKE_SCALE=10 cargo test --release`).
pub fn smoke_scale() -> usize {
    std::env::var("UMAX_SMOKE_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1)
}

/// The deeper run (`UMAX_SMOKE_SCALE` of 2 or more) also runs the checks the default run leaves
/// out to stay within its five minutes, each of them a repeat on more builds of a check the
/// default run makes (docs/testing.md lists them): every twin's 1e7-node think, sd against
/// the live C on the long sessions, every twin's untouched C at the published size.
pub fn deep() -> bool {
    smoke_scale() >= 2
}

/// Whether build `b` makes the checks the default run keeps to old and sd (every build in the
/// deeper run).
pub fn old_sd_or_deep(b: B) -> bool {
    matches!(b, B::Old | B::Sd) || deep()
}

/// The seeded generator of the random sessions.
#[allow(unused_imports)]
pub use umax::splitmix::SplitMix64 as Rng;
