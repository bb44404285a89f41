//! The IID study's text in results/journal.md and docs/reference.md is what `scripts/study-report.py`
//! makes of the committed files (ratings.csv, crosstable.csv, the pairings' games.csv, the
//! cost-to-depth CSV): no figure there is typed by hand, and a stale ratings.csv is refused.

use crate::claims;

#[test]
fn the_study_text_is_what_the_files_give() {
    if !claims::check_script("study-report.py", "the study's text") {
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    // the committed ratings are reproduced by the rating step alone
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("study_rerate");
    let _ = std::fs::remove_dir_all(&dir);
    let study = std::path::Path::new(root).join("results/iid-scaled-15");
    for e in std::fs::read_dir(&study).unwrap() {
        let p = e.unwrap().path();
        if p.join("games.csv").is_file() {
            let to = dir.join(p.file_name().unwrap());
            std::fs::create_dir_all(&to).unwrap();
            std::fs::copy(p.join("games.csv"), to.join("games.csv")).unwrap();
        }
    }
    umax::ratings::write_ratings(&dir, umax::ratings::DEFAULT_RESAMPLES).unwrap();
    for f in [
        "ratings.csv",
        "crosstable.csv",
        "ratings.txt",
        "ratings.svg",
    ] {
        assert_eq!(
            std::fs::read(study.join(f)).unwrap(),
            std::fs::read(dir.join(f)).unwrap(),
            "{f}: re-rating the committed rows gives the committed file"
        );
    }
}
