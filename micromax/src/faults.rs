//! States no main-loop step can reach, injected by the tests of the match runner.

/// Faults for tests only (`Searcher::inject_fault`): states no main-loop step can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestFault {
    /// The engine believes the other side is to move (`k^=24`): it then rejects a legal move.
    WrongSideToMove,
}
