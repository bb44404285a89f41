//! The test suite, one binary (building each test file as a binary of its own paid the
//! release profile's link-time optimisation 38 times). Each module is one area's tests, named as
//! the file was; `cargo test --release -- parity::` runs one of them. The helpers shared by
//! several modules are the modules below the list.

mod anatomy;
mod architecture;
mod bench;
mod claims;
mod deadline;
mod external_engines;
mod golden;
mod hostile_fuzz_smoke;
mod hostile_play;
mod hostile_uci;
mod iid_variants;
mod judge;
mod match_builds;
mod match_c_parity;
mod match_clock;
mod match_errors;
mod match_runs;
mod mm48;
mod node_clock;
mod openings_default;
mod outputs;
mod parity;
mod plots_committed;
mod random;
mod ratings;
mod report_cli;
mod report_summary;
mod robust;
mod rules;
mod run_dir;
mod scripts_any_pairing;
mod sd_audit;
mod sd_idea;
mod sdnr;
mod seam;
mod sprt_simulation;
mod stats_table;
mod study_report;
mod tournament;
mod uci_fen;
mod uci_protocol;
mod uci_python;
mod watchdog;

#[path = "../ci_env/mod.rs"]
#[allow(dead_code)]
mod ci_env;
#[path = "../common/mod.rs"]
mod common;
#[path = "../match_common/mod.rs"]
mod match_common;
#[path = "../report_rows/mod.rs"]
mod report_rows;
#[path = "../uci_support/mod.rs"]
mod uci_support;
