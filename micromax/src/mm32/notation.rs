//! Move notation as the C reads it: the main loop's `c[0..4]` parse, square and move names.

use super::{Engine, M};

/// The main loop's reading of a move line into `K`,`L` ([`Engine::parse_move`]): its first four
/// bytes as `c[0..4]`, 0 past the end of a shorter line.
pub fn c_move(line: &str) -> (i8, i8) {
    let mut c = [0i32; 4];
    for (slot, b) in c.iter_mut().zip(line.bytes()) {
        *slot = i32::from(b);
    }
    Engine::parse_move(&c)
}

/// A 0x88 square in coordinate notation (`e2`), as the C's move parser reads it.
pub fn square_name(sq: i8) -> String {
    let s = sq as i32;
    if s & M != 0 || s < 0 {
        return format!("?{s}");
    }
    let file = (b'a' + (s & 7) as u8) as char;
    let rank = (b'8' - (s >> 4) as u8) as char;
    format!("{file}{rank}")
}

/// A move `K`,`L` in the notation the C reads (`e2e4`).
pub fn move_name(from: i8, to: i8) -> String {
    format!("{}{}", square_name(from), square_name(to))
}

/// A square name (`e2`) as a 0x88 square, or `None`.
pub fn parse_square(s: &[u8]) -> Option<i8> {
    if s.len() != 2 || !(b'a'..=b'h').contains(&s[0]) || !(b'1'..=b'8').contains(&s[1]) {
        return None;
    }
    Some((16 * (b'8' - s[1]) as i32 + (s[0] - b'a') as i32) as i8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_and_the_c_parse_agree() {
        for rank in 0..8i8 {
            for file in 0..8i8 {
                let sq = 16 * rank + file;
                let name = square_name(sq);
                assert_eq!(parse_square(name.as_bytes()), Some(sq), "{name}");
            }
        }
        assert_eq!(move_name(0x64, 0x44), "e2e4");
        assert_eq!(c_move("e2e4\n"), (0x64, 0x44));
        // off the board (the 0x88 bit) and malformed names
        assert_eq!(square_name(0x08), "?8");
        assert_eq!(parse_square(b"i1"), None);
        assert_eq!(parse_square(b"a9"), None);
        assert_eq!(parse_square(b"e"), None);
    }
}
