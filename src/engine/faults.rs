//! States no main-loop step can reach, injected by the tests of the match runner.

/// Faults for tests only ([`Engine::inject_fault`]): states no main-loop step can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestFault {
    /// The engine believes the other side is to move (`k^=24`): it then rejects a legal move.
    WrongSideToMove,
}

impl super::Engine {
    /// A fault injected by the tests of the match runner (never in a real game).
    pub fn inject_fault(&mut self, fault: TestFault) {
        match fault {
            TestFault::WrongSideToMove => self.k ^= 24,
        }
    }
}
