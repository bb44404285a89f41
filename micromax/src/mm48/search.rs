//! The port's `D()`: micro-Max 4.8's recursive search, in the C's order: the hash probe, the
//! iterative-deepening loop with its root rule, the null move, the board scan (`goto A` and
//! `goto C` become labelled loops), the move step with its evaluation, LMR and check
//! extension, the store and the Kibitz trace; and the hash-key macros `K(A,B)`, `J(A)`.
//!
//! `SD` selects the self-deepening build; its four changes are marked `sd 1` .. `sd 4`.

use super::reach;
use super::*;
use crate::board_scan::{own_squares, square_0x88, square_index};

/// What the scan hands `make_and_search`: the move (`x`->`y`, piece `u` of type `p`, taking `t`
/// on `H`, ray step `r`; `F`,`G` the castling rook's squares) and the node's state it reads (`k`
/// the side, `d` the iteration's depth, `e` the eval, `h` the best-move request, `m` the best so
/// far, `(q,l)` the window after `q--`, `n` the node's depth, `z` the root flag, `P` the null
/// move's score, `i` the capture's value, `f`,`g` the node-entry keys, `a` its hash slot). Named
/// fields, built with the scan's own names (`Step { x, y, .. }`), so two can't swap silently.
#[allow(non_snake_case)]
struct Step {
    x: i8,
    y: i8,
    H: i8,
    t: i8,
    u: i8,
    p: i8,
    r: i32,
    F: i32,
    G: i32,
    k: i32,
    d: i32,
    e: i32,
    h: i32,
    m: i32,
    q: i32,
    l: i32,
    n: i32,
    z: i32,
    P: i32,
    i: i32,
    f: i32,
    g: i32,
    a: usize,
}

/// `W(r=p>2&r<0?-r:-o[++j])`: the next direction of a piece of type `p` after `r` (a slider's
/// or king's ray the other way first, then the next of `o[]` from `j`), 0 when none is left.
#[inline(always)]
fn next_direction(p: i32, r: i32, j: &mut i32) -> i32 {
    if p > 2 && r < 0 {
        -r
    } else {
        *j += 1;
        -o[(*j & 31) as usize] // `o` holds 32: the mask changes no index
    }
}

/// `t&k|p<3&!(y-x&7)-!t`: the step of a piece of type `p` from `x` to `y`, finding `t`, ends the
/// ray unmade: an own piece (`k` the side), or a pawn's step in the wrong mode (straight onto a
/// piece, diagonal onto an empty square).
#[inline(always)]
fn step_blocked(t: i8, k: i32, p: i32, x: i32, y: i32) -> bool {
    (t as i32 & k) | ((p < 3) as i32 & ((((y - x) & 7) == 0) as i32 - (t == 0) as i32)) != 0
}

/// A `d=1` step of a piece of type `p` from `x` to `y` onto `t` (`F` the e.p. square the move
/// makes), scored as the C's scan scores it: `i=37*w[t&7]+(t&192); m=i<0?I:m; v=i-p;
/// if(v>m)m=v,X=x,Y=y|S&F` (a king capture makes `m` infinite; a non-capture's `v` is `-p`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn d1_score(t: i8, p: i32, x: i32, y: i32, F: i32, m: &mut i32, X: &mut i8, Y: &mut i8) {
    let i = 37 * w[(t & 7) as usize] + (t as i32 & 192);
    if i < 0 {
        *m = I; // K capture
    }
    let v = i - p;
    if v > *m {
        *m = v;
        *X = x as i8;
        *Y = (y | (S & F)) as i8;
    }
}

/// The e.p. square `E` as a bit by [`square_index`], none when it is off the board (`S`).
#[inline(always)]
fn ep_bit(E: i32) -> u64 {
    if E & M == 0 {
        1 << square_index(E as i8)
    } else {
        0
    }
}

impl Mm48 {
    /// `K(A,B)`: `*(int*)(T+A+(B&8)+S*(B&7))`, four bytes of `T` read as a little-endian `int`.
    #[inline(always)]
    fn key(&self, a: i32, piece: i8) -> i32 {
        let B = piece as i32;
        // `a` is an on-board square (<= 0x77) plus 0 or 8: off+4 <= 127+8+896+4 = 1035; the
        // mask changes no index and lets the four-byte read go unchecked (`T` holds 2,052)
        let off = (a + (B & 8) + S * (B & 7)) as usize & 2047;
        i32::from_le_bytes(self.T[off..off + 4].try_into().expect("four bytes"))
    }

    /// `J(A)`: `K(y+A,b[y])-K(x+A,u)-K(H+A,t)`, the change of the key with offset `A` (0 for
    /// `J`, 8 for `Z`) when piece `u` goes from `x` to `y` (where it is now `b[y]`), taking `t`
    /// on `H`. The C's `int` arithmetic overflows: wrapping here.
    #[inline(always)]
    fn key_change(&self, A: i32, x: i8, u: i8, y: i8, H: i8, t: i8) -> i32 {
        self.key(y as i32 + A, self.b[y as u8 as usize])
            .wrapping_sub(self.key(x as i32 + A, u))
            .wrapping_sub(self.key(H as i32 + A, t))
    }

    /// `b[s]` for a square `s` the C indexes with (0..=128): no bounds check (`b` holds 256).
    #[inline(always)]
    fn at(&self, s: i32) -> i8 {
        self.b[s as u8 as usize]
    }

    #[inline(always)]
    fn set(&mut self, s: i32, v: i8) {
        self.b[s as u8 as usize] = v;
    }

    /// `D(q,l,e,E,z,n)`: recursive minimax search, `k`=moving side, `n`=depth; (q,l)=window,
    /// `e`=current eval. score, `E`=e.p. sqr., `z`=root (1) or not (0; the C's comment still
    /// says "prev.dest", from 3.2); `J`,`Z`=hashkeys; returns the score. sd 1: `ult` is the
    /// node's ultimate depth (`mm48sd` only; `mm48` passes and ignores it). `rule(N,d)` is the
    /// root's `N<1e6&d<98`, read only where `z` is set.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search<const SD: bool, R: FnMut(i64, i32) -> bool>(
        &mut self,
        mut q: i32,
        l: i32,
        e: i32,
        E: i32,
        z: i32,
        n: i32,
        ult: i32,
        rule: &mut R,
    ) -> i32 {
        let mut j: i32;
        let mut r: i32;
        let mut m: i32;
        let mut v: i32;
        let mut d: i32;
        let mut h: i32;
        let mut i: i32;
        let mut F: i32;
        let mut G: i32;
        let mut P: i32;
        let f = self.J;
        let g = self.Z;
        let mut t: i8;
        let mut p: i8;
        let mut u: i8;
        let mut x: i8;
        let mut y: i8;
        let mut X: i8;
        let mut Y: i8;
        let mut H: i8;
        let mut B: i8;
        // not micro-Max: the watchdog (`crate::Watchdog`), on calls of the search (a
        // table hit included), so a search that loops over table hits is caught too
        self.watch_left -= 1;
        if self.watch_left == 0 {
            self.watch_look();
        }
        // struct _*a=A+(J+k*E&U-1): lookup pos. in hash table (k: the side that just moved)
        let a = (self.J.wrapping_add(self.k.wrapping_mul(E)) & self.mask) as usize;

        q -= 1; // q--: adj. window: delay bonus
        self.k ^= 24; // change sides
        let k = self.k; // (the same all through the node: every child flips it back)
        // speed: the squares the scan's `u&k` test passes, all at once (`crate::board_scan`):
        // every move the node makes is undone before the scan goes on, so the set holds for
        // every iteration of the node
        let own = own_squares(self.b.first_chunk::<129>().expect("b holds 256"), k);
        // speed: and the other side's, for `can_capture` (`d=1` and `d=2` iterations)
        let enemy = own_squares(self.b.first_chunk::<129>().expect("b holds 256"), k ^ 24);
        if n >= 3 {
            // speed: the null move's reply (an iteration of depth >= 3 searches one) probes
            // A[J+k*S&U-1] first thing: its line is asked for now, beside this node's own
            self.prefetch_slot((self.J.wrapping_add(k.wrapping_mul(S)) & self.mask) as usize);
        }
        let entry = self.A[a];
        d = entry.D as i32; // resume at stored depth
        m = entry.V;
        X = entry.X;
        Y = entry.Y;
        // if(a->K-Z|z|!(m<=q|X&8&&m>=l|X&S)): miss: other pos. or empty, or window incompatible
        if (entry.K != self.Z) as i32
            | z
            | !(((m <= q) as i32 | (X as i32 & 8)) != 0 && ((m >= l) as i32 | (X as i32 & S)) != 0)
                as i32
            != 0
        {
            d = 0; // d=Y=0: start iter. from scratch
            Y = 0;
        }
        X = (X as i32 & !M) as i8; // start at best-move hint

        // W(d++<n||d<3||z&K==I&&(N<1e6&d<98||(K=X,L=Y&~M,d=3))): iterative deepening loop;
        // sd 2: `||d<=u&&m<=q` before the root's clause
        loop {
            let deeper = d < n;
            d += 1;
            if !(deeper
                || d < 3
                || (SD && d <= ult && m <= q)
                || (z & (self.K == I) as i32 != 0
                    && (rule(self.N as i64, d) // root: deepen upto time
                        || {
                            // time's up: go do best
                            self.K = X as i32;
                            self.L = (Y as i32 & !M) as i8;
                            d = 3;
                            true
                        })))
            {
                break;
            }
            B = X; // x=B=X: start scan at prev. best (x: the scan's first square, below)
            h = Y as i32 & S; // request try noncastl. 1st
            // P=d<3?I:D(-l,1-l,-e,S,0,d-3): search null move (sd 4: u=0)
            P = if d < 3 {
                I
            } else {
                self.search::<SD, R>(-l, 1 - l, -e, S, 0, d - 3, 0, rule)
            };
            // m=-P<l|R>35?d>2?-I:e:-P: prune or stand-pat
            m = if ((-P < l) as i32 | (self.R > 35) as i32) != 0 {
                if d > 2 { -I } else { e }
            } else {
                -P
            };
            self.N = self.N.wrapping_add(1); // node count (for timing)
            let castled = (E - S) & self.at(E) as i32;
            // do{...}W((x=x+9&~M)-B): scan board looking for own piece (inefficient!); speed:
            // only the squares of own pieces, in the scan's order from B (bit i of `rest` is the
            // scan's i-th square), so the test `u&k` below always passes
            let start = square_index(B);
            let mut rest = own.rotate_right(start);
            if d == 1 && h == 0 {
                // speed: at d=1 no move is searched, a move's score is `i-p`, nothing aborts
                // (`d>1` fails) and, with no hash move to sneak in, the scan is its moves in
                // order and no more: `d1_scan` walks them with only what can change `m`, `X`,
                // `Y` (a capture's step, a non-capture's `-p` against `m`, bad castling)
                (m, X, Y) = self.d1_scan(rest, start, enemy, k, E, castled, m, X, Y);
                rest = 0;
            }
            if d >= 4 {
                // speed: an iteration of depth >= 4 searches every move's reply (no futility
                // below `C=3`), each a subtree of its own: the slot each reply probes first is
                // asked for now, all at once, the walk's cost small beside theirs (at `d=3`,
                // where most quiet moves are futile, the walk cost more than it saved)
                self.prefetch_replies(rest, start, k, E);
            }
            'scan: while rest != 0 {
                x = square_0x88((rest.trailing_zeros() + start) & 63);
                rest &= rest - 1;
                u = self.at(x as i32);
                debug_assert!(u as i32 & k != 0);
                {
                    p = u & 7; // r=p=u&7: p = piece type (set r>0)
                    if d == 2
                        && h == 0
                        && castled == 0
                        && m < l
                        && m >= e
                        && !self.can_capture(x as i32, p as i32, enemy, enemy | ep_bit(E))
                    {
                        // speed: at d=2 a non-capture is not searched and scores `e`; with
                        // `m>=e`, `m<l` (the cut not due) and no castling before, its step
                        // changes nothing, and `m` changes only at a capture: a piece that can
                        // capture nothing does nothing in this iteration (`reach.rs`)
                        continue 'scan;
                    }
                    r = p as i32;
                    j = o[p as usize + 16]; // first step vector f.piece
                    loop {
                        // W(r=p>2&r<0?-r:-o[++j]): loop over directions o[]
                        r = next_direction(p as i32, r, &mut j);
                        if r == 0 {
                            break;
                        }
                        'A: loop {
                            // A: resume normal after best
                            y = x; // (x,y)=move, (F,G)=castl.R
                            F = S;
                            G = S;
                            loop {
                                // y traverses ray, or: sneak in prev. best move
                                y = if h != 0 {
                                    (Y as i32 ^ h) as i8
                                } else {
                                    (y as i32 + r) as i8 // into char
                                };
                                H = y;
                                if y as i32 & M != 0 {
                                    break; // board edge hit
                                }
                                // m=E-S&b[E]&&y-E<2&E-y<2?I:m: bad castling (`b[E]` read
                                // once per node: every move the scan makes is undone before
                                // it goes on, so `b[E]` is the same at every step)
                                if castled != 0 && (y as i32 - E < 2) & ((E - y as i32) < 2) {
                                    m = I;
                                }
                                if ((p < 3) as i32 & (y as i32 == E) as i32) != 0 {
                                    H ^= 16; // shift capt.sqr. H if e.p.
                                }
                                t = self.at(H as i32);
                                // if(t&k|p<3&!(y-x&7)-!t)break: capt. own, bad pawn mode
                                if step_blocked(t, k, p as i32, x as i32, y as i32) {
                                    break;
                                }
                                i = 37 * w[(t & 7) as usize] + (t as i32 & 192); // value of capt. piece t
                                if i < 0 {
                                    m = I; // K capture
                                }
                                if ((m >= l) as i32 & (d > 1) as i32) != 0 {
                                    break 'scan; // goto C: abort on fail high
                                }
                                v = if d - 1 != 0 { e } else { i - p as i32 }; // MVV/LVA scoring
                                if d - (t == 0) as i32 > 1 {
                                    // remaining depth: do the move, search the reply, undo
                                    // it (in a function of its own: see `make_and_search`)
                                    let step = Step {
                                        x,
                                        y,
                                        H,
                                        t,
                                        u,
                                        p,
                                        r,
                                        F,
                                        G,
                                        k,
                                        d,
                                        e,
                                        h,
                                        m,
                                        q,
                                        l,
                                        n,
                                        z,
                                        P,
                                        i,
                                        f,
                                        g,
                                        a,
                                    };
                                    match self.make_and_search::<SD, R>(step, rule) {
                                        Some(score) => v = score,
                                        // the root found the move it was given: the move
                                        // stays made, the other side is to move
                                        None => return l,
                                    }
                                }
                                if v > m {
                                    // new best, update max,best; mark double move with S
                                    m = v;
                                    X = x;
                                    Y = (y as i32 | (S & F)) as i8;
                                }
                                if h != 0 {
                                    h = 0;
                                    continue 'A; // redo after doing old best
                                }
                                // if(x+r-y|u&32|p>2&(p-4|j-7||b[G=x+3^r>>1&7]-k-6||b[G^1]|b[G^2]))
                                // not 1st step, moved before, no P & no lateral K move, no
                                // virgin R in corner G, no 2 empty sq. next to R. The
                                // bracket is evaluated whatever p (`&`), so G is set at
                                // every lateral king step.
                                let not_castling = if ((p as i32 - 4) | (j - 7)) != 0 {
                                    1
                                } else {
                                    let (corner, no) = self.castling_corner(x, r, k);
                                    G = corner;
                                    no
                                };
                                if ((x as i32 + r - y as i32)
                                    | (u as i32 & 32)
                                    | ((p > 2) as i32 & not_castling))
                                    != 0
                                {
                                    t = (t as i32 + (p < 5) as i32) as i8; // fake capt. for nonsliding
                                } else {
                                    F = y as i32; // enable e.p.
                                }
                                if t != 0 {
                                    break; // W(!t): if not capt. continue ray
                                }
                            }
                            break 'A;
                        }
                    }
                }
                // x=x+9&~M: the next square of the board, wrapping, until it is B again (the
                // squares between are those `rest` skips)
            }
            // C:
            if ((m > I - M) as i32 | (m < M - I) as i32) != 0 {
                d = 98; // mate holds to any depth
            }
            // m=m+I|P==I?m:0: best loses K: (stale)mate
            if ((m + I != 0) as i32 | (P == I) as i32) == 0 {
                m = 0;
            }
            if self.A[a].D < 99 {
                // protect game history; always store in hash tab: move, type (bound/exact),
                // encoded in X S,8 bits
                self.mark_written(a);
                let slot = &mut self.A[a];
                slot.K = self.Z;
                slot.V = m;
                slot.D = d as i8;
                slot.X = (X as i32 | (8 * (m > q) as i32) | (S * (m < l) as i32)) as i8;
                slot.Y = Y;
            }
            if z != 0 {
                // Kibitz: printf("%2d ply, %9d searched, score=%6d by %c%c%c%c\n",d-1,N-S,m,
                // 'a'+(X&7),'8'-(X>>4),'a'+(Y&7),'8'-(Y>>4&7))
                self.kibitz(d - 1, self.N.wrapping_sub(S), m, X, Y);
            }
        }
        self.k ^= 24; // change sides back
        m + (m < e) as i32 // return m+=m<e: delayed-loss bonus
    }

    /// The scan of a `d=1` iteration with no hash move (speed; see the call): the own pieces of
    /// `rest` (bit i the scan's i-th square from `start`), each piece's directions and rays as
    /// the scan walks them, and at each step what the scan does there at `d=1`: bad castling
    /// (`m=E-S&b[E]&&y-E<2&E-y<2?I:m`, `castled` being `E-S&b[E]`), the e.p. square, the
    /// capture test, `i=37*w[t&7]+(t&192); m=i<0?I:m; v=i-p; if(v>m)m=v,X=x,Y=y|S&F`, and the
    /// ray's continuation (`t+=p<5` or `F=y`). A non-capture's `v` is `-p`: an empty square's
    /// step costs a comparison. The same `m`, `X`, `Y` as the scan's. Three more, for speed: once
    /// `m>=-p` (and with no castling before) a piece of type `p` that can capture none of
    /// `enemy` is passed by (`can_capture`: its steps are non-captures, whose `-p` cannot beat
    /// `m`), and one that can walks its captures only ([`Self::d1_captures`]; not a king); at
    /// each capture the slot its reply will probe in the `d=2` iteration is prefetched.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn d1_scan(
        &self,
        mut rest: u64,
        start: u32,
        enemy: u64,
        k: i32,
        E: i32,
        castled: i32,
        mut m: i32,
        mut X: i8,
        mut Y: i8,
    ) -> (i32, i8, i8) {
        let pawn_targets = enemy | ep_bit(E);
        while rest != 0 {
            let x = square_0x88((rest.trailing_zeros() + start) & 63) as i32;
            rest &= rest - 1;
            let u = self.at(x);
            let p = (u & 7) as i32;
            if m >= -p && castled == 0 && !self.can_capture(x, p, enemy, pawn_targets) {
                // speed: with `m>=-p` (`m` only rises) this piece's non-captures, which score
                // `-p`, change nothing, and with no castling before no step is bad castling: a
                // piece that can capture nothing has nothing to do here (`reach.rs`)
                continue;
            }
            if m >= -p && castled == 0 && p != 4 {
                // speed: the same reasoning for a piece that can capture: only its captures can
                // change `m`, so each of its rays is walked to its first occupied square and no
                // step more (a king keeps the whole walk, for its castling step)
                (m, X, Y) = self.d1_captures(x, u, k, E, m, X, Y);
                continue;
            }
            self.walk_steps(x, u, k, E, true, |y, H, t, r, F, blocked| {
                if castled != 0 && (y - E < 2) & (E - y < 2) {
                    m = I; // bad castling
                }
                if blocked {
                    return;
                }
                if t != 0 {
                    // speed: the `d=2` iteration that follows searches the captures: the slot
                    // this one's reply will probe is asked for now
                    self.prefetch_slot(self.reply_slot(x, y, H, t as i32, u, p, r, F, k));
                }
                d1_score(t, p, x, y, F, &mut m, &mut X, &mut Y);
            });
        }
        (m, X, Y)
    }

    /// `d1_scan`'s walk of one piece (`u` on `x`, not a king) once none of its non-captures
    /// can change `m` (`m>=-p`, no castling before): in the scan's order of directions, each ray
    /// to its first occupied square (a slider's; one step for the others), a capture there
    /// scored as the scan scores it (`i=37*w[t&7]+(t&192); m=i<0?I:m; v=i-p; if(v>m)m=v,X=x,
    /// Y=y|S&F`, `F` being `S` at a first step and along a slider's ray) and its reply slot
    /// prefetched. A pawn's straight step captures nothing (the C's `p<3&!(y-x&7)-!t` breaks
    /// at an occupied square), and its diagonal step to the e.p. square `E` takes on `E^16`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn d1_captures(
        &self,
        x: i32,
        u: i8,
        k: i32,
        E: i32,
        mut m: i32,
        mut X: i8,
        mut Y: i8,
    ) -> (i32, i8, i8) {
        let p = (u & 7) as i32;
        let mut r = p;
        let mut j = o[p as usize + 16];
        loop {
            // W(r=p>2&r<0?-r:-o[++j])
            r = next_direction(p, r, &mut j);
            if r == 0 {
                break;
            }
            let mut y = (x + r) as i8 as i32; // into char
            if p >= 5 {
                while y & M == 0 && self.at(y) == 0 {
                    y = (y + r) as i8 as i32;
                }
            }
            if y & M != 0 {
                continue; // board edge hit
            }
            let H = if p < 3 && y == E { y ^ 16 } else { y }; // e.p.
            let t = self.at(H);
            if t == 0 || t as i32 & k != 0 || (p < 3 && (y - x) & 7 == 0) {
                continue; // no capture: empty, own, or a pawn's straight step
            }
            // speed: the `d=2` iteration that follows searches the captures (as in `d1_scan`)
            self.prefetch_slot(self.reply_slot(x, y, H, t as i32, u, p, r, S, k));
            d1_score(t, p, x, y, S, &mut m, &mut X, &mut Y); // `F` is `S` here
        }
        (m, X, Y)
    }

    /// Prefetch the hash slot of the reply to every move of the own pieces of `rest` (bit i the
    /// scan's i-th square from `start`): each move [`Self::walk_steps`] finds (not castling),
    /// its slot by [`Self::reply_slot`]. Reads the board, changes nothing.
    #[inline(never)]
    fn prefetch_replies(&self, mut rest: u64, start: u32, k: i32, E: i32) {
        while rest != 0 {
            let x = square_0x88((rest.trailing_zeros() + start) & 63) as i32;
            rest &= rest - 1;
            let u = self.at(x);
            let p = (u & 7) as i32;
            self.walk_steps(x, u, k, E, false, |y, H, t, r, F, blocked| {
                if !blocked {
                    self.prefetch_slot(self.reply_slot(x, y, H, t as i32, u, p, r, F, k));
                }
            });
        }
    }

    /// The scan's walk of the piece `u` on `x` (`k` the side, `E` the e.p. square), in its order
    /// of directions and steps: `visit(y, H, t, r, F, blocked)` at every step onto the board,
    /// `H` the square taken on (`y^16` for a pawn's step to `E`), `t` what stands there, `r` the
    /// direction, `F` the e.p. square the move would make (`S` but after a virgin pawn's first
    /// step), `blocked` the C's `t&k|p<3&!(y-x&7)-!t` (the step is not a move and ends the
    /// ray). A capture ends the ray; a slider goes on; a non-slider goes on only from the first
    /// step of a virgin pawn (its double step) or, with `castling`, of a virgin king beside a
    /// castling rook (`t+=p<5` or `F=y`). Reads the board, changes nothing.
    #[inline(always)]
    fn walk_steps(
        &self,
        x: i32,
        u: i8,
        k: i32,
        E: i32,
        castling: bool,
        mut visit: impl FnMut(i32, i32, i8, i32, i32, bool),
    ) {
        let p = (u & 7) as i32;
        let mut r = p;
        let mut j = o[p as usize + 16];
        loop {
            // W(r=p>2&r<0?-r:-o[++j])
            r = next_direction(p, r, &mut j);
            if r == 0 {
                break;
            }
            let mut y = x;
            let mut F = S;
            loop {
                y = (y + r) as i8 as i32; // into char
                if y & M != 0 {
                    break; // board edge hit
                }
                let H = if p < 3 && y == E { y ^ 16 } else { y }; // e.p.
                let t = self.at(H);
                // if(t&k|p<3&!(y-x&7)-!t)break: capt. own, bad pawn mode
                let blocked = step_blocked(t, k, p, x, y);
                visit(y, H, t, r, F, blocked);
                if blocked || t != 0 {
                    break; // not a move, or a capture: the ray ends
                }
                if p >= 5 {
                    continue; // a slider goes on (`t+=p<5` adds 0, F stays)
                }
                // a non-slider goes on only from the first step of a virgin pawn (double push)
                // or of a virgin king beside a castling rook (`F=y`)
                let not_castling = if !castling || (p - 4) | (j - 7) != 0 {
                    1
                } else {
                    self.castling_corner(x as i8, r, k).1
                };
                if ((x + r - y) | (u as i32 & 32) | ((p > 2) as i32 & not_castling)) != 0 {
                    break; // `t+=p<5`: a fake capture ends the ray (t was 0)
                }
                F = y; // enable e.p.
            }
        }
    }

    /// Whether the piece of type `p` on `x` can capture anything: an `enemy` (squares by
    /// [`square_index`]) piece on one of its empty-board rays ([`reach::ATTACKS`]) with nothing
    /// between (a slider's squares between read one by one, along [`reach::STEP`]); a pawn, one of
    /// `pawn_targets` (the enemy's squares and the e.p. square `E`, where the C takes on `E^16`)
    /// on a diagonal step.
    #[inline(always)]
    fn can_capture(&self, x: i32, p: i32, enemy: u64, pawn_targets: u64) -> bool {
        let reach = reach::ATTACKS[p as usize & 7][square_index(x as i8) as usize];
        if p < 3 {
            return reach & pawn_targets != 0;
        }
        let mut targets = reach & enemy;
        if p < 5 {
            return targets != 0;
        }
        while targets != 0 {
            let c = square_0x88(targets.trailing_zeros()) as i32;
            targets &= targets - 1;
            let step = reach::STEP[(c - x + 120) as usize] as i32;
            let mut y = x + step;
            while y != c && self.at(y) == 0 {
                y += step;
            }
            if y == c {
                return true;
            }
        }
        false
    }

    /// The hash slot the reply to the capture or move `x`->`y` (piece `u` of type `p`, step
    /// `r`, taking `t` on `H`, `F` the reply's e.p. square) of side `k` will probe first thing:
    /// `A[J'+k*F&U-1]`, `J'` the key after `J+=J(0)` with the piece `b[y]` then holds (a pawn's
    /// promotion or 6th/7th-rank bonus added as the move adds it).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn reply_slot(
        &self,
        x: i32,
        y: i32,
        H: i32,
        t: i32,
        u: i8,
        p: i32,
        r: i32,
        F: i32,
        k: i32,
    ) -> usize {
        let moved = if p < 3 {
            let V = if (y + r + 1) & S != 0 {
                647 - p
            } else {
                2 * (u as i32 & (y + 16) & 32)
            };
            ((u | 32) as i32 + V) as i8
        } else {
            u | 32
        };
        let after = self.J.wrapping_add(
            self.key(y, moved)
                .wrapping_sub(self.key(x, u))
                .wrapping_sub(self.key(H, t as i8)),
        );
        (after.wrapping_add(k.wrapping_mul(F)) & self.mask) as usize
    }

    /// The C's block under `if(d-!t>1)`: do the move `x`->`y` of piece `u` (type `p`, taking
    /// `t` on `H`; `F`,`G` the castling rook's squares), score it, search the reply, and undo
    /// it; the move's score, or `None` when the root found the move it was given (`z&&K-I&&
    /// v+I&&x==K&y==L`: the C returns `l` with the move made). Only the scan calls it. A
    /// function of its own so that the compiler does not compute this block's operands for
    /// every piece the scan finds (most never make a move here; LLVM hoisted some sixty
    /// instructions to each piece, 10% of all the search executed). The C's statements, but
    /// the score computed before the move is made (it reads nothing the make writes), so that
    /// a futile move (no search, `s=v`) is scored and not made: the same result, the same
    /// board after.
    #[inline(never)]
    fn make_and_search<const SD: bool, R: FnMut(i64, i32) -> bool>(
        &mut self,
        step: Step,
        rule: &mut R,
    ) -> Option<i32> {
        let Step {
            x,
            y,
            H,
            t,
            u,
            p,
            r,
            F,
            G,
            k,
            d,
            e,
            h,
            m,
            q,
            l,
            n,
            z,
            P,
            i,
            f,
            g,
            a,
        } = step;
        let mut i = i;
        let mut v: i32;
        let mut C: i32;
        let mut s: i32;
        // The move's score first (the C scores it in the lines after the make below: every
        // square it reads there, the centre table's, `x+-2` and `x^16` of a pawn's step, is
        // one the make does not write, or reads the same before it: a pawn pushed onto `x^16`
        // is no king, nor is the empty square before), so a futile move can be left unmade.
        v = if p < 6 {
            // center positional pts.
            self.at(x as i32 + 8) as i32 - self.at(y as i32 + 8) as i32
        } else {
            0
        };
        if G & M == 0 {
            v += 50; // castling: score (the rook is put below)
        }
        // v-=p-4|R>29?0:20: penalize mid-game K move
        v -= if ((p as i32 - 4) | (self.R > 29) as i32) != 0 {
            0
        } else {
            20
        };
        let mut promotion = 0;
        if p < 3 {
            // pawns: structure, undefended squares plus bias, kling
            // to non-virgin King, end-game Pawn-push bonus
            let xl = x as i32 - 2;
            let xr = x as i32 + 2;
            v -= 9
                * ((xl & M != 0 || self.at(xl) != u) as i32
                    + (xr & M != 0 || self.at(xr) != u) as i32
                    - 1
                    + (self.at(x as i32 ^ 16) as i32 == k + 36) as i32)
                - (self.R >> 2);
            // V=y+r+1&S?647-p:2*(u&y+16&32): promotion or 6/7th bonus
            promotion = if (y as i32 + r + 1) & S != 0 {
                647 - p as i32
            } else {
                2 * (u as i32 & (y as i32 + 16) & 32)
            };
            i += promotion; // i+=V: add score (b[y]+=V below)
        }
        v += e + i; // new eval and alpha
        let V = if m > q { m } else { q };
        // C=d-1-(d>5&p>2&!t&!h): LMR
        C = d - 1 - ((d > 5) as i32 & (p > 2) as i32 & (t == 0) as i32 & (h == 0) as i32);
        // C=R>29|d<3|P-I?C:d: extend 1 ply if in check
        if ((self.R > 29) as i32 | (d < 3) as i32 | (P != I) as i32) == 0 {
            C = d;
        }
        if z == 0 && C <= 2 && C + 1 >= d && v <= V {
            // speed: futile (`C>2|v>V` fails, and `++C<d` ends the loop at once): the C makes
            // the move, scores `s=v` and undoes it, and only the dummy square `b[128]` keeps a
            // trace (`b[G]=k+6;b[F]=0`, as the undo leaves it); the root (`z`) may stop on the
            // move, so it always makes it
            self.set(G, (k + 6) as i8);
            self.set(F, 0);
            return Some(v);
        }
        if p >= 3 {
            // speed: the reply probes A[J'+k*F&U-1] first thing, J' the key after this move
            // (below: `J+=J(0)`, with b[y]=u|32 for a piece that is not a pawn): its line is
            // asked for now, before the move is made
            let after = self.J.wrapping_add(
                self.key(y as i32, u | 32)
                    .wrapping_sub(self.key(x as i32, u))
                    .wrapping_sub(self.key(H as i32, t)),
            );
            self.prefetch_slot((after.wrapping_add(k.wrapping_mul(F)) & self.mask) as usize);
        }
        // b[G]=b[H]=b[x]=0;b[y]=u|32: do move, set non-virgin
        self.set(x as i32, 0);
        self.set(H as i32, 0);
        self.set(G, 0);
        self.set(y as i32, u | 32);
        if G & M == 0 {
            self.set(F, (k + 6) as i8); // castling: put R
        }
        if p < 3 {
            // b[y]+=V: change piece (into char)
            self.set(y as i32, (self.at(y as i32) as i32 + promotion) as i8);
        }
        // J+=J(0);Z+=J(8)+G-S: update hash key
        self.J = self.J.wrapping_add(self.key_change(0, x, u, y, H, t));
        self.Z = self
            .Z
            .wrapping_add(self.key_change(8, x, u, y, H, t))
            .wrapping_add(G - S);
        loop {
            // do s=C>2|v>V?-D(-l,-V,-v,F,0,C):v; W(s>q&++C<d):
            // recursive eval. of reply, or fail low if futile;
            // sd 3: the reply's ultimate depth C+n-d
            s = if ((C > 2) as i32 | (v > V) as i32) != 0 {
                -self.search::<SD, R>(-l, -V, -v, F, 0, C, C + n - d, rule)
            } else {
                v
            };
            C += 1; // `&`, not `&&`: ++C always runs
            if ((s > q) as i32 & (C < d) as i32) == 0 {
                break;
            }
        }
        v = s;
        // if(z&&K-I&&v+I&&x==K&y==L): move pending & in root:
        // exit if legal & found
        if z != 0
            && self.K != I
            && v != -I
            && ((x as i32 == self.K) as i32 & (y == self.L) as i32) != 0
        {
            self.Q = -e - i;
            self.O = F;
            self.mark_written(a);
            self.A[a].D = 99; // lock game in hash as draw
            self.A[a].V = 0;
            self.R += i >> 7; // captured non-P material
            // the move stays made, J,Z updated, k flipped: the
            // other side is to move
            return None;
        }
        self.J = f; // restore hash key
        self.Z = g;
        // b[G]=k+6;b[F]=b[y]=0;b[x]=u;b[H]=t: undo move, G can be dummy
        self.set(G, (k + 6) as i8);
        self.set(y as i32, 0);
        self.set(F, 0);
        self.set(x as i32, u);
        self.set(H as i32, t);
        Some(v)
    }

    /// The lateral king step's part of the castling test: `b[G=x+3^r>>1&7]-k-6||b[G^1]|b[G^2]`,
    /// the corner `G` and whether castling is out (1: no virgin rook in the corner, or the two
    /// squares next to it not empty). A function of its own, for the reason `make_and_search`
    /// gives: inline, its operands were computed for every direction of every piece.
    #[inline(never)]
    fn castling_corner(&self, x: i8, r: i32, k: i32) -> (i32, i32) {
        let G = (x as i32 + 3) ^ ((r >> 1) & 7);
        let no = if self.at(G) as i32 - k - 6 != 0 {
            1
        } else {
            ((self.at(G ^ 1) | self.at(G ^ 2)) != 0) as i32
        };
        (G, no)
    }
}
