//! Generates the bench suite in `src/bench_positions.txt`: positions reached by move sequences
//! from the start, so that the C original can reach them too.
//!
//!     cargo run --release --features tools --example gen_bench_positions > src/bench_positions.txt
//!
//! Each line: a name, a tab, UCI moves. From 16 short openings, umax (old, hash 2^20+8,
//! 20000 nodes) plays on for a number of plies that grows along the list, so the suite spans
//! opening, middlegame and endgame. Lines stop early if the game ends.

use micromax::builds::Build;
use micromax::mm32::Engine;
use shakmaty::{Chess, Position};
use umax::chess::{legal_offer, move_to_0x88, parse_uci, uci};

const OPENINGS: &[(&str, &str)] = &[
    ("start", ""),
    ("open-game", "e2e4 e7e5"),
    ("sicilian", "e2e4 c7c5"),
    ("french", "e2e4 e7e6"),
    ("caro-kann", "e2e4 c7c6"),
    ("qgd", "d2d4 d7d5 c2c4 e7e6"),
    ("kings-indian", "d2d4 g8f6 c2c4 g7g6"),
    ("english", "c2c4 e7e5"),
    ("reti", "g1f3 d7d5"),
    ("dutch", "d2d4 f7f5"),
    ("scandinavian", "e2e4 d7d5"),
    ("italian", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("ruy-lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("kings-gambit", "e2e4 e7e5 f2f4 e5f4"),
    ("birds", "f2f4 d7d5"),
    ("pirc", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
];
const EXTRA_PLIES: &[usize] = &[0, 0, 4, 8, 12, 16, 20, 24, 30, 36, 42, 50, 60, 70, 80, 90];

fn main() {
    let mut engine = Engine::new(Build::Old, 20);
    let limits = micromax::Limits::nodes(20_000);
    for (i, (name, opening)) in OPENINGS.iter().enumerate() {
        engine.reset();
        let mut pos = Chess::default();
        let mut moves: Vec<String> = Vec::new();
        for m in opening.split_whitespace() {
            let mv = parse_uci(&pos, m).expect("opening move");
            let (f, t) = move_to_0x88(&mv).expect("queen promotion only");
            assert!(engine.enter_move(f, t), "micro-Max refuses {m}");
            moves.push(uci(&mv));
            pos.play_unchecked(mv);
        }
        for _ in 0..EXTRA_PLIES[i] {
            if pos.is_game_over() {
                break;
            }
            let think = engine.think(&limits);
            let Some(mv) = legal_offer(&pos, &think.offer) else {
                break;
            };
            if !think.played {
                break;
            }
            moves.push(uci(&mv));
            pos.play_unchecked(mv);
        }
        if pos.is_game_over() {
            // keep positions with something to search
            moves.pop();
        }
        let label = if EXTRA_PLIES[i] == 0 {
            name.to_string()
        } else {
            format!("{name}+{}", EXTRA_PLIES[i])
        };
        println!("{label}\t{}", moves.join(" "));
    }
}
