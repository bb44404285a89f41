//! The IID study's committed ratings (ratings.csv, crosstable.csv, ratings.txt) are what the
//! rating step alone makes of its pairings' games.csv: nothing in them is typed by hand, and the
//! report (scripts/report/report.py, checked in `claims`) reads them.

#[test]
fn the_studys_ratings_are_what_its_rows_give() {
    let root = env!("CARGO_MANIFEST_DIR");
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
