//! FEN parser and `Engine::set_fen` (see `umax::fuzzing::check_fen`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| umax::fuzzing::check_fen(data));
