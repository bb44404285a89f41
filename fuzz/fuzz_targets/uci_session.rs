//! A whole `umax uci` session, searches capped at 300 nodes (see
//! `umax::fuzzing::check_uci_session`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| umax::fuzzing::check_uci_session(data));
