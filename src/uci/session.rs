//! The session: the command loop, its answers, and the one search running at a time.

use super::*;

pub(super) type Out<W> = Arc<Mutex<W>>;

/// Writes one line and flushes it.
pub(super) fn send<W: Write>(out: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    w.write_all(line.as_bytes())?;
    w.write_all(b"\n")?;
    w.flush()
}

/// The one `bestmove` of a `go`, sent by whichever thread comes first: the search thread when
/// it is done, or the main thread at `stop` (or end of input, or `quit`) with the move of the
/// last completed iteration — so that on a loaded machine `stop` is answered as soon as the
/// main thread runs, without waiting for the search thread to be scheduled and unwind. Output
/// goes through here while the search runs, so that nothing follows `bestmove`.
#[derive(Default)]
pub(super) struct Answer {
    /// The last completed iteration's move, if the referee finds it legal (else the search
    /// thread decides, see `SearchJob::choose`).
    pub(super) ready: Mutex<Option<String>>,
    pub(super) sent: AtomicBool,
}

impl Answer {
    /// Sends `line` unless `bestmove` was sent (with `bestmove`: unless it was sent already).
    pub(super) fn send<W: Write>(&self, out: &Mutex<W>, line: &str) {
        let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
        let bestmove = line.starts_with("bestmove ");
        if self.sent.load(Ordering::SeqCst) || (bestmove && self.sent.swap(true, Ordering::SeqCst))
        {
            return;
        }
        let _ = w
            .write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush());
    }

    /// At `stop`: answers with the last completed iteration's move, if there is one.
    pub(super) fn at_stop<W: Write>(&self, out: &Mutex<W>) {
        let ready = self.ready.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(m) = ready {
            self.send(out, &format!("bestmove {m}"));
        }
    }
}

pub(super) struct Search {
    pub(super) stop: Arc<AtomicBool>,
    pub(super) answer: Arc<Answer>,
    pub(super) handle: JoinHandle<Box<dyn Searcher>>,
}

pub(super) struct Session<W: Write + Send + 'static> {
    pub(super) opts: UciOptions,
    pub(super) out: Out<W>,
    pub(super) engine: Option<Box<dyn Searcher>>,
    /// `None` after a refused `position`, until a valid one (or `ucinewgame`).
    pub(super) position: Option<GamePosition>,
    pub(super) search: Option<Search>,
    /// `NodesTime` (nodes per millisecond; 0: off): the node clock, as Stockfish's `nodestime`.
    pub(super) nodestime: i64,
}

/// Runs the protocol on `input` until `quit` or end of input.
pub fn run<R: BufRead, W: Write + Send + 'static>(
    opts: &UciOptions,
    input: &mut R,
    out: W,
) -> io::Result<()> {
    let mut s = Session {
        opts: opts.clone(),
        out: Arc::new(Mutex::new(out)),
        engine: Some(opts.build.searcher(opts.hash_bits)),
        position: Some(GamePosition::default()),
        search: None,
        nodestime: 0,
    };
    let result = s.main_loop(input);
    match result {
        // The GUI went away: nothing left to tell it.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

impl<W: Write + Send + 'static> Session<W> {
    pub(super) fn main_loop<R: BufRead>(&mut self, input: &mut R) -> io::Result<()> {
        loop {
            let Some(line) = read_line(input, MAX_LINE)? else {
                self.end_of_input();
                return Ok(());
            };
            if line.truncated {
                self.info(&format!(
                    "line longer than {MAX_LINE} bytes: the rest was dropped"
                ))?;
            }
            if !self.handle(&line.text)? {
                return Ok(());
            }
        }
    }

    pub(super) fn send(&self, line: &str) -> io::Result<()> {
        send(&self.out, line)
    }

    pub(super) fn info(&self, text: &str) -> io::Result<()> {
        self.send(&format!("info string {text}"))
    }

    /// Handles one line; `false` means quit.
    pub(super) fn handle(&mut self, line: &str) -> io::Result<bool> {
        match parse_command(line) {
            Command::Uci => {
                let family = self.opts.build.capabilities().family;
                self.send(&format!(
                    "id name umax {} ({family}, {})",
                    env!("CARGO_PKG_VERSION"),
                    self.opts.build
                ))?;
                self.send(&format!(
                    "id author {}",
                    self.opts.build.capabilities().author
                ))?;
                self.send(&format!(
                    "option name NodesTime type spin default 0 min 0 max {MAX_NODESTIME}"
                ))?;
                self.send("uciok")?;
            }
            Command::IsReady => self.send("readyok")?,
            Command::Debug | Command::Register | Command::Empty => {}
            Command::SetOption(name, value) if name.eq_ignore_ascii_case("nodestime") => {
                match value.as_deref().map(str::parse::<i64>) {
                    Some(Ok(v)) if (0..=MAX_NODESTIME).contains(&v) => self.nodestime = v,
                    Some(Ok(v)) => {
                        self.nodestime = v.clamp(0, MAX_NODESTIME);
                        self.info(&format!(
                            "NodesTime {v} is out of range: taken as {}",
                            self.nodestime
                        ))?;
                    }
                    _ => self.info(&format!(
                        "NodesTime takes a whole number of nodes per millisecond (0 to {MAX_NODESTIME}), not '{}': unchanged",
                        echo(value.as_deref().unwrap_or(""))
                    ))?,
                }
            }
            Command::SetOption(name, _) => {
                self.info(&format!("umax has no option '{}'", echo(&name)))?
            }
            Command::UciNewGame => self.position = Some(GamePosition::default()),
            Command::Position { start, moves } => match setup_position(&start, &moves) {
                Ok(gp) => self.position = Some(gp),
                Err(msg) => {
                    self.position = None;
                    self.info(&format!("{msg}; position refused"))?;
                }
            },
            Command::Go(g) => self.go(g)?,
            Command::Stop | Command::PonderHit => self.stop(),
            Command::Quit => {
                self.quit();
                return Ok(false);
            }
            Command::Unknown(text) => self.info(&format!("unknown command '{}'", echo(&text)))?,
            Command::Invalid(msg) => {
                if msg.starts_with("position") {
                    self.position = None;
                    self.info(&format!("{msg}; position refused"))?;
                } else {
                    self.info(&msg)?;
                }
            }
        }
        Ok(true)
    }

    /// Waits for the running search (if any) and takes the engine back.
    pub(super) fn join(&mut self) {
        if let Some(s) = self.search.take() {
            match s.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                // A panicking search thread is a bug; carry on with a fresh engine.
                Err(_) => self.engine = Some(self.opts.build.searcher(self.opts.hash_bits)),
            }
        }
    }

    pub(super) fn stop(&mut self) {
        if let Some(s) = &self.search {
            s.stop.store(true, Ordering::SeqCst);
            s.handle.thread().unpark();
            s.answer.at_stop(&self.out);
        }
    }

    pub(super) fn quit(&mut self) {
        self.stop();
        if let Some(s) = &self.search {
            let until = Instant::now() + Duration::from_secs(1);
            while !s.handle.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
            }
            if s.handle.is_finished() {
                self.join();
            }
        }
    }

    /// The GUI is gone: a running search is stopped as by `stop` (it sends its `bestmove`).
    pub(super) fn end_of_input(&mut self) {
        self.stop();
        self.join();
    }

    pub(super) fn go(&mut self, g: GoParams) -> io::Result<()> {
        let started = Instant::now();
        if self.search.is_some() {
            // Not allowed by the protocol; finish the old search first.
            self.stop();
            self.join();
        }
        for w in &g.warnings {
            self.info(w)?;
        }
        if g.searchmoves {
            self.info("searchmoves is not supported (micro-Max searches every move): ignored")?;
        }
        let Some(game) = self.position.clone() else {
            self.info(NO_POSITION)?;
            return self.send("bestmove 0000");
        };
        let mut engine = self.engine.take().expect("the engine is home when idle");
        match replay(engine.as_mut(), &game) {
            Ok(notes) => {
                for note in notes {
                    self.info(&note)?;
                }
            }
            Err(e) => {
                self.engine = Some(engine);
                self.info(&format!("cannot search this position: {e}"))?;
                return self.send("bestmove 0000");
            }
        }
        let pos = game.current.clone();
        let mut plan = plan(
            &g,
            pos.turn() == Color::White,
            self.nodestime,
            self.opts.build.capabilities().default_node_limit,
        );
        if let Some(cap) = self.opts.node_cap {
            plan.nodes = Some(plan.nodes.map_or(cap, |n| n.min(cap)));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let answer = Arc::new(Answer::default());
        let job = SearchJob {
            out: self.out.clone(),
            game,
            pos,
            plan,
            started,
            user_stop: stop.clone(),
            answer: answer.clone(),
        };
        let handle = std::thread::Builder::new()
            .name("umax-search".into())
            .spawn(move || job.run(engine))?;
        self.search = Some(Search {
            stop,
            answer,
            handle,
        });
        Ok(())
    }
}
