//! Input lines: one line of the GUI, bounded and made valid text.

use super::*;

/// One input line, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputLine {
    pub text: String,
    /// The line was longer than the limit and was cut.
    pub truncated: bool,
}

/// Reads the next line (ended by LF, CR or end of input), keeping at most `max` bytes of it.
/// `None` at end of input.
pub fn read_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<InputLine>> {
    let mut bytes = Vec::new();
    let mut truncated = false;
    let mut any = false;
    loop {
        let buf = crate::text::fill_buf(input)?;
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let end = buf.iter().position(|&c| c == b'\n' || c == b'\r');
        let take = end.unwrap_or(buf.len());
        let room = max.saturating_sub(bytes.len());
        if take > room {
            truncated = true;
        }
        bytes.extend_from_slice(&buf[..take.min(room)]);
        match end {
            Some(i) => {
                input.consume(i + 1);
                break;
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
    Ok(Some(InputLine {
        text: String::from_utf8_lossy(&bytes).into_owned(),
        truncated,
    }))
}

/// Text from the input made safe to echo inside one output line: control characters escaped,
/// at most 60 characters.
pub fn echo(text: &str) -> String {
    crate::text::echo(text)
}
