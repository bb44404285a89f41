//! The port's `D()`: the recursive search, line by line against the C (`original/micro-max-3.2.c`,
//! lines 31–106: hash probe, the iterative deepening loop `while(d++<n|z==8&N<1e7&d<98)`, the
//! board scan, the move step, the store), and its move step [`Engine::search_move`] (the C's
//! lines from `if(h=d-(y!=z))` to the undo `b[G]=k+38;...`), shared by both move loops: each node
//! builds its [`Node`] once and every move passes only what changes. The hash-key helpers
//! (`J(A)`, the C's `K(A,B)` macro) and the castling/e.p. tests sit beside it.

#![allow(non_snake_case)]

use super::*;

/// What [`Engine::search_move`] reads of the node searching a move: `D()`'s arguments and
/// locals, by their C names.
#[derive(Clone, Copy)]
pub(super) struct Node {
    /// side to move, window `q`..`l`, eval `e`, hash keys `J`,`Z`, previous destination `z`,
    /// requested depth `n`
    k: i32,
    q: i32,
    l: i32,
    e: i32,
    J: i32,
    Z: i32,
    z: i32,
    n: i32,
    /// best score so far, the reply's depth
    m: i32,
    h: i32,
    /// the captured piece's value, the direction
    i: i32,
    r: i32,
    /// castling/e.p. squares (`S` when none)
    F: i32,
    G: i32,
    /// the reply's last argument ([`child_last_arg`])
    Pc: i32,
}

/// The move [`Engine::search_move`] searches: from `x`, piece `u` (type `p`), to `y`, capturing
/// `t` on `H`.
#[derive(Clone, Copy)]
pub(super) struct Move {
    x: i8,
    u: i8,
    p: i8,
    y: i8,
    H: i8,
    t: i8,
}

/// The last argument of the reply's `D()` for a move to `y` (`searched`: moves searched so far
/// in this iteration). sd change 5: the ultimate depth `n-(y!=z)` (passed, and ignored, by
/// every variant without node types). iidcut: the expected node type (Garms, CCC, 2011): a PV node
/// gives PV to the first move it searches in an iteration and CUT to the others; a CUT node
/// gives ALL, an ALL node CUT. C: `T?3-T:f++?1:0`.
#[inline(always)]
pub(super) fn child_last_arg<V: Variant>(P: i32, n: i32, y: i8, z: i32, searched: &mut i32) -> i32 {
    if V::NODE_TYPES {
        let t = if P != node_type::PV {
            3 - P
        } else if *searched != 0 {
            node_type::CUT
        } else {
            node_type::PV
        };
        *searched += 1;
        t
    } else {
        n - (y as i32 != z) as i32
    }
}

/// After a searched move (x,y) with score `v` (C: `if(Y&8){m=v;Y&=~8;goto A;} if(v>m){m=v;X=x;
/// Y=y|S&G;}`): true if it was the sneaked best move (best=1st done, redo normal: `m=v`, the
/// loop goes on at `A:`); else the max updated, marked with S if non castling.
#[inline(always)]
pub(super) fn best_so_far(
    v: i32,
    x: i8,
    y: i8,
    G: i32,
    m: &mut i32,
    X: &mut i8,
    Y: &mut i8,
) -> bool {
    if *Y & 8 != 0 {
        // best=1st done,redo normal
        *m = v;
        *Y &= !8;
        return true;
    }
    if v > *m {
        // update max, mark with S if non castling
        *m = v;
        *X = x;
        *Y = (y as i32 | (S & G)) as i8;
    }
    false
}

impl Engine {
    /// After the move to `y` (C: `t+=p<5; if(p<3&6*k+(y&V)==S||(u&~24)==36&j==7&&G&M&&
    /// b[G=(x|7)-(r>>1&7)]&32&&!(b[G^1]|b[G^2])){F=y;t--;}`): a non-slider's fake capture ends
    /// its ray, which a pawn on its 3rd/6th rank (e.p. square `F`) or a virgin king stepping
    /// sideways next to a virgin rook with 2 empty squares beside it (castling rook `G`) unfakes.
    /// Returns the new `t`; the ray goes on while it is 0.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn fake_capture(
        &self,
        k: i32,
        x: i8,
        u: i8,
        p: i8,
        j: i32,
        r: i32,
        y: i8,
        mut t: i8,
        F: &mut i32,
        G: &mut i32,
    ) -> i8 {
        t = (t as i32 + (p < 5) as i32) as i8; // fake capt. for nonsliding
        if (p < 3 && 6 * k + (y as i32 & V) == S) // pawn on 3rd/6th, or
            || ((u as i32 & !24) == 36 && j == 7 // virgin K moving sideways,
                && *G & M != 0
                && {
                    let rook_ok;
                    (*G, rook_ok) = self.castling_rook(x, r); // 1st, virgin R in corner G
                    rook_ok
                })
        // 2 empty sqrs. next to R
        {
            *F = y as i32; // unfake capt., enable e.p.
            t -= 1;
        }
        t
    }

    /// `D(k,q,l,e,J,Z,E,z,n)`: recursive minimax search, k=moving side, n=depth.
    /// (q,l)=window, e=current eval. score, E=e.p. sqr., z=prev.dest; J,Z=hashkeys;
    /// return score. `P` is the variant's last argument: the ultimate depth of self-deepening,
    /// or the expected node type of [`Variant::NODE_TYPES`] (ignored by a variant with
    /// neither, as by `old`; see [`variant`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search<V: Variant, const AUDIT: bool, const ABORT: bool>(
        &mut self,
        k: i32,
        q: i32,
        l: i32,
        e: i32,
        J: i32,
        Z: i32,
        E: i32,
        z: i32,
        n: i32,
        P: i32, // sd change 1: the ultimate depth, a new last argument (iidcut: the node type)
        pieces: Pieces, // speed: the squares of both sides' pieces (`mm32/speed/pieces.rs`)
    ) -> i32 {
        // the node's own arguments, the same for every move it searches ([`Engine::search_move`])
        let node = Node {
            k,
            q,
            l,
            e,
            J,
            Z,
            z,
            n,
            m: 0,
            h: 0,
            i: 0,
            r: 0,
            F: 0,
            G: 0,
            Pc: 0, // per move
        };
        let mut j: i32;
        let mut r: i32;
        // sd change 2: in 3.2 `m` has no value before the loop (and none is read); sd starts it
        // at -I (the self-deepening post's "-INF on hash miss").
        let mut m: i32 = -I;
        let mut v: i32;
        let mut d: i32;
        let mut h: i32;
        let mut i: i32 = 9;
        let mut F: i32;
        let mut G: i32;
        let mut t: i8;
        let mut p: i8;
        let mut u: i8;
        let mut x: i8;
        let mut y: i8;
        let mut X: i8;
        let mut Y: i8;
        let mut H: i8;

        // The squares of the side to move's pieces. Every move made below is unmade before the
        // next square is looked at, so this set is the same all through the node.
        debug_assert!(pieces == Pieces::of(self.board(), k));
        let own = pieces.own;
        // speed: a node of depth 1 that will not stand pat (`m=e` at d=1) starts its first
        // recapture's slot loading now, before its own probe, as if the probe will miss (the
        // scan from a8); its d=1 iteration does it again only if it starts elsewhere
        let early = n == 1 && e < l;
        if early {
            self.prefetch_first_recapture(k, J, z, own, 0);
        }
        // not micro-Max: the watchdog (`Watchdog`), on calls, not nodes: a search that does not
        // stop may loop over children that all return from the table, before `N++`
        self.calls += 1;
        if self.calls >= self.watch_at {
            self.watch_at = self.watch.look(self.calls, self.N);
        }
        // lookup pos. in hash table
        j = (k.wrapping_mul(E) ^ J) & self.mask; // try 8 consec. locations
        loop {
            // W((h=A[++j].K)&&h-Z&&--i); first empty or match
            j += 1;
            h = self.entry_at(j as usize).K;
            if h == 0 || h == Z {
                break;
            }
            i -= 1;
            if i == 0 {
                break;
            }
        }
        let a: usize = if i != 0 { j as usize } else { 0 }; // dummy A[0] if miss & full
        if self.entry_at(a).K != 0 {
            // hit: pos. is in hash tab
            let entry = *self.entry_at(a);
            d = entry.D as i32; // examine stored data
            v = entry.V;
            X = entry.X;
            if d >= n {
                // if depth sufficient:
                if ((v >= l) as i32 | (X as i32 & S)) != 0
                    && ((v <= q) as i32 | (X as i32 & 8)) != 0
                {
                    // use if window compatible; sd change 3: only above q or at the ultimate depth
                    if !V::HIT_RESUME || v > q || d >= P {
                        return v;
                    }
                    m = v; // sd change 3: a fail low short of the ultimate depth deepens itself
                } else {
                    d = n - 1; // or use as iter. start
                }
            }
            X = (X as i32 & !M) as i8; // with best-move hint
            Y = entry.Y;
            if d == 0 {
                Y = 0; // don't try best at d=0
            }
        } else {
            d = 0; // start iter., no best yet
            X = 0;
            Y = 0;
        }
        // IID variants (`variant::Iid`): where the iterations of a node below the root start
        match V::IID {
            Iid::Classic => {}
            Iid::None => {
                if z & 8 == 0 && d < n - 1 {
                    d = n - 1; // noiid: the first iteration at full depth
                }
            }
            Iid::Reduced(R) => {
                if z & 8 == 0 && d < n - 1 {
                    // iidr2: with a hint, or too shallow, or (iidcut) at an ALL node, (iidpv) at
                    // a CUT or ALL node: straight to n; else one iteration at n-R first
                    d = if d != 0 || n < R + 2 || (V::NODE_TYPES && P > V::REDUCED_UP_TO) {
                        n - 1
                    } else {
                        n - R - 1
                    };
                }
            }
        }
        self.N += 1; // node count (for timing)
        if ABORT && self.N as i32 & (crate::ABORT_POLL_NODES - 1) == 0 && self.abort_due() {
            // not micro-Max (see `Abort`): unwind, nothing changed yet at this node
            self.aborted = true;
            return 0;
        }
        if AUDIT {
            self.audit.nodes += 1;
        }
        // AUDIT only: how the node found the table (`anatomy::ENTRIES`), read again from the
        // entry the probe found (nothing was stored since), so the faithful instances carry none
        let entry_kind = if AUDIT && self.anatomy.is_some() {
            self.entry_kind(a, n, q, l)
        } else {
            0
        };
        let node_mark = if AUDIT {
            self.anatomy
                .as_deref_mut()
                .map(|a| a.enter(n, P, entry_kind))
        } else {
            None
        };
        // iidreset: the result of this call's previous iteration (`c=-2*I`: none yet) and the
        // depth of its last reset (`g=0`)
        let mut prev_m = -2 * I;
        let mut reset_depth = 0;
        let mut past_iterations = 0u32; // AUDIT only
        let mut iterations = 0u64; // AUDIT only
        // iterative deepening loop: 3.2 `d++<n|z==8&N<1e7&d<98`; sd change 4:
        // sd `d++<n||d<=P&&m<=q||z==8&N<1e7&d<98` (d already incremented in the later tests)
        if V::LOOPS && z == 8 {
            // the test fault: a root that never ends, counting its nodes (only the watchdog,
            // which panics, leaves this loop)
            loop {
                if V::SILENT {
                    std::hint::black_box(&mut self.N);
                    continue;
                }
                self.N += 1;
                self.calls += 1;
                if self.calls >= self.watch_at {
                    self.watch_at = self.watch.look(self.calls, self.N);
                }
                std::hint::black_box(&mut self.N);
            }
        }
        'iterations: loop {
            let below = d < n;
            d += 1;
            if !(below
                || (V::SELF_DEEPENING && d <= P && m <= q)
                || (z == 8 && self.root_goes_on(d)))
            {
                break;
            }
            if AUDIT {
                // a separate instance of the search when auditing; compiled out otherwise: the spec's invariants, counted
                let inner = z != 8;
                self.audit.self_deepened += (inner && d > n) as u64;
                self.audit.past_ultimate += (inner && d > n && d > P) as u64;
                self.audit.after_mate += (d > 99) as u64;
                if z & 8 == 0 {
                    // below the root (the legality check, z=9, is top level as the think is)
                    iterations += 1;
                    self.audit.inner_nodes += (iterations == 1) as u64;
                    self.audit.inner_multi_iteration += (iterations == 2) as u64;
                    self.audit.inner_iterations_by_offset[(d - n + 8).clamp(0, 16) as usize] += 1;
                    if d < n {
                        let t = if V::NODE_TYPES { P.clamp(0, 2) } else { 0 };
                        self.audit.short_iterations_by_type[t as usize] += 1;
                    }
                }
            }
            if AUDIT {
                past_iterations += (z & 8 == 0 && d > n) as u32;
                if let Some(a) = self.anatomy.as_deref_mut() {
                    if z == 8 {
                        a.root_iteration(d);
                    }
                    a.iteration_start(n, d, z & 8 == 0);
                }
            }
            let mut searched = 0; // moves searched in this iteration (iidcut's node types)
            let B: i8 = X; // start scan at prev. best
            Y = (Y as i32 | (8 & (Y as i32 >> 4))) as i8; // request try noncastl. 1st
            m = if d > 1 { -I } else { e }; // unconsidered:static eval
            // The C visits every square from B on (x=x+9&~M is the next square in a8..h1 order,
            // wrapping) and skips those without an own piece (inefficient!). Here the own
            // pieces' squares are taken in the same order from `own`.
            let start = square_index(B);
            let mut rest = own.rotate_right(start);
            if d >= 2 {
                // speed: at d>=2 every move is searched (h>=1), and the moves come from the
                // generator `next_move` (engine/speed/ahead.rs), which walks exactly as the loops
                // below do, AHEAD moves ahead of the search: the reply slot of each move is
                // prefetched when the move is found (C: the next D()'s `A[(k*E^J)&U-9]`)
                let best = (Y & 8 != 0).then_some((Y as i32 & !M) as i8);
                let mut g = GenState::before_first(rest, start, best);
                let mut ahead = Ahead::new();
                let mut more = true; // moves left after those in `ahead`
                loop {
                    while more && ahead.len() <= AHEAD {
                        match self.next_move(&mut g, k, E) {
                            Some(found) => {
                                self.prefetch_reply(k, J, found);
                                ahead.push(found);
                            }
                            None => more = false,
                        }
                    }
                    let Some(found) = ahead.pop() else { break };
                    let ([x, u, y, H, t], r, F, G) = found.unpack();
                    let p = u & 7;
                    i = W99[(t & 7) as usize]; // value of capt. piece t
                    if self.king_capture_or_bad_castling(i, y, E) {
                        m = I;
                    }
                    if m >= l {
                        break; // abort on fail high (goto C)
                    }
                    h = d - (y as i32 != z) as i32; // remaining depth(-recapt.)
                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                    v = match self.search_move::<V, AUDIT, ABORT>(
                        Node {
                            m,
                            h,
                            i,
                            r,
                            F,
                            G,
                            Pc,
                            ..node
                        },
                        Move { x, u, p, y, H, t },
                        pieces,
                    ) {
                        Ok(v) => v,
                        Err(ret) => return ret,
                    };
                    if V::DEEPEN_IN_PARENT && z & 8 == 0 && v >= l {
                        d = n; // sdp: the cutoff held up to full depth
                    }
                    // after the sneaked best move the generator goes on with `goto A`
                    let sneaked = best_so_far(v, x, y, G, &mut m, &mut X, &mut Y);
                    // iidreset: `if(!(z&8)&!P&d>2&d>g&v<c&v<l){g=d;d=1;goto rs;}`
                    if V::RESET_AT_PV
                        && sneaked
                        && z & 8 == 0
                        && d > 2
                        && d > reset_depth
                        && v < prev_m
                        && v < l
                        && (AUDIT || P == node_type::PV)
                    {
                        if AUDIT {
                            // the hint's drop, counted at every node type; only PV resets
                            self.audit.hint_drops_by_type[P.clamp(0, 2) as usize] += 1;
                            if P != node_type::PV {
                                continue; // (AUDIT) not a PV node: no reset, `goto A`
                            }
                            self.audit.resets_by_depth[d.min(15) as usize] += 1;
                            if let Some(a) = self.anatomy.as_deref_mut() {
                                a.iteration_end(n, P, 0, true); // abandoned
                            }
                        }
                        reset_depth = d;
                        d = 1;
                        continue 'iterations; // goto rs: nothing stored for this iteration
                    }
                }
            } else {
                // d=1
                // speed: only a few target squares matter (C: `h=d-(y!=z)`; see `D1Targets`)
                let d1 = if Y & 8 == 0 {
                    if m < l && !(early && start == 0) {
                        // speed: the slot of the first recapture's reply (`mm32/speed/d1.rs`)
                        self.prefetch_first_recapture(k, J, z, own, start);
                    }
                    Some(self.d1_targets(z, E, pieces.kings & pieces.theirs))
                } else {
                    None
                };
                'scan: while rest != 0 {
                    let s = (rest.trailing_zeros() + start) & 63;
                    x = square_0x88(s);
                    rest &= rest - 1;
                    u = self.b[x as u8 as usize]; // scan board looking for
                    debug_assert!(u as i32 & k != 0);
                    // own piece
                    p = u & 7; // p = piece type (set r>0)
                    if let Some(targets) = &d1
                        && m < l
                        && !targets.reachable(s, p)
                    {
                        continue 'scan; // no move of this piece does anything at d=1 (`D1Targets`)
                    }
                    r = p as i32;
                    j = o[p as usize + 16]; // first step vector f.piece
                    loop {
                        // W(r=p>2&r<0?-r:-o[++j]): loop over directions o[]
                        r = if (p > 2) & (r < 0) {
                            -r
                        } else {
                            j += 1;
                            -o[j as usize]
                        };
                        if r == 0 {
                            break;
                        }
                        'A: loop {
                            // A: resume normal after best
                            y = x; // (x,y)=move, (F,G)=castl.R
                            F = S;
                            G = S;
                            loop {
                                // y traverses ray
                                y = (y as i32 + r) as i8;
                                H = y;
                                if Y & 8 != 0 {
                                    y = (Y as i32 & !M) as i8; // sneak in prev. best move
                                    H = y;
                                }
                                if y as i32 & M != 0 {
                                    break; // board edge hit
                                }
                                if p < 3 && y as i32 == E {
                                    H = y ^ 16; // shift capt.sqr. H if e.p.
                                }
                                t = self.b[H as u8 as usize];
                                if (t as i32 & k) != 0 || (p < 3 && ((r & 7 == 0) != (t == 0))) {
                                    break; // capt. own, bad pawn mode
                                }
                                i = W99[(t & 7) as usize]; // value of capt. piece t
                                if self.king_capture_or_bad_castling(i, y, E) {
                                    m = I;
                                }
                                if m >= l {
                                    break 'scan; // abort on fail high (goto C)
                                }
                                h = d - (y as i32 != z) as i32;
                                if h != 0 {
                                    // remaining depth(-recapt.)
                                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                                    v = match self.search_move::<V, AUDIT, ABORT>(
                                        Node {
                                            m,
                                            h,
                                            i,
                                            r,
                                            F,
                                            G,
                                            Pc,
                                            ..node
                                        },
                                        Move { x, u, p, y, H, t },
                                        pieces,
                                    ) {
                                        Ok(v) => v,
                                        Err(ret) => return ret,
                                    };
                                    if V::DEEPEN_IN_PARENT && z & 8 == 0 && v >= l {
                                        d = n; // sdp: the cutoff held up to full depth
                                    }
                                    if best_so_far(v, x, y, G, &mut m, &mut X, &mut Y) {
                                        continue 'A; // goto A
                                    }
                                }
                                t = self.fake_capture(k, x, u, p, j, r, y, t, &mut F, &mut G);
                                if t != 0 {
                                    break; // if not capt. continue ray
                                }
                            }
                            break 'A;
                        }
                    }
                } // next sqr. of board, wrap
            }
            // C:
            if !(-I / 4..=I / 4).contains(&m) {
                // m>I/4|m<-I/4
                d = 99; // mate is indep. of depth
            }
            if m + I == 0 {
                // best loses K: (stale)mate
                if AUDIT {
                    self.anatomy_ply(1);
                }
                m = -self.search::<V, AUDIT, ABORT>(
                    24 - k,
                    -I,
                    I,
                    0,
                    J,
                    self.K as i32,
                    S,
                    z,
                    1,
                    0, // sd change 6: the (stale)mate test passes ultimate depth 0
                    pieces.swapped(),
                ) / 2;
                if AUDIT {
                    self.anatomy_ply(-1);
                }
                if ABORT && self.aborted {
                    return self.unwind(z); // not micro-Max: see `Abort`
                }
            }
            let entry = *self.entry_at(a);
            if entry.K == 0 || (entry.X as i32 & M) != M || entry.D as i32 <= d {
                // if new/better type/depth: store in hash, dummy stays empty,
                // type (limit/exact) encoded in X S,8 bits
                if entry.K == 0 && a != 0 {
                    self.mark_dirty(a);
                }
                let slot = self.entry_at_mut(a);
                slot.K = Z;
                slot.V = m;
                slot.D = d as i8;
                slot.X = (X as i32 | (8 * (m > q) as i32) | (S * (m < l) as i32)) as i8;
                slot.Y = Y;
                self.entry_at_mut(0).K = 0;
            }
            if V::RESET_AT_PV {
                prev_m = m; // iidreset: `c=m`
            }
            if let Iid::Reduced(_) = V::IID
                && z & 8 == 0
                && d < n - 1
            {
                d = n - 1; // iidr2: after the reduced iteration, the full depth
            }
            if AUDIT && let Some(a) = self.anatomy.as_deref_mut() {
                let outcome = if m <= q {
                    0
                } else if m >= l {
                    2
                } else {
                    1
                };
                a.iteration_end(n, P, outcome, z & 8 == 0);
            }
            if z == 8 {
                self.root_iteration(RootIter {
                    ply: d - 1,
                    nodes: self.N as i32,
                    score: m,
                    from: X,
                    to: Y as i32 & 0x77,
                });
            }
        }
        if z & 8 != 0 {
            // root think or legality check: hand back the move
            self.K = X;
            self.L = (Y as i32 & !M) as i8;
        }
        if AUDIT
            && let Some(start) = node_mark
            && let Some(a) = self.anatomy.as_deref_mut()
        {
            a.exit(start, entry_kind, past_iterations);
        }
        m
    }

    /// One move searched (C: the loop body of `D()` from `v=p<6?...` to the undo of the move):
    /// evaluate and make the move (x,y) of piece `u` (type `p`, direction `r`) capturing `t` on
    /// `H` (value `i`), castling/e.p. squares `F`,`G`; search the reply to depth `h`; undo it.
    /// `Ok(v)`: the move's score as the loop goes on with it; `Err(v)`: `D()` returns `v` now
    /// (the legality checker found the move, or the search was cut). The node's own variables
    /// come as a [`Node`], the move as a [`Move`].
    #[inline(always)]
    pub(super) fn search_move<V: Variant, const AUDIT: bool, const ABORT: bool>(
        &mut self,
        Node {
            k,
            q,
            l,
            e,
            J,
            Z,
            z,
            n,
            m,
            h,
            mut i,
            r,
            F,
            G,
            Pc,
        }: Node,
        Move { x, u, p, y, H, t }: Move,
        pieces: Pieces,
    ) -> Result<i32, i32> {
        let mut v = if p < 6 {
            // center positional pts.
            self.b[(x as u8).wrapping_add(8) as usize] as i32
                - self.b[(y as u8).wrapping_add(8) as usize] as i32
        } else {
            0
        };
        self.b[G as u8 as usize] = 0; // do move, strip virgin-bit
        self.b[H as u8 as usize] = 0;
        self.b[x as u8 as usize] = 0;
        self.b[y as u8 as usize] = u & 31;
        if G & M == 0 {
            self.b[F as u8 as usize] = (k + 6) as i8; // castling: put R & score
            v += 30;
        }
        if p < 3 {
            // pawns: structure, undefended squares plus bias
            let xl = x as i32 - 2;
            let xr = x as i32 + 2;
            v -= 9
                * ((xl & M != 0 || self.b[xl as u8 as usize] != u) as i32
                    + (xr & M != 0 || self.b[xr as u8 as usize] != u) as i32
                    - 1);
            if (y as i32 + r + 1) & S != 0 {
                self.b[y as u8 as usize] |= 7; // promote p to Q, add score
                i += C;
            }
        }
        // J,Z: hash keys. J(A) = K(y+A,b[y])-K(x+A,u)-K(H+A,t)
        let by = self.b[y as u8 as usize];
        let child = pieces.after(p, x, y, H, F, G);
        let J0 = self.key_change(0, x, u, y, by, H, t);
        let J8 = self.key_change(8, x, u, y, by, H, t);
        let reply = (
            24 - k, // recursive eval. of reply
            -l - (l > e) as i32,
            if m > q { -m } else { -q },
            -e - v - i,
            J.wrapping_add(J0),
            Z.wrapping_add(J8).wrapping_add(G - S),
        );
        if AUDIT {
            let full = n - (y as i32 != z) as i32;
            self.audit.searched_past_full += (z & 8 == 0 && h > full) as u64;
            self.anatomy_ply(1);
        }
        v = -self.search::<V, AUDIT, ABORT>(
            reply.0, reply.1, reply.2, reply.3, reply.4, reply.5, F, y as i32, h,
            Pc, // sd change 5: ultimate depth (iidcut: the child's node type)
            child,
        );
        if AUDIT {
            self.anatomy_ply(-1);
        }
        v -= (v > e) as i32; // delayed-gain penalty
        if V::DEEPEN_IN_PARENT {
            // sdp: while the move fails high short of the depth the node's last iteration
            // gives it, search it again one ply deeper (same window and arguments)
            let full = n - (y as i32 != z) as i32;
            let mut h = h;
            while v >= l && h < full && !(ABORT && self.aborted) {
                h += 1;
                if AUDIT {
                    self.audit.parent_researches += 1;
                    self.audit.searched_past_full += (z & 8 == 0 && h > full) as u64;
                }
                let start = if AUDIT {
                    self.anatomy.as_deref().map(|a| a.research_start())
                } else {
                    None
                };
                if AUDIT {
                    self.anatomy_ply(1);
                }
                v = -self.search::<V, AUDIT, ABORT>(
                    reply.0, reply.1, reply.2, reply.3, reply.4, reply.5, F, y as i32, h, Pc, child,
                );
                if AUDIT {
                    self.anatomy_ply(-1);
                    if let (Some(start), Some(a)) = (start, self.anatomy.as_deref_mut()) {
                        a.research_end(start);
                    }
                }
                v -= (v > e) as i32; // delayed-gain penalty
            }
        }

        if z == 9 {
            // called as move-legality checker:
            if v != -I && x == self.K && y == self.L {
                // if move found & not in check, signal
                self.Q = -e - i;
                self.O = F as i8; // the C truncates into char
                return Err(l);
            }
            v = m; // (prevent fail-lows on K-capt. replies)
        }
        self.b[G as u8 as usize] = (k + 38) as i8; // undo move,G can be dummy
        self.b[y as u8 as usize] = 0;
        self.b[F as u8 as usize] = 0;
        self.b[x as u8 as usize] = u;
        self.b[H as u8 as usize] = t;
        if ABORT && self.aborted {
            return Err(self.unwind(z)); // not micro-Max: see `Abort`
        }
        Ok(v)
    }

    /// `if(i<0||E-S&&b[E]&&y-E<2&E-y<2)m=I;`: whether the move to `y`, capturing a piece of value
    /// `i`, captures the king (`i<0`) or lands next to the square a castling king just passed
    /// (castling through check). After an entered move E is O=(char)128 = -128 and the C reads
    /// b[-128]; the value cannot matter, as y-E<2&E-y<2 is false for it, so the port skips the
    /// read.
    #[inline(always)]
    pub(super) fn king_capture_or_bad_castling(&self, i: i32, y: i8, E: i32) -> bool {
        i < 0
            || (E != S
                && E >= 0
                && self.b[E as u8 as usize] != 0
                && ((y as i32) - E < 2) & (E - (y as i32) < 2))
    }

    /// The castling test's last two clauses: `b[G=(x|7)-(r>>1&7)]&32&&!(b[G^1]|b[G^2])`
    /// (virgin R in corner G, 2 empty sqrs. next to R). Returns `G` and the test's result. Out
    /// of line and cold: it is reached only by a virgin king's sideways step, and inlined, its
    /// arithmetic gets hoisted into every direction of every piece.
    #[cold]
    #[inline(never)]
    pub(super) fn castling_rook(&self, x: i8, r: i32) -> (i32, bool) {
        let G = (x as i32 | 7) - ((r >> 1) & 7);
        let ok = self.b[G as u8 as usize] & 32 != 0
            && (self.b[(G ^ 1) as u8 as usize] | self.b[(G ^ 2) as u8 as usize]) == 0;
        (G, ok)
    }
}
