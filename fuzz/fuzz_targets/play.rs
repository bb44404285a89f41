//! `umax play`'s line reader and move parser, thinks capped at 300 nodes (see
//! `umax::fuzzing::check_play`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| umax::fuzzing::check_play(data));
