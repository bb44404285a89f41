//! `Engine::set_fen` against the C's way of reaching a position (moves from the initial
//! position): the same state, and the same search, node for node.
//!
//! The state the C reaches by moves and the one `set_fen` builds agree on the board (up to
//! virgin bits the move generator never reads), the side to move, `O` and `Q` — the latter
//! exactly when no promotion was made (see `micromax/src/fen.rs`), and `O` unless the last move was a
//! castling. The hash table differs (the last legality check's entries), so the comparisons
//! are: moves + `clear_hash` vs `set_fen`; and moves vs `set_fen` of the position one move
//! earlier + `enter_move` of the last move.

use micromax::Limits;
use micromax::builds::Build;
use micromax::mm32::Engine;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Move, Position};
use umax::chess::move_to_0x88;

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Always).to_string()
}

/// Castling possible for a colour: virgin king and a virgin piece in one of its corners.
fn castling_state(e: &Engine) -> [bool; 4] {
    let virgin = |sq: usize| e.board()[sq] & 32 != 0;
    [
        virgin(0x74) && virgin(0x77),
        virgin(0x74) && virgin(0x70),
        virgin(0x04) && virgin(0x07),
        virgin(0x04) && virgin(0x00),
    ]
}

fn assert_same_state(a: &Engine, b: &Engine, what: &str) {
    for sq in 0..128 {
        assert_eq!(
            a.board()[sq] & !32,
            b.board()[sq] & !32,
            "{what}: square {sq:#x}"
        );
    }
    assert_eq!(castling_state(a), castling_state(b), "{what}: castling");
    assert_eq!(
        (a.side(), a.material(), a.ep_square()),
        (b.side(), b.material(), b.ep_square()),
        "{what}: k, Q, O"
    );
}

/// A random game without promotions (shorter if it ends early).
fn random_game(rng: &mut Rng, plies: usize) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.promotion().is_none())
            .collect();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

fn by_moves(e: &mut Engine, moves: &[Move]) -> Chess {
    e.reset();
    let mut pos = Chess::default();
    for m in moves {
        let (f, t) = move_to_0x88(m).unwrap();
        assert!(
            e.enter_move(f, t),
            "micro-Max refused {m:?} in {}",
            fen(&pos)
        );
        pos.play_unchecked(*m);
    }
    pos
}

#[test]
fn startpos_fen_is_the_fresh_engine_and_searches_alike() {
    let mut a = Engine::new(Build::Old, 16);
    let mut b = Engine::new(Build::Old, 16);
    b.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .unwrap();
    assert_eq!(a.snapshot(), b.snapshot());
    let limits = Limits::nodes(20_000);
    assert_eq!(a.think(&limits), b.think(&limits));
}

#[test]
fn set_fen_searches_like_the_moves_that_reach_it() {
    let mut rng = Rng(0x00C0_FFEE_1234_5678);
    let mut a = Engine::new(Build::Old, 16);
    let mut b = Engine::new(Build::Old, 16);
    let (mut compared, mut with_hash) = (0, 0);
    for game in 0..60 {
        let plies = 2 + rng.below(70);
        let moves = random_game(&mut rng, plies);
        if moves.len() < 2 {
            continue;
        }
        let pos = by_moves(&mut a, &moves);
        let castled_lately = moves[moves.len() - 2..].iter().any(|m| m.is_castle());
        let what = format!("game {game}: {}", fen(&pos));
        b.set_fen(&fen(&pos)).unwrap();
        if !castled_lately {
            assert_same_state(&a, &b, &what);
        }
        let limits = Limits::nodes(10_000);
        // 1. moves + clear_hash vs set_fen
        if !castled_lately {
            a.clear_hash();
            assert_eq!(a.think(&limits), b.think(&limits), "{what}");
            compared += 1;
        }
        // 2. moves vs set_fen one move earlier + enter_move: also the same hash table
        by_moves(&mut a, &moves);
        let mut before = Chess::default();
        for m in &moves[..moves.len() - 1] {
            before.play_unchecked(*m);
        }
        b.set_fen(&fen(&before)).unwrap();
        let (f, t) = move_to_0x88(moves.last().unwrap()).unwrap();
        assert!(b.enter_move(f, t));
        if !castled_lately {
            assert_same_state(&a, &b, &what);
            assert_eq!(
                a.think(&limits),
                b.think(&limits),
                "{what} (with the legality check's table)"
            );
            with_hash += 1;
        }
    }
    assert!(compared >= 40 && with_hash >= 40, "{compared} {with_hash}");
}

#[test]
fn q_is_off_by_seven_per_promotion() {
    // White promotes (micro-Max adds C=799, a queen is 792 more than its pawn): the C's Q after
    // the promotion is 7 more in white's favour than the material count set_fen uses.
    let mut a = Engine::new(Build::Old, 16);
    a.set_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let q0 = a.material();
    assert!(a.enter_move(0x10, 0x00)); // a7a8=Q
    let mut b = Engine::new(Build::Old, 16);
    b.set_fen("Q3k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(q0, 99);
    assert_eq!(a.material(), b.material() - 7);
    assert_eq!(a.material(), -(99 + 799));
}
