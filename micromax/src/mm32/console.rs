//! `umax play`: the C program's console, byte for byte.
//!
//! ```text
//! W(1)
//! {F(i,0,121)printf(" %c",i&8&&(i+=7)?10:n[b[i]&15]); /* print board        */
//!  p=c;W((*p++=getchar())>10);                        /* read input line    */
//!  N=0;
//!  if(*c-10){K=c[0]-16*c[1]+C;L=c[2]-16*c[3]+C;}else  /* parse entered move */
//!   D(k,-I,I,Q,1,1,O,8,0);                            /* or think up one    */
//!  F(i,0,U)A[i].K=0;                                  /* clear hash table   */
//!  if(D(k,-I,I,Q,1,1,O,9,2)==I)k^=24;                 /* check legality & do*/
//! }
//! ```
//!
//! Two deliberate deviations, both where the C has undefined or endless behaviour:
//! - `c[9]` overflows in the C on a line longer than eight characters; here characters past
//!   the ninth are read and dropped (only `c[0..4]` are ever used).
//! - At end of input the C loops forever reprinting the board; here the loop ends (exit 0)
//!   when end of input is met at the start of a line. A last line cut short by end of input is
//!   processed first, as the C does (its terminator is `EOF`, -1).
//!
//! `c[]` keeps its contents from line to line, as in the C, so a short line reuses the tail of
//! the previous one. The C's `c[]` starts uninitialised; here it starts as zeros.

use crate::mm32::{Engine, Limits};
use std::io::{self, BufRead, Write};

/// The C's input buffer `int c[9]`: the last line's characters (`getchar()` values; -1 is EOF).
#[derive(Clone, Debug, Default)]
pub struct LineBuffer {
    pub c: [i32; 9],
}

/// What reading one line gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line was read into the buffer (ended by a byte <= 10, or by end of input after at
    /// least one character).
    Read,
    /// End of input at the start of a line: the C would loop forever here; we stop.
    End,
}

impl LineBuffer {
    /// `p=c;W((*p++=getchar())>10);`: reads until a character <= 10 (newline, tab, NUL, ...,
    /// or EOF) and stores it too.
    pub fn read_line<R: BufRead>(&mut self, input: &mut R) -> io::Result<Line> {
        let mut pos = 0usize;
        loop {
            let ch = next_char(input)?;
            if pos == 0 && ch == -1 {
                return Ok(Line::End);
            }
            if pos < self.c.len() {
                self.c[pos] = ch; // the C writes past c[8] here; we drop the rest
            }
            pos += 1;
            if ch <= 10 {
                return Ok(Line::Read);
            }
        }
    }

    /// `*c-10`: true if the line is a move line (anything but an empty line).
    pub fn is_move(&self) -> bool {
        self.c[0] != 10
    }

    pub fn move_chars(&self) -> [i32; 4] {
        [self.c[0], self.c[1], self.c[2], self.c[3]]
    }
}

/// `getchar()`: the next byte as 0..=255, or -1 at end of input.
fn next_char<R: BufRead>(input: &mut R) -> io::Result<i32> {
    let Some(&ch) = crate::text::fill_buf(input)?.first() else {
        return Ok(-1);
    };
    input.consume(1);
    Ok(ch as i32)
}

/// Options of `umax play`.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Print one line per root iteration (the instrumented C's `printf`).
    pub trace: bool,
    /// What each think may spend (the C's `1e7` is its node limit).
    pub limits: Limits,
}

/// Runs the C's main loop on `input`, writing what the C prints to `out`, until end of input.
/// `out` is flushed before every read so that an interactive user sees the board.
pub fn run<R: BufRead, W: Write>(
    engine: &mut Engine,
    opts: &PlayOptions,
    input: &mut R,
    out: &mut W,
) -> io::Result<()> {
    let mut line = LineBuffer::default();
    loop {
        out.write_all(engine.board_text().as_bytes())?; // print board
        out.flush()?;
        if line.read_line(input)? == Line::End {
            return Ok(());
        }
        // N=0: done by enter_move and think, the main loop's two steps
        if line.is_move() {
            // parse entered move
            let (k, l) = Engine::parse_move(&line.move_chars());
            engine.enter_move(k, l);
        } else {
            // or think up one
            let think = engine.think(&opts.limits);
            if opts.trace {
                for it in &think.iterations {
                    out.write_all(it.trace_line().as_bytes())?;
                }
            }
        }
    }
}
