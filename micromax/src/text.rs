//! The text helpers the engines' console loops and limits read with.

/// A count: a whole number, written plainly (`100000`) or in the exact scientific notation the
/// C uses for its limit (`1e7`, `2.5e5`, `1E5`, `1e+5`). Refuses what is not a whole number
/// (`2.5e0`), negative numbers and values above `u64::MAX`, saying why.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let example = "like 100000, 1e5 or 2.5e5";
    if t.is_empty() {
        return Err(format!("expected a whole number ({example})"));
    }
    if t.starts_with('-') {
        return Err(format!(
            "'{}' is negative: expected a whole number ({example})",
            echo(t)
        ));
    }
    let t = t.strip_prefix('+').unwrap_or(t);
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_ok = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if (int_part.is_empty() && frac_part.is_empty())
        || !digits_ok(int_part)
        || !digits_ok(frac_part)
    {
        return Err(format!(
            "'{}' is not a number: expected a whole number ({example})",
            echo(s.trim())
        ));
    }
    let exp: i64 = match exponent {
        None => 0,
        Some(e) => {
            let e = e.strip_prefix('+').unwrap_or(e);
            let (neg, digits) = match e.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, e),
            };
            if digits.is_empty() || !digits_ok(digits) {
                return Err(format!(
                    "'{}' is not a number: expected a whole number ({example})",
                    echo(s.trim())
                ));
            }
            // an exponent of more than 6 digits is out of range (or not whole) either way
            let v: i64 = if digits.trim_start_matches('0').len() > 6 {
                10_000_000
            } else {
                digits.parse().unwrap_or(0)
            };
            if neg { -v } else { v }
        }
    };
    let too_large = || format!("'{}' is too large (at most {})", echo(s.trim()), u64::MAX);
    let not_whole = || format!("'{}' is not a whole number", echo(s.trim()));
    // value = int_part.frac_part * 10^exp = all_digits * 10^(exp - frac_len)
    let frac = frac_part.trim_end_matches('0');
    let digits = format!("{int_part}{frac}");
    let digits = digits.trim_start_matches('0');
    let shift = exp - frac.len() as i64;
    if digits.is_empty() {
        return Ok(0);
    }
    let mut value: u128 = 0;
    for b in digits.bytes() {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add((b - b'0') as u128))
            .ok_or_else(too_large)?;
    }
    if shift < 0 {
        let divisor = 10u128.checked_pow((-shift) as u32);
        match divisor {
            Some(d) if value.is_multiple_of(d) => value /= d,
            _ => return Err(not_whole()),
        }
    } else {
        let factor = u32::try_from(shift)
            .ok()
            .and_then(|s| 10u128.checked_pow(s))
            .ok_or_else(too_large)?;
        value = value.checked_mul(factor).ok_or_else(too_large)?;
    }
    u64::try_from(value).map_err(|_| too_large())
}

/// `input.fill_buf()`, tried again when a signal interrupted the read: the buffered bytes of
/// an input, empty at its end. The one read loop of `umax play` (the C's `getchar()`) and
/// `umax uci` (its lines).
pub fn fill_buf<R: std::io::BufRead + ?Sized>(input: &mut R) -> std::io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    input.fill_buf() // the bytes are buffered now: this only returns them
}

/// Text from the input made safe to echo inside one output line: every control character
/// escaped (line breaks too), at most 60 characters.
pub fn echo(text: &str) -> String {
    let mut s = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == 60 {
            s.push_str("...");
            break;
        }
        if c.is_control() || c == '\u{feff}' {
            s.extend(c.escape_default());
        } else {
            s.push(c);
        }
    }
    s
}
