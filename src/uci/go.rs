//! The search thread: one `go` searched with its limits, reporting each root iteration.

use super::*;

/// One `go`, run on the search thread.
pub(super) struct SearchJob<W: Write + Send + 'static> {
    pub(super) out: Out<W>,
    /// The position as given (to set it up again for a second think).
    pub(super) game: GamePosition,
    /// The position to search (the referee's).
    pub(super) pos: Chess,
    pub(super) plan: SearchPlan,
    pub(super) started: Instant,
    pub(super) user_stop: Arc<AtomicBool>,
    pub(super) answer: Arc<Answer>,
}

/// What the per-iteration callback keeps between iterations.
pub(super) struct IterationState {
    pub(super) last_end: Duration,
    pub(super) last_len: Option<Duration>,
    pub(super) depth: i32,
    pub(super) nodes_seen: u32,
    pub(super) node_wraps: i64,
}

impl<W: Write + Send + 'static> SearchJob<W> {
    pub(super) fn run(self, mut engine: Box<dyn Searcher>) -> Box<dyn Searcher> {
        let best = if self.pos.legal_moves().is_empty() {
            "0000".to_string() // checkmate or stalemate: nothing to search
        } else {
            // a think that stops calling the search (the wall clock's watchdog ends the
            // process): bestmove first, the last completed iteration's move
            let (out, answer, pos) = (self.out.clone(), self.answer.clone(), self.pos.clone());
            micromax::thread_watch::set_hook(Some(Box::new(move |m: &str| {
                let last = answer
                    .ready
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clone();
                let best = last.unwrap_or_else(|| uci_name(&pos.legal_moves()[0]));
                answer.send(&out, &format!("info string watchdog: {m}; playing {best}"));
                answer.send(&out, &format!("bestmove {best}"));
            })));
            let thought = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.think(engine.as_mut())
            }));
            micromax::thread_watch::set_hook(None);
            match thought {
                Ok(think) => self.choose(engine.as_mut(), think),
                Err(payload) => match micromax::Stuck::of_panic(payload.as_ref()) {
                    // a search that does not stop: the move of the last completed iteration
                    // (else the first legal move), and the engine back to a fresh start
                    Some(stuck) => {
                        engine.reset();
                        let last = self
                            .answer
                            .ready
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .clone();
                        let best = last.unwrap_or_else(|| uci_name(&self.pos.legal_moves()[0]));
                        self.answer.send(
                            &self.out,
                            &format!(
                                "info string watchdog: {} at {}: {stuck}; playing {best}, the move of the last completed iteration (or the first legal move)",
                                engine.name(),
                                shakmaty::fen::Fen::from_position(&self.pos, shakmaty::EnPassantMode::Legal)
                            ),
                        );
                        best
                    }
                    None => std::panic::resume_unwind(payload),
                },
            }
        };
        if self.plan.infinite {
            // UCI: in infinite (and ponder) mode bestmove waits for stop.
            while !self.user_stop.load(Ordering::SeqCst) {
                std::thread::park();
            }
        }
        self.answer.send(&self.out, &format!("bestmove {best}"));
        // the think leaves its entries in the table (`think_move`): clear them now, after
        // bestmove, rather than at the next go
        engine.clear_hash();
        engine
    }

    /// The hard stop for this `go`: the user's `stop` and the plan's hard limit.
    pub(super) fn abort(&self) -> Abort {
        Abort {
            stop: Some(self.user_stop.clone()),
            deadline: self.plan.hard.map(|h| self.started + h),
            cpu_deadline: None,
            max_nodes: None,
        }
    }

    /// The engine's limits for this `go`: the depth is the engine's own rule (`max_ply`; a
    /// depth is at least 1, so a move is always searched); the others act through `stop`, set
    /// by the per-iteration callback, because they must let the first iteration that searches
    /// moves (ply 1) complete, which the C's root rule does not promise (`go nodes 1`, a hard
    /// limit already past), and the node count is the C's `int`, counted past its wraps.
    pub(super) fn limits(&self, stop: &Arc<AtomicBool>) -> Limits {
        // the watchdog's bounds from the plan's node limit or time (`go infinite`: none)
        let share = self.plan.hard.or(self.plan.time).map(|t| t.as_secs_f64());
        let watchdog = micromax::Watchdog::for_limits(
            &Limits::nodes(self.plan.nodes.unwrap_or(i64::MAX)),
            share,
        );
        Limits {
            nodes: i64::MAX,
            max_ply: self.plan.depth,
            stop: Some(stop.clone()),
            abort: Some(self.abort()),
            watchdog: Some(watchdog),
            ..Limits::default()
        }
    }

    /// `Engine::think_move` with the plan's limits, printing `info` after each iteration.
    pub(super) fn think(&self, engine: &mut dyn Searcher) -> Think {
        let engine_stop = Arc::new(AtomicBool::new(false));
        let limits = self.limits(&engine_stop);
        let mut st = IterationState {
            last_end: Duration::ZERO,
            last_len: None,
            depth: 0,
            nodes_seen: 0,
            node_wraps: 0,
        };
        let (out, pos, plan, started, user_stop, answer) = (
            self.out.clone(),
            self.pos.clone(),
            self.plan.clone(),
            self.started,
            self.user_stop.clone(),
            self.answer.clone(),
        );
        let observe = move |it: &RootIter, base: i32| {
            let now = started.elapsed();
            // N is the C's int: count its wraps in a very long analysis.
            let n = it.nodes as u32;
            if n < st.nodes_seen {
                st.node_wraps += 1;
            }
            st.nodes_seen = n;
            let nodes = (st.node_wraps << 32) + n as i64;
            let len = now.saturating_sub(st.last_end);
            let growth = match st.last_len {
                Some(prev) if prev.as_secs_f64() > 0.0 => {
                    (len.as_secs_f64() / prev.as_secs_f64()).clamp(2.0, 8.0)
                }
                _ => 4.0,
            };
            st.last_end = now;
            st.last_len = Some(len);
            if it.ply < 1 {
                return; // depth 0 scores the position, it searches no move
            }
            // After a mate the C sets d=99: report the depth the iteration really had.
            st.depth = micromax::real_ply(it.ply, st.depth);
            let ms = now.as_millis().max(1) as i64;
            let mut line = format!(
                "info depth {} score {} nodes {} nps {} time {}",
                st.depth,
                uci_score_rebased(it.score, base),
                nodes,
                nodes * 1000 / ms,
                now.as_millis()
            );
            let legal = legal_offer(&pos, &it.offer()).map(|m| uci_name(&m));
            if let Some(m) = &legal {
                line.push_str(" pv ");
                line.push_str(m);
            }
            answer.send(&out, &line);
            *answer.ready.lock().unwrap_or_else(|e| e.into_inner()) = legal;
            // Decide whether the root may start another iteration.
            let predicted_end = now.as_secs_f64() + len.as_secs_f64() * growth;
            let done = user_stop.load(Ordering::SeqCst)
                || plan.nodes.is_some_and(|n| nodes >= n)
                || plan.hard.is_some_and(|h| now >= h)
                || plan.time.is_some_and(|t| {
                    let t = t.as_secs_f64();
                    now.as_secs_f64() >= t / 2.0 && predicted_end > t
                });
            if done {
                engine_stop.store(true, Ordering::SeqCst);
            }
        };
        let (answer, out) = (self.answer.clone(), self.out.clone());
        let mut note = |line: &str| answer.send(&out, &format!("info string {line}"));
        engine.think_playing(&limits, &mut note, Box::new(observe))
    }

    /// The move to send: the engine's if the referee finds it legal, else see the module docs.
    pub(super) fn choose(&self, engine: &mut dyn Searcher, think: Think) -> String {
        if let Some(m) = legal_offer(&self.pos, &think.offer) {
            return uci_name(&m);
        }
        let offered = think.offer.to_string();
        // Think once more, the engine told its move is not legal here (from the position as
        // given: the engine may have played its illegal move): the table cleared, and a
        // castling (the only illegal moves the rules test finds micro-Max accepting) forbidden.
        // the position was set up before this think: it is set up again the same way
        let _ = replay(engine, &self.game);
        engine.refuse_offer(&think.offer, &self.pos);
        let king = self.pos.board().king_of(self.pos.turn());
        let castling = match (&think.offer, king) {
            (UciMove::Normal { from, to, .. }, Some(k)) => {
                *from == k && from.file().distance(to.file()) == 2
            }
            _ => false,
        };
        let again = self.think_quietly(engine);
        if let Some(m) = legal_offer(&self.pos, &again.offer) {
            let how = if castling {
                "a castling out of or through a pawn's attack, which micro-Max 3.2 misses; thinking again without castling"
            } else {
                "not legal here; thinking again with an empty table"
            };
            self.answer.send(
                &self.out,
                &format!(
                    "info string micro-Max offered {offered}, {how} gave {}",
                    uci_name(&m)
                ),
            );
            return uci_name(&m);
        }
        let first = self.pos.legal_moves()[0];
        self.answer.send(
            &self.out,
            &format!(
                "info string micro-Max offered {offered}, not legal here; playing the first legal move {}",
                uci_name(&first)
            ),
        );
        uci_name(&first)
    }

    /// A second think under the same plan (and hard limit), without `info` lines.
    pub(super) fn think_quietly(&self, engine: &mut dyn Searcher) -> Think {
        let engine_stop = Arc::new(AtomicBool::new(false));
        let limits = self.limits(&engine_stop);
        let plan = self.plan.clone();
        let started = Instant::now();
        let budget = self.plan.time;
        let observe = move |it: &RootIter, _base: i32| {
            let done = it.ply >= 1
                && (plan.nodes.is_some_and(|n| it.nodes as i64 >= n)
                    || budget.is_some_and(|t| started.elapsed() * 4 > t)
                    || plan.infinite);
            if done {
                engine_stop.store(true, Ordering::SeqCst);
            }
        };
        engine.think_playing(&limits, &mut |_| {}, Box::new(observe))
    }
}
