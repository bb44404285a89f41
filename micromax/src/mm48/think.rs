//! `main()`'s two steps as a programmatic interface: a typed move line ([`Mm48::enter_move`])
//! and an empty line, a think ([`Mm48::think`]), each the C's `K=I;if(*c-10)K=...,L=...;
//! D(-I,I,Q,O,1,3);`; and what a think reports: the Kibitz line of each root iteration.

use super::*;

/// One root iteration, as the listing's Kibitz line (`"uncomment for Kibitz"`) prints it:
/// `printf("%2d ply, %9d searched, score=%6d by %c%c%c%c\n",d-1,N-S,m,...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iter48 {
    /// `d-1`: the iteration's depth in ply (97 once a mate score is found: the C sets `d=98`).
    pub depth: i32,
    /// `N-S`: nodes searched so far in this `D()` call (cumulative).
    pub nodes: i64,
    /// `m`: the score, from the side to move's view.
    pub score: i32,
    /// The best move so far, as the line prints it: `'a'+(X&7),'8'-(X>>4),'a'+(Y&7),
    /// '8'-(Y>>4&7)` (e.g. `e2e4`; `a8a8` before any move was found).
    pub mv: String,
}

impl Iter48 {
    /// The Kibitz line, byte for byte, with its newline.
    pub fn kibitz_line(&self) -> String {
        format!(
            "{:2} ply, {:9} searched, score={:6} by {}\n",
            self.depth, self.nodes, self.score, self.mv
        )
    }
}

/// What one think produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think48 {
    /// The move thought up and played (`e2e4`; a promotion, always to a queen, `e7e8q`), or
    /// `None` when the move the search settled on proved illegal and nothing was played (the
    /// side to move is mated or stalemated).
    pub mv: Option<String>,
    /// The root iterations, as the Kibitz lines report them (the last one, which the C runs
    /// at depth 3 to play the move, returns before its line when the move is played).
    pub iterations: Vec<Iter48>,
    /// `N-S` after the think: the nodes it searched.
    pub nodes: i64,
}

/// A 0x88 square's name, `e2`.
fn square_name(sq: i32) -> String {
    let file = (b'a' + (sq & 7) as u8) as char;
    let rank = (b'8' - ((sq >> 4) & 7) as u8) as char;
    format!("{file}{rank}")
}

impl Mm48 {
    /// Records a root iteration (the Kibitz `printf`).
    #[cold]
    pub(super) fn kibitz(&mut self, depth: i32, nodes: i32, m: i32, X: i8, Y: i8) {
        let (X, Y) = (X as i32, Y as i32);
        let mv = [
            (b'a' as i32 + (X & 7)) as u8,
            (b'8' as i32 - (X >> 4)) as u8,
            (b'a' as i32 + (Y & 7)) as u8,
            (b'8' as i32 - ((Y >> 4) & 7)) as u8,
        ];
        self.iters.push(Iter48 {
            depth,
            nodes: nodes as i64,
            score: m,
            mv: String::from_utf8_lossy(&mv).into_owned(),
        });
        if let Some(observe) = self.observer.as_mut() {
            observe(self.iters.last().expect("just pushed")); // not the C: `umax uci`'s info
        }
    }

    /// The rest of a main-loop turn once the line is in `c[]`: `K=I;` (invalid move)
    /// `if(*c-10)K=*c-16*c[1]+799,L=c[2]-16*c[3]+799;` (parse entered move)
    /// `D(-I,I,Q,O,1,3);` (think or check & do; sd: `u=0`), with `rule(N,d)` for the root's
    /// `N<1e6&d<98`. The root iterations are left in `self.iters`.
    pub(super) fn turn<R: FnMut(i64, i32) -> bool>(&mut self, rule: &mut R) {
        let c = self.c;
        self.K = I; // invalid move
        if c[0] != 10 {
            // parse entered move: K is an int, L a char
            self.K = c[0] - 16 * c[1] + 799;
            self.L = (c[2] - 16 * c[3] + 799) as i8;
        }
        self.iters.clear();
        let (Q, O) = (self.Q, self.O);
        if self.sd {
            self.search::<true, R>(-I, I, Q, O, 1, 3, 0, rule);
        } else {
            self.search::<false, R>(-I, I, Q, O, 1, 3, 0, rule);
        }
    }

    /// What the C does with the typed line `mv` (without its newline; it ends at its first byte
    /// <= 10, as `getchar()` reading stops there): `c[]` gets the line's bytes and the newline
    /// (bytes past `c[8]` dropped; a line shorter than 4 leaves the old tail of `c[]` in place,
    /// as in the C), `N` is 128 as after the board print, and the root `D()` searches 3 plies
    /// looking for the move (its legality check). Returns whether it was accepted, i.e. played
    /// (the side to move changed). An empty `mv` is not a move line (the C would think): it
    /// does nothing and returns false.
    pub fn enter_move(&mut self, mv: &str) -> bool {
        let line: Vec<u8> = mv.bytes().take_while(|&ch| ch > 10).collect();
        if line.is_empty() {
            return false;
        }
        for (pos, ch) in line
            .iter()
            .copied()
            .chain([10u8])
            .enumerate()
            .take(self.c.len())
        {
            self.c[pos] = ch as i32;
        }
        self.N = 128; // as the board print leaves it
        let side = self.k;
        self.turn(&mut |_, _| false); // K!=I: the root rule is never read
        self.k != side
    }

    /// What the C does with an empty line: `c[0]=10`, `N=128` as after the board print, and the
    /// root `D()` thinks, with `root_rule(N,d)` in place of `N<1e6&d<98` (`N` counts from 128;
    /// `d` is the depth of the iteration about to start, 4 at the first call: depths 1..3 always
    /// run). When it returns false the C takes the best move so far (`K=X,L=Y&~M,d=3`) and
    /// searches depth 3 again, playing the move when it finds it legal; the move is then on the
    /// board and the other side is to move. The hash table is kept (4.8 never clears it).
    pub fn think(&mut self, root_rule: &mut dyn FnMut(i64, i32) -> bool) -> Think48 {
        self.c[0] = 10;
        self.N = 128; // as the board print leaves it
        let before = self.b;
        let side = self.k;
        let mut rule = |N: i64, d: i32| root_rule(N, d);
        self.turn(&mut rule);
        let mv = (self.k != side).then(|| {
            let (from, to) = (self.K, self.L as i32);
            let mut s = square_name(from) + &square_name(to);
            let pawn = (before[from as u8 as usize] & 7) < 3;
            if pawn && (to >> 4 == 0 || to >> 4 == 7) {
                s.push('q'); // 4.8 promotes to a queen only
            }
            s
        });
        Think48 {
            mv,
            iterations: std::mem::take(&mut self.iters),
            nodes: self.N.wrapping_sub(S) as i64,
        }
    }

    /// [`Mm48::think`] with the C's root rule and `node_limit` in place of its `1e6`:
    /// `N<node_limit&d<98`.
    pub fn think_nodes(&mut self, node_limit: i64) -> Think48 {
        self.think(&mut |N, d| N < node_limit && d < 98)
    }
}
