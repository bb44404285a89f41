//! One checking routine per input parser, shared by the cargo-fuzz targets (`fuzz/`) and the
//! stable-Rust smoke test (`tests/suite/hostile_fuzz_smoke.rs`). Each takes arbitrary bytes, feeds
//! them to the parser and what it drives, and panics only if an invariant breaks (a panic
//! anywhere below is a bug the fuzzer reports).

use crate::uci::{self, Command, UciOptions};
use micromax::Searcher;
use micromax::builds::Build;
use micromax::fen::{material_score, parse_fen};
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};
use std::cell::RefCell;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

thread_local! {
    /// Engines are big; one small one per thread, reused (every use sets it up first).
    static ENGINE: RefCell<Box<dyn Searcher>> = RefCell::new(Build::Old.searcher(4));
}

/// FEN: parse; if accepted, set the engine up and check it holds the position, with `Q` the
/// material score; the FEN written back parses to the same position.
pub fn check_fen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = parse_fen(&text) else { return };
    ENGINE.with_borrow_mut(|e| {
        e.set_position(&pos).expect("3.2 sets up any position");
        assert!(e.stands_in(&pos), "board differs for {text:?}");
        assert_eq!(
            micromax::mm32::material(e.as_mut()),
            Some(material_score(&pos))
        );
    });
    let again = Fen::from_position(&pos, EnPassantMode::Always).to_string();
    let back = parse_fen(&again).expect("our own FEN parses");
    assert_eq!(back.board(), pos.board());
    assert_eq!(back.turn(), pos.turn());
}

/// UCI lines: read them as the session does, parse each command, set up every `position`
/// against the referee and replay it on the engine, work out every `go` plan.
pub fn check_uci_commands(data: &[u8]) {
    let mut input = data;
    while let Some(line) = uci::read_line(&mut input, 4096).expect("reading a slice") {
        match uci::parse_command(&line.text) {
            Command::Position { start, moves } => {
                if let Ok(gp) = uci::setup_position(&start, &moves) {
                    ENGINE.with_borrow_mut(|e| {
                        uci::replay(e.as_mut(), &gp).expect("3.2 sets up any position");
                        assert!(e.stands_in(&gp.current));
                    });
                }
            }
            Command::Go(g) => {
                for white in [true, false] {
                    uci::plan(
                        &g,
                        white,
                        0,
                        micromax::builds::Build::Old
                            .capabilities()
                            .default_node_limit,
                    );
                    uci::plan(
                        &g,
                        white,
                        600,
                        micromax::builds::Build::Old
                            .capabilities()
                            .default_node_limit,
                    );
                }
                for w in &g.warnings {
                    assert!(!w.chars().any(char::is_control), "{w:?}");
                }
            }
            Command::Unknown(text) | Command::Invalid(text) | Command::SetOption(text, _) => {
                assert!(!uci::echo(&text).chars().any(char::is_control));
            }
            _ => {}
        }
    }
}

/// A writer other threads can share, keeping what was written.
#[derive(Clone, Default)]
pub struct SharedBuffer(pub Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A whole `umax uci` session on the bytes (searches capped at a few hundred nodes, a tiny
/// table); every output line must be one the protocol knows.
pub fn check_uci_session(data: &[u8]) {
    let opts = UciOptions {
        build: if data.first().is_some_and(|b| b & 1 == 1) {
            Build::Sd
        } else {
            Build::Old
        },
        hash_bits: 4,
        node_cap: Some(300),
    };
    let out = SharedBuffer::default();
    let mut input = data;
    uci::run(&opts, &mut input, out.clone()).expect("writing to memory");
    let text = out.0.lock().unwrap().clone();
    let text = String::from_utf8(text).expect("output is UTF-8");
    for line in text.lines() {
        let first = line.split(' ').next().unwrap_or("");
        assert!(
            ["id", "option", "uciok", "readyok", "info", "bestmove"].contains(&first),
            "unexpected output line {line:?}"
        );
    }
}

/// `umax play` on the bytes (thinks capped at 300 nodes).
pub fn check_play(data: &[u8]) {
    ENGINE.with_borrow_mut(|e| {
        e.reset();
        let mut input = data;
        let mut out = Vec::new();
        e.console(&micromax::Limits::nodes(300), true, &mut input, &mut out)
            .expect("in memory");
        assert!(out.len() >= 144, "at least the first board");
    });
}
