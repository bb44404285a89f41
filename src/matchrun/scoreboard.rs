//! What the terminal shows during a match: a progress bar on stderr (games done/total, running
//! W-D-L of the test build against the base build, score, ETA) when stderr is a terminal, else one line per finished
//! game (cutechess-style, for logs). And a tiny summary at the end.

use crate::games_csv::GameRow;
use indicatif::ProgressBar;

/// Wins, draws and losses of the test build.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Tally {
    pub fn add(&mut self, row: &GameRow) {
        if row.test_score > 0.75 {
            self.wins += 1;
        } else if row.test_score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The test build's score fraction.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }
}

pub struct Progress {
    bar: ProgressBar,
    /// Print a line per game (stderr is not a terminal, or the bar is off).
    log: bool,
    /// The tally of each pairing (one for a match; one per pairing of a tournament).
    tallies: Vec<(crate::pairing::Pairing, Tally)>,
    /// The pairing of the last game done (whose tally the message shows).
    last: usize,
}

impl Progress {
    /// `done`: rows already on disk (resume); `total`: all games of this shard.
    pub fn new(
        builds: crate::pairing::Pairing,
        done: &[GameRow],
        total: u64,
        show_bar: bool,
    ) -> Progress {
        Progress::of_pairings(&[(builds, done)], total, show_bar)
    }

    /// One bar over several pairings (a tournament): `pairings` with the rows each has on
    /// disk; `total`: all games of this shard of every pairing.
    pub fn of_pairings(
        pairings: &[(crate::pairing::Pairing, &[GameRow])],
        total: u64,
        show_bar: bool,
    ) -> Progress {
        let tallies: Vec<_> = pairings
            .iter()
            .map(|(p, rows)| {
                let mut t = Tally::default();
                for row in rows.iter() {
                    t.add(row);
                }
                (p.clone(), t)
            })
            .collect();
        let done: usize = pairings.iter().map(|(_, r)| r.len()).sum();
        // a line per game where there is no bar (for logs)
        let bar = crate::rundir::progress_bar(total, done as u64, "games", show_bar);
        let p = Progress {
            log: bar.is_hidden(),
            bar,
            tallies,
            last: 0,
        };
        p.bar.set_message(p.message());
        p
    }

    fn message(&self) -> String {
        let (builds, t) = &self.tallies[self.last];
        format!(
            "{} vs {}: {}-{}-{} (W-D-L), score {:.1}%",
            builds.test,
            builds.base,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score()
        )
    }

    pub fn game_done(&mut self, row: &GameRow) {
        self.pairing_game_done(0, row);
    }

    /// A game of pairing `index` (in the order given to [`Progress::of_pairings`]) is done.
    pub fn pairing_game_done(&mut self, index: usize, row: &GameRow) {
        self.last = index;
        self.tallies[index].1.add(row);
        self.bar.inc(1);
        self.bar.set_message(self.message());
        if self.log {
            eprintln!(
                "Finished game {} ({} vs {}): {} {{{}}}; {}",
                row.game,
                row.white,
                row.black,
                row.result,
                row.termination,
                self.message()
            );
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
