//! The IID studies' committed ratings (ratings.csv, crosstable.csv, ratings.txt, ratings.svg) —
//! the 15 s round robin and the 60 s gauntlet — are what the rating step alone (`umax
//! tournament --rate`) makes of their pairings' games.csv: nothing in them is typed by hand, and
//! the report (scripts/report/report.py, checked in `claims`) reads them.

/// Re-rates the committed pairings of `results/STUDY` in a scratch directory and compares.
fn rerated_is_committed(study: &str) {
    let root = env!("CARGO_MANIFEST_DIR");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("rerate-{study}"));
    let _ = std::fs::remove_dir_all(&dir);
    let committed = std::path::Path::new(root).join("results").join(study);
    let mut pairings = 0;
    for e in std::fs::read_dir(&committed).unwrap() {
        let p = e.unwrap().path();
        if p.join("games.csv").is_file() {
            let to = dir.join(p.file_name().unwrap());
            std::fs::create_dir_all(&to).unwrap();
            std::fs::copy(p.join("games.csv"), to.join("games.csv")).unwrap();
            pairings += 1;
        }
    }
    assert!(pairings >= 7, "{study}: {pairings} pairings");
    umax::ratings::write_ratings(&dir, umax::ratings::DEFAULT_RESAMPLES).unwrap();
    for f in [
        "ratings.csv",
        "crosstable.csv",
        "ratings.txt",
        "ratings.svg",
    ] {
        assert_eq!(
            std::fs::read(committed.join(f)).unwrap(),
            std::fs::read(dir.join(f)).unwrap(),
            "{study}/{f}: re-rating the committed rows gives the committed file"
        );
    }
}

#[test]
fn the_studys_ratings_are_what_its_rows_give() {
    rerated_is_committed("iid-scaled-15");
}

#[test]
fn the_60s_gauntlets_ratings_are_what_its_rows_give() {
    rerated_is_committed("iid-scaled-60");
}
