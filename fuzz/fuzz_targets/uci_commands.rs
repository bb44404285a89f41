//! UCI line reading, command parsing, `position` set-up and replay, `go` plans (see
//! `umax::fuzzing::check_uci_commands`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| umax::fuzzing::check_uci_commands(data));
