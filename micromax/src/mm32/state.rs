//! The engine's state: `main()`'s set-up (`original/micro-max-3.2.c`, lines 111–119: the board
//! `b[]`, the centre table, the key table `T[]` from glibc's `random()`), the hash table `A[]`
//! and its clear (line 127), the board's printout (line 122), snapshot/restore and set-up from
//! a position (no C counterpart), and the accessors the front ends read it through.

#![allow(non_snake_case)]

use super::*;

/// The hash translation table: `F(i,M,1035)T[i]=random()>>9;` with glibc's unseeded
/// `random()`, each value stored into a `char` (its low 8 bits). `T[0..136]` stay 0.
pub fn key_table() -> [u8; 1035] {
    let mut T = [0u8; 1035];
    let mut rng = GlibcRandom::new();
    for t in T.iter_mut().skip(M as usize) {
        *t = (rng.next() >> 9) as u8; // the C truncates into char
    }
    T
}

/// The state [`Engine::snapshot`] keeps: the C's globals a main-loop step changes, except the
/// hash table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    b: [i8; 129],
    k: i32,
    Q: i32,
    O: i8,
    K: i8,
    L: i8,
    N: u64,
}

impl Engine {
    /// A fresh engine as `main()` starts: initial position, white to move, empty hash table of
    /// 2^`hash_bits`+8 entries (24: the published 16777224).
    ///
    /// The table has one entry more than the C's: the C's probe loop can read `A[U]`, one past
    /// its array (undefined behaviour in C); here that entry exists. Like in the C, it is
    /// never cleared by the main loop.
    pub fn new(variant: impl Into<Instances>, hash_bits: u32) -> Engine {
        assert!((4..=24).contains(&hash_bits), "hash bits must be 4..=24");
        let u = (1usize << hash_bits) + 8;
        let mut e = Engine {
            b: [0; 256],
            T: key_table(),
            A: hash_table(u + 1),
            mask: (u - 9) as i32,
            dirty: speed::Dirty::new((u + 1) / 16), // A.len()/16
            full_clear: false,
            Q: 0,
            N: 0,
            node_start: 0,
            O: 0,
            K: 0,
            L: 0,
            k: 8,
            search: variant.into(),
            limits: RootLimits::from(Limits::default()),
            iterations: Vec::new(),
            on_iteration: None,
            auditing: false,
            audit: Audit::default(),
            anatomy: None,
            abort: None,
            aborted: false,
            calls: 0,
            watch_at: u64::MAX,
            watch: Watch::idle(),
        };
        e.setup_board();
        e
    }

    /// `U`: the C's table size (entries `0..U` are cleared by the main loop).
    pub fn table_size(&self) -> usize {
        self.A.len() - 1
    }

    /// Back to the state of a freshly started C process, keeping the allocated table:
    /// initial position, white to move, `Q=O=K=L=N=0`, every entry empty (including `A[U]`).
    pub fn reset(&mut self) {
        self.b = [0; 256];
        self.setup_board();
        self.Q = 0;
        self.N = 0;
        self.O = 0;
        self.K = 0;
        self.L = 0;
        self.k = 8;
        self.iterations.clear();
        let u = self.table_size();
        self.clear_hash();
        self.A[u].K = 0;
    }

    /// `main()`'s board setup.
    pub(super) fn setup_board(&mut self) {
        let b = &mut self.b;
        for i in 0..8usize {
            b[i + V as usize] = (o[i + 24] + 40) as i8; // initial board setup
            b[i] = b[i + V as usize] + 8;
            b[i + 16] = 18;
            b[i + 96] = 9;
            for j in 0..8usize {
                // center-pts table (in unused half b[]): a double truncated into char
                let (fi, fj) = (i as f64, j as f64);
                b[16 * j + i + 8] = ((fi - 4.0) * (fi - 4.0) + (fj - 3.5) * (fj - 3.5)) as i8;
            }
        }
    }

    /// `F(i,0,U)A[i].K=0;`: clear the hash table (not `A[U]`, which the C never clears). By
    /// default only the entries written since the last clear (see `mm32/speed/dirty.rs`).
    pub fn clear_hash(&mut self) {
        self.clear_written();
    }

    /// The board as the C prints it: `F(i,0,121)printf(" %c",i&8&&(i+=7)?10:n[b[i]&15]);`
    pub fn board_text(&self) -> String {
        let mut s = String::with_capacity(144);
        let mut i = 0usize;
        while i < 121 {
            if i & 8 != 0 {
                i += 7;
                s.push_str(" \n");
            } else {
                s.push(' ');
                s.push(PIECE_SYMBOLS[(self.b[i] & 15) as usize] as char);
            }
            i += 1;
        }
        s
    }

    /// The main loop's move parsing: `K=c[0]-16*c[1]+C;L=c[2]-16*c[3]+C;` (into `char`s).
    pub fn parse_move(c: &[i32; 4]) -> (i8, i8) {
        ((c[0] - 16 * c[1] + C) as i8, (c[2] - 16 * c[3] + C) as i8)
    }

    /// Side to move: true for white.
    pub fn white_to_move(&self) -> bool {
        self.k == 8
    }

    /// The hash table entry at `idx` (for tests).
    pub fn entry(&self, idx: usize) -> Entry {
        self.A[idx]
    }

    /// `b[]`: the board (left half), the centre table (right half), the dummy square.
    pub fn board(&self) -> &[i8; 129] {
        self.b.first_chunk().expect("b holds 256")
    }

    /// `main()`'s `k`: the side to move, 8 (white) or 16 (black).
    pub fn side(&self) -> i32 {
        self.k
    }

    /// `Q`: the material score of the side to move (see `fen.rs`).
    pub fn material(&self) -> i32 {
        self.Q
    }

    /// `O`: the e.p. square (or castling rook square) of the last move, as the C's `char`.
    pub fn ep_square(&self) -> i8 {
        self.O
    }

    /// `K`,`L`: the last move entered or thought up.
    pub fn last_move(&self) -> (i8, i8) {
        (self.K, self.L)
    }

    /// `N`: the nodes of the last think (or legality check).
    pub fn nodes(&self) -> i32 {
        self.N as i32
    }

    /// Test hook: every think from now on starts its node counter at `start` instead of 0, as if
    /// it had searched that many nodes already: the C's `int N` wraps past 2^31 after
    /// 2^31 - `start` nodes, and [`Think::searched`] counts on in 64 bits. Lets a test reach the
    /// wrap without a search of minutes.
    #[doc(hidden)]
    pub fn start_nodes_at(&mut self, start: u64) {
        self.node_start = start;
    }

    /// Which variant of `D()` this engine searches with.
    pub fn variant(&self) -> Instances {
        self.search
    }

    /// Searches with another variant from now on, keeping the allocated table (call
    /// [`Engine::reset`] before a new game: the table's entries are the old variant's).
    pub fn set_variant(&mut self, variant: impl Into<Instances>) {
        self.search = variant.into();
    }

    /// The state a main-loop step reads and writes, to be put back with [`Engine::restore`]
    /// (a take-back; the hash table is not part of it).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            b: *self.board(),
            k: self.k,
            Q: self.Q,
            O: self.O,
            K: self.K,
            L: self.L,
            N: self.N,
        }
    }

    /// Puts back the state of a [`Engine::snapshot`].
    pub fn restore(&mut self, s: &Snapshot) {
        self.b[..129].copy_from_slice(&s.b);
        (self.k, self.Q, self.O) = (s.k, s.Q, s.O);
        (self.K, self.L, self.N) = (s.K, s.L, s.N);
    }

    /// Not the C's (it always starts from the initial position): a set-up of `pieces` (0x88
    /// square, piece code with its virgin bit), side `k`, material `Q` and e.p. square `O`,
    /// with the hash table cleared as by [`Engine::reset`]. `fen.rs` says what each becomes.
    pub(crate) fn set_up(
        &mut self,
        pieces: impl IntoIterator<Item = (i8, i8)>,
        k: i32,
        Q: i32,
        O: i8,
    ) {
        self.reset(); // centre table, empty hash, N=K=L=0
        for rank in 0..8 {
            self.b[16 * rank..16 * rank + 8].fill(0);
        }
        for (sq, code) in pieces {
            self.b[sq as usize] = code;
        }
        (self.k, self.Q, self.O) = (k, Q, O);
    }

    /// Not micro-Max (`umax uci` only): runs `step` with the material baseline taken out of
    /// `Q` when it is beyond `±I/4`, where micro-Max 3.2 takes its first iteration (`m=e=Q`)
    /// for a mate and searches nothing. `step` returns whether it played a move (the C then
    /// sets `Q=-e-i`; with `e=0` that is `-i`, so the real one is `-q-i`). Returns the baseline
    /// taken out, 0 if none (then `step` ran on the engine as it is).
    pub fn with_material_rebased(&mut self, step: impl FnOnce(&mut Engine) -> bool) -> i32 {
        if (-I / 4..=I / 4).contains(&self.Q) {
            step(self);
            return 0;
        }
        let q = self.Q;
        self.Q = 0;
        let played = step(self);
        self.Q = if played { self.Q - q } else { q };
        q
    }

    /// Not micro-Max (`umax uci` only): the piece on `sq` loses its virgin bit, so a king
    /// there can no longer castle (micro-Max 3.2 misses castling out of or through a pawn's
    /// attack; the front end thinks again without castling).
    pub fn forbid_castling(&mut self, sq: i8) {
        self.b[sq as usize] &= !32;
    }
}

impl Engine {
    /// A fault injected by the tests of the match runner (never in a real game).
    pub fn inject_fault(&mut self, fault: crate::faults::TestFault) {
        match fault {
            crate::faults::TestFault::WrongSideToMove => self.k ^= 24,
        }
    }
}
