//! `main()`'s play loop, byte for byte:
//!
//! ```text
//! W(1)                                    play loop
//! {N=-1;W(++N<121) printf("%c",...);      print board
//!  p=c;W((*p++=getchar())>10);            read input line
//!  K=I; if(*c-10)K=...,L=...;             invalid move / parse entered move
//!  D(-I,I,Q,O,1,3);                       think or check & do
//! }
//! ```

use super::*;
use std::io::{self, BufRead, Write};

/// `getchar()`: the next byte as 0..=255, or -1 at end of input.
fn getchar<R: BufRead>(input: &mut R) -> io::Result<i32> {
    let Some(&ch) = crate::text::fill_buf(input)?.first() else {
        return Ok(-1);
    };
    input.consume(1);
    Ok(ch as i32)
}

impl Mm48 {
    /// Runs the C's `main()` play loop on `input`, writing what the C prints to `out`: the
    /// board before each line, and when `trace` is set the Kibitz line of each root iteration
    /// (the listing's commented-out `printf`, enabled). `node_limit` replaces the root rule's
    /// `1e6` (`N<node_limit&d<98`; [`DEFAULT_NODE_LIMIT`] is the C's). `out` is flushed before
    /// every read.
    ///
    /// Deviations from the C, both where it has no defined end:
    /// - At end of input the C loops forever (reprinting the board and searching a "move" made
    ///   of `EOF`s); here the loop returns `Ok(())` when end of input is met at the start of a
    ///   line, just after the board is printed. A last line cut short by end of input is
    ///   processed first, as the C does (its terminator is `EOF`, -1, stored in `c[]`).
    /// - The C's `c[9]` overflows on a line longer than eight characters plus its end (writing
    ///   past the array, undefined behaviour); here the characters past the ninth are read and
    ///   dropped (only `c[0..4]` are ever used).
    ///
    /// `c[]` keeps its contents from line to line, as in the C, so a short line reuses the tail
    /// of the previous one.
    pub fn console<R: BufRead, W: Write>(
        &mut self,
        input: &mut R,
        out: &mut W,
        node_limit: i64,
        trace: bool,
    ) -> io::Result<()> {
        let mut text = Vec::with_capacity(128);
        loop {
            text.clear();
            self.print_board(&mut text); // print board (leaves N=128)
            out.write_all(&text)?;
            out.flush()?;
            // p=c;W((*p++=getchar())>10): read input line
            let mut pos = 0usize;
            loop {
                let ch = getchar(input)?;
                if pos == 0 && ch == -1 {
                    return Ok(()); // the C would loop forever here
                }
                if pos < self.c.len() {
                    self.c[pos] = ch; // the C writes past c[8] here; dropped
                }
                pos += 1;
                if ch <= 10 {
                    break;
                }
            }
            self.turn(&mut |N, d| N < node_limit && d < 98);
            if trace {
                for it in &self.iters {
                    out.write_all(it.kibitz_line().as_bytes())?;
                }
            }
        }
    }
}
