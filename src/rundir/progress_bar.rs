//! The progress bar of a run, one style for every command that writes a run directory.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// `{bar} done/total UNIT  message  [elapsed, ETA]` on stderr, started at `done` (a resumed
/// run's). Hidden with `show` false (`--no-progress`) or when stderr is not a terminal; a
/// hidden bar still counts (`position`), and [`ProgressBar::is_hidden`] tells the caller to
/// log a line per unit instead.
pub fn progress_bar(total: u64, done: u64, unit: &str, show: bool) -> ProgressBar {
    let bar = if show && std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{{bar:30.cyan/blue}} {{pos}}/{{len}} {unit}  {{msg}}  [{{elapsed_precise}}, ETA {{eta}}]"
            ))
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.enable_steady_tick(Duration::from_millis(500));
        bar
    } else {
        let bar = ProgressBar::hidden();
        bar.set_length(total);
        bar
    };
    bar.set_position(done);
    bar.reset_eta();
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_bar_still_counts() {
        let bar = progress_bar(10, 3, "jobs", false);
        assert!(bar.is_hidden());
        bar.inc(1);
        assert_eq!((bar.position(), bar.length()), (4, Some(10)));
    }
}
