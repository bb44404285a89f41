//! What a think may spend ([`Limits`]), the hard stop inside an iteration ([`Abort`]) and the
//! watchdog, whichever engine thinks: the limits around a micro-Max root rule (3.2's
//! `z==8&N<1e7&d<98`, 4.8's `N<1e6`). Not micro-Max but for the node limit; read only at the
//! root between iterations, except the abort, which selects a separate instance of the search.

use crate::clock::thread_cpu_seconds;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a think may spend: when the root may start another iteration. The 3.2 rule is
/// `z==8&N<1e7&d<98`, with the node limit in place of `1e7` (4.8's is `1e6`); the other limits
/// are all off by default, and so is the node limit: an engine's own published limit is its
/// [`Capabilities::default_node_limit`](crate::seam::Capabilities::default_node_limit). Checked only at the root, between iterations, so they cost the search nothing
/// (except [`Limits::abort`], which selects a separate instance of the search).
///
/// A think takes its limits as a parameter ([`Searcher::think`](crate::Searcher::think)).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The node limit (the C's `1e7`; `i64::MAX` by default: none).
    pub nodes: i64,
    /// Deepest root iteration (in ply, as the trace prints it) to start; `None`: only `d<98`.
    pub max_ply: Option<i32>,
    /// Start no iteration after this instant (checked with `clock`).
    pub deadline: Option<f64>,
    /// The clock the deadline is read from (seconds): thread CPU time by default.
    pub clock: fn() -> f64,
    /// Set from another thread to stop starting iterations (UCI `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// A hard stop inside root iterations, for `umax uci` only (see [`Abort`]). `None`: the
    /// faithful search, which stops only between iterations.
    pub abort: Option<Abort>,
    /// The watchdog's bounds; `None`: [`Watchdog::for_limits`] of the other limits.
    pub watchdog: Option<Watchdog>,
    /// The game's clocks when the think is one move of a game on a clock: what an engine that
    /// manages its own time is told (UCI's `wtime/btime/winc/binc`, xboard's `time/otim`).
    /// micro-Max ignores it (its player turns the clock into [`Limits::deadline`]).
    pub game_clock: Option<GameClock>,
}

/// The clocks of a game at a think ([`Limits::game_clock`]), in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameClock {
    /// The side to move's time left.
    pub own: f64,
    /// Its opponent's time left.
    pub opponent: f64,
    /// Seconds added to a side's clock after each of its moves.
    pub increment: f64,
    /// The side to move is White.
    pub white: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            nodes: i64::MAX,
            max_ply: None,
            deadline: None,
            clock: thread_cpu_seconds,
            stop: None,
            abort: None,
            watchdog: None,
            game_clock: None,
        }
    }
}

impl Limits {
    /// The C's rule with `nodes` in place of `1e7`.
    pub fn nodes(nodes: i64) -> Limits {
        Limits {
            nodes,
            ..Limits::default()
        }
    }

    /// Every root iteration up to `max_ply` (as the trace prints it), whatever it costs.
    pub fn depth(max_ply: i32) -> Limits {
        Limits {
            nodes: i64::MAX,
            max_ply: Some(max_ply),
            ..Limits::default()
        }
    }
}

/// What the root reads of [`Limits`] while it searches (all but the abort, which selects the
/// instance of the search).
#[derive(Clone, Debug)]
pub(crate) struct RootLimits {
    pub(crate) nodes: i64,
    pub(crate) max_ply: Option<i32>,
    pub(crate) deadline: Option<f64>,
    pub(crate) clock: fn() -> f64,
    pub(crate) stop: Option<Arc<AtomicBool>>,
}

impl From<Limits> for RootLimits {
    fn from(l: Limits) -> RootLimits {
        RootLimits {
            nodes: l.nodes,
            max_ply: l.max_ply,
            deadline: l.deadline,
            clock: l.clock,
            stop: l.stop,
        }
    }
}

/// How often (in calls of the search) the watchdog looks at a think's nodes and CPU time.
pub const WATCHDOG_POLL_NODES: u64 = 1 << 16;

/// A think's watchdog: a search that does not stop (an edit of `D()` that never ends an
/// iteration) is stopped far past anything a working search spends, with a [`Stuck`] panic the
/// commands turn into an error naming the game and position. Not micro-Max, and invisible to a
/// think that ends normally: every [`WATCHDOG_POLL_NODES`] calls of the search (a call answered
/// from the table included, so a search that loops over such calls is caught too) it reads the
/// node count and the thinking thread's CPU time, and changes nothing (the same nodes, moves and signatures).
///
/// The bounds (`docs/reference.md`, "A search that does not stop"): nodes 1000 × the node limit +
/// 10,000,000 (the committed runs' largest think was 42 × its limit: micro-Max starts its last
/// iteration below the limit and finishes it), CPU time 60 s + 100 µs a node of the limit (a
/// think 1000 times slower than this machine's; CPU time, so that a run paused with SIGSTOP or
/// starved by other work is not stopped); a clock's think (no node limit) 60 s + 20 ×
/// its share; a think to a fixed depth D 30 s × 4^(D−6) from depth 6 up, 30 s below, at most an
/// hour; `uci`'s `go infinite` is not watched. The
/// environment's `UMAX_WATCHDOG=NODES[,SECONDS]` sets bounds that replace every think's (tests,
/// diagnosis).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Watchdog {
    /// Nodes of the think past which it is stuck (`u64::MAX`: none).
    pub nodes: u64,
    /// Seconds of the thinking thread's CPU time past which it is stuck (`f64::INFINITY`: none).
    /// CPU time, not wall time: a run paused (SIGSTOP, a suspended laptop) or starved by other
    /// work is not stopped for it, while a search that loops burns CPU and is.
    pub seconds: f64,
}

impl Watchdog {
    /// No bound at all.
    pub const NONE: Watchdog = Watchdog {
        nodes: u64::MAX,
        seconds: f64::INFINITY,
    };

    /// The bounds for a think under `limits` (`share`: the seconds its clock gives it, if any).
    pub fn for_limits(limits: &Limits, share: Option<f64>) -> Watchdog {
        if let Some(w) = limits.watchdog {
            return w;
        }
        if let Some(w) = Watchdog::from_env() {
            return w;
        }
        if limits.nodes < i64::MAX && limits.nodes >= 0 {
            let n = limits.nodes as u64;
            return Watchdog {
                nodes: n.saturating_mul(1000).saturating_add(10_000_000),
                seconds: 60.0 + n as f64 * 1e-4,
            };
        }
        match share {
            Some(s) if s.is_finite() => Watchdog {
                nodes: u64::MAX,
                seconds: 60.0 + 20.0 * s.max(0.0),
            },
            // a fixed depth D (`anatomy --depth`, `bench --depth`): 30 s of CPU to depth 6, four
            // times more a ply beyond (micro-Max's tree grows about 3-5 times a ply), at most an
            // hour: a stuck depth-5 think in a test stops in half a minute, not an hour
            _ if limits.max_ply.is_some() => Watchdog {
                nodes: u64::MAX,
                seconds: (30.0 * 4f64.powi((limits.max_ply.unwrap_or(0) - 6).clamp(0, 10)))
                    .min(3600.0),
            },
            _ => Watchdog::NONE,
        }
    }

    /// `UMAX_WATCHDOG=NODES[,SECONDS]`: bounds for every think (tests, diagnosis).
    pub fn from_env() -> Option<Watchdog> {
        let v = std::env::var("UMAX_WATCHDOG").ok()?;
        let (n, s) = v.split_once(',').unwrap_or((&v, ""));
        Some(Watchdog {
            nodes: crate::text::parse_count(n.trim()).ok()?,
            seconds: if s.trim().is_empty() {
                f64::INFINITY
            } else {
                s.trim().parse().ok()?
            },
        })
    }

    /// Whether it watches at all.
    pub fn armed(&self) -> bool {
        self.nodes < u64::MAX || self.seconds.is_finite()
    }
}

/// What the watchdog panics with ([`std::panic::panic_any`]) when a think is stuck: the
/// commands catch it and stop with an error that names the game and the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Stuck {
    /// Nodes the think had searched.
    pub nodes: u64,
    /// Seconds of CPU time it had run.
    pub seconds: f64,
    /// Its node limit (`i64::MAX`: none).
    pub limit: i64,
    /// The bound it passed.
    pub bound: Watchdog,
    /// Where it was, as the command that ran it says (build, game, position); empty: unknown.
    pub context: String,
}

impl std::fmt::Display for Stuck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let limit = if self.limit == i64::MAX {
            "no node limit".to_string()
        } else {
            format!("a node limit of {}", self.limit)
        };
        let bound = if self.nodes >= self.bound.nodes {
            format!("past the watchdog's {} nodes", self.bound.nodes)
        } else {
            format!("past the watchdog's {:.0} s", self.bound.seconds)
        };
        if !self.context.is_empty() {
            write!(f, "{}: ", self.context)?;
        }
        write!(
            f,
            "the search did not stop: {} nodes in {:.1} s with {limit}, {bound}",
            self.nodes, self.seconds
        )
    }
}

impl Stuck {
    /// The watchdog's report in a panic payload, if the payload is one.
    pub fn of_panic(payload: &(dyn std::any::Any + Send)) -> Option<&Stuck> {
        payload.downcast_ref::<Stuck>()
    }

    /// Runs `f`; a [`Stuck`] panic inside it goes on with `context` (what the caller knows:
    /// build, game, position) put before the context it had.
    /// The context is also what the watchdog's thread ([`thread_watch`]) reports for a think
    /// under `f` that stops answering at all.
    pub fn annotate<R>(context: impl FnOnce() -> String, f: impl FnOnce() -> R) -> R {
        let context = context();
        thread_watch::CONTEXT.with(|c| c.borrow_mut().push(context.clone()));
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        thread_watch::CONTEXT.with(|c| c.borrow_mut().pop());
        match r {
            Ok(r) => r,
            Err(payload) => match Stuck::of_panic(payload.as_ref()) {
                Some(stuck) => {
                    let mut stuck = stuck.clone();
                    let inner = std::mem::take(&mut stuck.context);
                    stuck.context = if inner.is_empty() {
                        context
                    } else {
                        format!("{context}, {inner}")
                    };
                    std::panic::panic_any(stuck)
                }
                None => std::panic::resume_unwind(payload),
            },
        }
    }
}

/// The watchdog's thread: a think that stops calling the search altogether (a loop inside
/// one node, which no count inside the search sees: the `d = n - 2` edit does this) is found by
/// a thread that looks at the CPU time of every think under way four times a second; past its
/// bound ([`Watchdog::seconds`]) it reports the think (the context of [`Stuck::annotate`]) and ends
/// the process with status 3 (a run's finished rows are on disk, whole; `--resume` goes on), or
/// first runs the hook a front end set ([`thread_watch::set_hook`]: `uci` sends its `bestmove`).
pub mod thread_watch {
    use std::cell::RefCell;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    thread_local! {
        /// What the thread is thinking about, innermost last ([`super::Stuck::annotate`]).
        pub(crate) static CONTEXT: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    struct Entry {
        id: u64,
        /// The thinking thread's CPU clock, and its reading when the think started.
        clock: libc::clockid_t,
        started: f64,
        seconds: f64,
        context: String,
    }

    /// The thinking thread's CPU clock (the calling thread's).
    fn own_cpu_clock() -> Option<libc::clockid_t> {
        let mut id: libc::clockid_t = 0;
        // SAFETY: pthread_self is the calling thread, alive; the id is written into our local.
        let rc = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
        (rc == 0).then_some(id)
    }

    /// Seconds on `clock` (None if it cannot be read: the thread has gone).
    fn read(clock: libc::clockid_t) -> Option<f64> {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes into the timespec we own.
        let rc = unsafe { libc::clock_gettime(clock, &mut ts) };
        (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
    }

    static ENTRIES: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
    static NEXT: AtomicU64 = AtomicU64::new(1);
    static MONITOR: std::sync::Once = std::sync::Once::new();
    type Hook = Box<dyn Fn(&str) + Send>;
    static HOOK: Mutex<Option<Hook>> = Mutex::new(None);

    /// A think under way; dropped when it ends.
    pub struct Guard(u64);

    impl Drop for Guard {
        fn drop(&mut self) {
            let mut e = ENTRIES.lock().unwrap_or_else(|e| e.into_inner());
            e.retain(|x| x.id != self.0);
        }
    }

    /// Watches a think of at most `seconds` (none when not finite).
    pub fn watch(seconds: f64) -> Option<Guard> {
        if !seconds.is_finite() {
            return None;
        }
        MONITOR.call_once(|| {
            let _ = std::thread::Builder::new()
                .name("umax-watchdog".into())
                .spawn(monitor);
        });
        let clock = own_cpu_clock()?;
        let started = read(clock)?;
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        let context = CONTEXT.with(|c| c.borrow().join(", "));
        ENTRIES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Entry {
                id,
                clock,
                started,
                seconds,
                context,
            });
        Some(Guard(id))
    }

    /// What to do before the process ends (`uci`: its `bestmove`); `None`: nothing.
    pub fn set_hook(hook: Option<Hook>) {
        *HOOK.lock().unwrap_or_else(|e| e.into_inner()) = hook;
    }

    fn monitor() {
        loop {
            std::thread::sleep(Duration::from_millis(250));
            let message = {
                let e = ENTRIES.lock().unwrap_or_else(|e| e.into_inner());
                e.iter().find_map(|x| {
                    let spent = read(x.clock)? - x.started;
                    (spent >= x.seconds).then(|| {
                        format!(
                            "{}the search did not stop: still thinking after {:.0} s of CPU time, past the watchdog's {:.0} s (a loop that calls no search)",
                            if x.context.is_empty() {
                                String::new()
                            } else {
                                format!("{}: ", x.context)
                            },
                            spent,
                            x.seconds
                        )
                    })
                })
            };
            if let Some(m) = message {
                if let Some(hook) = HOOK.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                    hook(&m);
                }
                let command = std::env::args().nth(1).unwrap_or_default();
                // straight to the process's stderr, not `eprintln!`: a test harness captures what
                // a test's threads print (this thread inherits a test's capture) and would lose
                // the message with the process
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "umax {command}: watchdog: {m}; stopped (docs/reference.md, \"A search that does not stop\"): finished rows are kept, --resume goes on"
                );
                std::process::exit(3);
            }
        }
    }
}

/// A think's watchdog under way: its bounds, when and at which node count it started.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Watch {
    pub(crate) bound: Watchdog,
    /// The thinking thread's CPU time when the think started.
    pub(crate) start: f64,
    pub(crate) first: u64,
    pub(crate) limit: i64,
}

impl Watch {
    pub(crate) fn idle() -> Watch {
        Watch {
            bound: Watchdog::NONE,
            start: 0.0,
            first: 0,
            limit: i64::MAX,
        }
    }

    /// Starts watching a think under `limits` that starts at node count `first`, its calls of
    /// the search counted from `calls`; the call count of the first look (`u64::MAX`: the bounds
    /// watch nothing).
    pub(crate) fn start(limits: &Limits, first: u64, calls: u64) -> (Watch, u64) {
        let share = limits.deadline.map(|d| d - (limits.clock)());
        let bound = Watchdog::for_limits(limits, share);
        let w = Watch {
            bound,
            start: if bound.seconds.is_finite() {
                thread_cpu_seconds()
            } else {
                0.0
            },
            first,
            limit: limits.nodes,
        };
        let next = if bound.armed() {
            calls.saturating_add(WATCHDOG_POLL_NODES.min(bound.nodes))
        } else {
            u64::MAX
        };
        (w, next)
    }

    /// A look at call count `calls` with node count `n`: the next look's call count, or the
    /// [`Stuck`] panic. Calls (of the search, a table hit included) are at least the nodes, so
    /// a search that counts no node still reaches its look.
    #[cold]
    #[inline(never)]
    pub(crate) fn look(&self, calls: u64, n: u64) -> u64 {
        let nodes = n.saturating_sub(self.first);
        let seconds = thread_cpu_seconds() - self.start;
        if nodes >= self.bound.nodes || seconds >= self.bound.seconds {
            std::panic::panic_any(Stuck {
                nodes,
                seconds,
                limit: self.limit,
                bound: self.bound,
                context: String::new(),
            });
        }
        calls.saturating_add(WATCHDOG_POLL_NODES.min(self.bound.nodes - nodes).max(1))
    }
}

/// How often (in nodes, a power of two) an abortable search looks at its [`Abort`].
pub const ABORT_POLL_NODES: i32 = 4096;

/// A stop that acts *inside* a root iteration: every [`ABORT_POLL_NODES`] nodes the search
/// reads `stop` and the clock and, when either says so, unwinds at once (each node undoes its
/// move and returns; nothing of the cut iteration is stored or reported), and the think offers
/// the move of the last completed iteration. It is armed only once an iteration that searches
/// moves (ply >= 1) has completed, so there is always a searched move.
///
/// This is not micro-Max: it lives in a separate instance of the search (the `ABORT` const
/// generic), used by [`Engine::think`](crate::mm32::Engine::think) only while `abort` is set. The faithful instances
/// (`play`, `bench`, `match`, the parity tests) carry no trace of it.
#[derive(Clone, Debug, Default)]
pub struct Abort {
    /// Set from another thread (UCI `stop`, end of input).
    pub stop: Option<Arc<AtomicBool>>,
    /// Wall-clock instant past which the search unwinds.
    pub deadline: Option<Instant>,
    /// Thread CPU time ([`thread_cpu_seconds`]) past which the search unwinds: the hard
    /// per-move deadline of `umax match --tc --hard-deadline`, on the match's own clock.
    pub cpu_deadline: Option<f64>,
    /// Node count (the think's `N`) past which the search unwinds: a cap on an audited think
    /// (`umax anatomy --max-nodes`), reproducible where a clock is not.
    pub max_nodes: Option<i32>,
}

impl Abort {
    pub(crate) fn due(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|t| Instant::now() >= t)
            || self.cpu_deadline.is_some_and(|t| thread_cpu_seconds() >= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constructors_set_one_limit_and_leave_the_rest_off() {
        let n = Limits::nodes(5000);
        assert_eq!((n.nodes, n.max_ply, n.deadline), (5000, None, None));
        assert!(n.stop.is_none() && n.abort.is_none());
        let d = Limits::depth(6);
        assert_eq!((d.nodes, d.max_ply), (i64::MAX, Some(6)));
        assert_eq!(Limits::default().nodes, i64::MAX);
        // the root reads all but the abort
        let r = RootLimits::from(Limits::depth(3));
        assert_eq!((r.nodes, r.max_ply), (i64::MAX, Some(3)));
        // an abort with nothing set is never due; a stop already set is
        assert!(!Abort::default().due());
        let stop = Abort {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..Abort::default()
        };
        assert!(stop.due());
    }
}
