//! An engine in a process of its own, behind the one seam: [`External`] implements
//! [`Searcher`] for any UCI or xboard (CECP) engine an `--engine` defines
//! ([`EngineSpec`]), so that `match` and `tournament` seat it where a build sits. What is said
//! over the pipe is each protocol's (`uci.rs`, `xboard.rs`); this file keeps the game (where the
//! engine stands, the moves since), the deadlines, and the failures.
//!
//! | seam | UCI | xboard |
//! |------|-----|--------|
//! | a fresh process (first `reset`) | `uci` … `uciok`, `setoption`, `isready` | `xboard`, `protover 2` … `feature done=1`, `option` |
//! | `reset` (a new game) | `ucinewgame`, `isready` | `new`, `force`, `post`, `easy` |
//! | `set_position` | the FEN kept for `position fen` | `setboard` if it declared `setboard=1`, else refused |
//! | `enter_move` | kept for `position … moves` | the move sent (in force mode) |
//! | `think` on a clock | `position …`, `go wtime btime winc binc` | `level` (once), `time`, `otim`, `go` … `move`, then `force` |
//! | `think` at nodes / depth / move time | `go nodes` / `go depth` / `go movetime` | — / `sd` / `st` |
//!
//! Faults never panic and never hang: every read has a deadline (the side's clock plus the
//! spec's margin during a think on a clock, the spec's timeouts otherwise); an engine that does
//! not start, answers nothing, exits, sends no move in time or a move line that is no move is a
//! [`Failure`], which the player reads ([`Searcher::failure`]) and scores; the process is killed
//! and the next game gets a new one.

mod uci;
mod xboard;

use crate::budget::Budget;
use crate::engine_process::{EngineProcess, ReadError};
use crate::pairing::{EngineSpec, Identity, Player, Protocol};
use micromax::seam::{EnterError, Failure, FailureKind, Searcher};
use micromax::{Limits, RootIter, TestFault, Think};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An external engine as a [`Searcher`]: started lazily (at the first game), restarted by a new
/// `External` after a failure.
pub struct External {
    spec: Arc<EngineSpec>,
    process: Option<EngineProcess>,
    /// What the handshake said (xboard's features decide how moves are sent).
    identity: Option<Identity>,
    xboard: xboard::Features,
    /// The position the game started from and its FEN (`None`: the initial position).
    start: Chess,
    start_fen: Option<String>,
    /// The moves since, and where the engine stands after them.
    moves: Vec<Move>,
    pos: Chess,
    last: UciMove,
    failure: Option<Failure>,
    /// xboard: `level` sent in this game.
    level_sent: bool,
}

const NO_MOVE: UciMove = UciMove::Normal {
    from: shakmaty::Square::A8,
    to: shakmaty::Square::A8,
    promotion: None,
};

impl External {
    pub fn new(spec: Arc<EngineSpec>) -> External {
        External {
            spec,
            process: None,
            identity: None,
            xboard: xboard::Features::default(),
            start: Chess::default(),
            start_fen: None,
            moves: Vec::new(),
            pos: Chess::default(),
            last: NO_MOVE,
            failure: None,
            level_sent: false,
        }
    }

    /// The spec it runs.
    pub fn spec(&self) -> &Arc<EngineSpec> {
        &self.spec
    }

    /// Starts the process and reads its handshake (within the spec's handshake timeout),
    /// setting the options: what it said of itself, or why it is not a working engine.
    fn launch(&mut self) -> Result<(), Failure> {
        let spec = self.spec.clone();
        let start_failure = |detail: String| Failure {
            kind: FailureKind::Start,
            detail,
        };
        let mut p =
            EngineProcess::start(&spec.command, &spec.args, spec.dir.as_deref(), &spec.name)
                .map_err(start_failure)?;
        let deadline = Instant::now() + Duration::from_secs_f64(spec.handshake_timeout);
        let identity = match spec.protocol {
            Protocol::Uci => uci::handshake(&mut p, &spec, deadline),
            Protocol::Xboard => xboard::handshake(&mut p, &spec, deadline).map(|(id, f)| {
                self.xboard = f;
                id
            }),
        }
        .map_err(|e| start_failure(format!("{} did not complete its handshake: {e}", spec.name)))?;
        self.identity = Some(identity);
        self.process = Some(p);
        Ok(())
    }

    /// Records a failure and kills the process (its state is unknown).
    fn fail(&mut self, kind: FailureKind, detail: String) {
        if self.failure.is_none() {
            self.failure = Some(Failure { kind, detail });
        }
        if let Some(mut p) = self.process.take() {
            p.stop("", Duration::ZERO);
        }
    }

    /// A read or write error during a game, as a failure.
    fn fail_io(&mut self, e: ReadError) {
        match e {
            ReadError::Timeout(d) => self.fail(FailureKind::Stall, d),
            ReadError::Exited(d) => self.fail(FailureKind::Crash, d),
            ReadError::Refused(line) => {
                let detail = format!(
                    "{} refused a move it was sent, which is legal: '{}'",
                    self.spec.name,
                    line.trim()
                );
                self.fail(FailureKind::Refused, detail)
            }
        }
    }

    fn send(&mut self, line: &str) -> bool {
        let Some(p) = self.process.as_mut() else {
            return false;
        };
        match p.send(line) {
            Ok(()) => true,
            Err(e) => {
                self.fail(FailureKind::Crash, e);
                false
            }
        }
    }

    /// A new game: the process started if it is not running, told a game begins.
    fn new_game(&mut self) {
        self.moves.clear();
        self.level_sent = false;
        self.last = NO_MOVE;
        if self.failure.is_some() {
            return;
        }
        if self.process.is_none()
            && let Err(f) = self.launch()
        {
            self.failure = Some(f);
            return;
        }
        let deadline = Instant::now() + Duration::from_secs_f64(self.spec.handshake_timeout);
        let p = self.process.as_mut().expect("launched");
        let r = match self.spec.protocol {
            Protocol::Uci => uci::new_game(p, deadline),
            Protocol::Xboard => xboard::new_game(p, &self.xboard, deadline),
        };
        if let Err(e) = r {
            self.fail_io(e);
        }
    }

    /// The think's wall-clock deadline for its move: the side's clock and the margin on a
    /// clock, else the move time and the margin, else the think timeout.
    fn move_deadline(&self, limits: &Limits) -> Instant {
        let now = Instant::now();
        let secs = if let Some(c) = limits.game_clock {
            c.own.max(0.0) + self.spec.margin
        } else if let Some(d) = limits.deadline {
            (d - (limits.clock)()).max(0.0) + self.spec.margin
        } else {
            self.spec.think_timeout
        };
        now + Duration::from_secs_f64(secs.min(1e7))
    }

    /// The think, `play`: the move recorded as played (a game); `observe` each iteration.
    fn run_think(
        &mut self,
        limits: &Limits,
        play: bool,
        mut observe: Box<dyn FnMut(&RootIter) + Send>,
    ) -> Think {
        let mut think = Think {
            offer: NO_MOVE,
            nodes: 0,
            searched: 0,
            iterations: Vec::new(),
            played: false,
        };
        if self.failure.is_some() || self.process.is_none() {
            if self.failure.is_none() {
                self.fail(
                    FailureKind::Start,
                    format!("{} was asked to think before a game began", self.spec.name),
                );
            }
            return think;
        }
        let deadline = self.move_deadline(limits);
        let moves: Vec<String> = self.moves.iter().map(crate::chess::uci).collect();
        let p = self.process.as_mut().expect("running");
        let pos = &self.pos;
        let answer = match self.spec.protocol {
            Protocol::Uci => uci::think(
                p,
                self.start_fen.as_deref(),
                &moves,
                pos,
                limits,
                deadline,
                &mut |it| {
                    think.iterations.push(*it);
                    observe(it)
                },
            ),
            Protocol::Xboard => {
                let level_sent = self.level_sent;
                self.level_sent = true;
                xboard::think(
                    p,
                    &self.xboard,
                    pos,
                    limits,
                    level_sent,
                    deadline,
                    &mut |it| {
                        think.iterations.push(*it);
                        observe(it)
                    },
                )
            }
        };
        let answer = match answer {
            Ok(a) => a,
            Err(e) => {
                let e = match e {
                    ReadError::Timeout(_) => ReadError::Timeout(match limits.game_clock {
                        Some(c) => format!(
                            "{} sent no move within its {:.3}s left and the {}s margin",
                            self.spec.name, c.own, self.spec.margin
                        ),
                        None => format!(
                            "{} sent no move within the time allowed a think",
                            self.spec.name
                        ),
                    }),
                    e => e,
                };
                self.fail_io(e);
                return think;
            }
        };
        if answer.text == "resign" {
            self.fail(
                FailureKind::Resigned,
                format!("{} resigned", self.spec.name),
            );
            return think;
        }
        think.searched = answer.nodes;
        think.nodes = answer.nodes.min(i32::MAX as u64) as i32;
        match parse_move(&self.pos, &answer.text) {
            Some(offer) => {
                think.offer = offer;
                self.last = offer;
                if let Some(mv) = crate::chess::legal_offer(&self.pos, &offer) {
                    think.played = true;
                    let undo = !play && self.spec.protocol == Protocol::Xboard;
                    if play {
                        self.moves.push(mv);
                        self.pos.play_unchecked(mv);
                    } else if undo {
                        // the engine played it on its own board; a think alone takes it back
                        let _ = self.send("undo");
                    }
                }
            }
            None => self.fail(
                FailureKind::Garbage,
                format!(
                    "{} sent '{}', which is not a move",
                    self.spec.name,
                    answer.line.trim()
                ),
            ),
        }
        think
    }
}

/// What an engine's move line said.
pub(crate) struct Answer {
    /// The move's text (`e2e4`, `e7e8q`, `O-O`).
    pub text: String,
    /// The whole line, for messages.
    pub line: String,
    /// Nodes it reported last (0 if none).
    pub nodes: u64,
}

/// An engine's move text where it stands: UCI squares (`e2e4`, `e7e8q`, castling as the king's
/// move), else SAN (`Nf3`, `O-O`), which xboard allows.
fn parse_move(pos: &Chess, text: &str) -> Option<UciMove> {
    if let Ok(u) = text.parse::<UciMove>()
        && matches!(u, UciMove::Normal { .. })
    {
        return Some(u);
    }
    let san: shakmaty::san::San = text.trim_end_matches(['+', '#']).parse().ok()?;
    let m = san.to_move(pos).ok()?;
    Some(m.to_uci(CastlingMode::Standard))
}

/// An iteration as the seam reports it, from an engine's depth, score (centipawns, the
/// mover's view), nodes and first move of its principal variation.
pub(crate) fn iteration(
    pos: &Chess,
    depth: i32,
    score: i32,
    nodes: u64,
    pv: Option<&str>,
) -> RootIter {
    let (from, to) = pv
        .and_then(|m| parse_move(pos, m))
        .and_then(|u| match u {
            UciMove::Normal { from, to, .. } => Some((
                micromax::x88::to_0x88(from),
                micromax::x88::to_0x88(to) as i32,
            )),
            _ => None,
        })
        .unwrap_or((0, 0));
    RootIter {
        ply: depth,
        nodes: nodes.min(i32::MAX as u64) as i32,
        score,
        from,
        to,
    }
}

impl Searcher for External {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn reset(&mut self) {
        self.start = Chess::default();
        self.start_fen = None;
        self.pos = Chess::default();
        self.new_game();
    }

    fn set_position(&mut self, pos: &Chess) -> Result<(), String> {
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        self.new_game();
        if self.spec.protocol == Protocol::Xboard && self.failure.is_none() {
            if !self.xboard.setboard {
                return Err(format!(
                    "{} (xboard) declared setboard=0: it cannot set up a position",
                    self.spec.name
                ));
            }
            // a failed write is a failure the player reads
            self.send(&format!("setboard {fen}"));
        }
        self.start = pos.clone();
        self.pos = pos.clone();
        self.start_fen = Some(fen);
        Ok(())
    }

    fn enter_move(&mut self, mv: &Move) -> Result<(), EnterError> {
        if !self.pos.is_legal(*mv) {
            return Err(EnterError::NotLegal(format!(
                "{} is not legal where {} stands",
                crate::chess::uci(mv),
                self.spec.name
            )));
        }
        if self.spec.protocol == Protocol::Xboard && self.failure.is_none() {
            let text = crate::chess::uci(mv);
            let line = if self.xboard.usermove {
                format!("usermove {text}")
            } else {
                text
            };
            self.send(&line);
        }
        self.moves.push(*mv);
        self.pos.play_unchecked(*mv);
        self.last = mv.to_uci(CastlingMode::Standard);
        Ok(())
    }

    fn think(&mut self, limits: &Limits) -> Think {
        self.run_think(limits, true, Box::new(|_| {}))
    }

    fn think_reporting(
        &mut self,
        limits: &Limits,
        observe: Box<dyn FnMut(&RootIter) + Send>,
    ) -> Think {
        self.run_think(limits, false, observe)
    }

    fn last_move(&self) -> UciMove {
        self.last
    }

    fn stands_in(&self, pos: &Chess) -> bool {
        self.pos.board() == pos.board() && self.pos.turn() == pos.turn()
    }

    fn console(
        &mut self,
        _limits: &Limits,
        _trace: bool,
        _input: &mut dyn BufRead,
        _out: &mut dyn Write,
    ) -> io::Result<()> {
        Err(io::Error::other(format!(
            "{} is an engine of its own process: it has no micro-Max console",
            self.spec.name
        )))
    }

    fn failure(&mut self) -> Option<Failure> {
        self.failure.take()
    }

    fn process_cpu_seconds(&self) -> Option<f64> {
        Some(self.process.as_ref().map_or(0.0, |p| p.cpu_seconds()))
    }

    fn inject_fault(&mut self, _fault: TestFault) {}

    fn as_dyn(&mut self) -> &mut dyn Searcher {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// Starts the engine once, reads its handshake and stops it: what it says of itself, or why
/// it cannot play (a run refuses to start with an engine that fails here). Also checks that
/// every `option.NAME` is one it declared.
pub fn probe(spec: &Arc<EngineSpec>) -> Result<Identity, String> {
    let mut e = External::new(spec.clone());
    if let Err(f) = e.launch() {
        return Err(f.detail);
    }
    let identity = e.identity.clone().expect("launched");
    for (name, _) in &spec.options {
        if !identity
            .options
            .iter()
            .any(|o| o.eq_ignore_ascii_case(name))
        {
            return Err(format!(
                "--engine name={}: {} has no option '{name}' (it declared: {})",
                spec.name,
                identity.id,
                identity.options.join(", ")
            ));
        }
    }
    Ok(identity)
}

/// Probes each engine of `engines` once (unless a run before did: [`probe`]), and refuses a
/// budget its protocol cannot state (xboard has no node limit): everything refused before a
/// run writes anything.
pub fn probe_all<'a>(
    engines: impl Iterator<Item = &'a Arc<EngineSpec>>,
    budget: &Budget,
) -> Result<(), String> {
    for e in engines {
        if e.identity().is_none() {
            let id = probe(e)
                .map_err(|m| format!("--engine name={} ({}): {m}", e.name, e.command_text()))?;
            e.set_identity(id);
        }
        if e.protocol == Protocol::Xboard
            && matches!(budget, Budget::Nodes(_) | Budget::NodeClock(_))
        {
            return Err(format!(
                "{} speaks xboard, which has no node limit: play it on a clock (--tc) or at a depth",
                e.name
            ));
        }
    }
    Ok(())
}

/// The one place a player's engine is made (`match`, `tournament`, `judge`): a build's from
/// the catalogue's factory with `options`, an engine's process (started at its first game).
pub fn searcher(player: &Player, options: &micromax::seam::Options) -> Box<dyn Searcher> {
    match player {
        Player::Build(b) => b.searcher_with(options),
        Player::Engine(spec) => Box::new(External::new(spec.clone())),
    }
}
