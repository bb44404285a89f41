#!/usr/bin/env python3
"""Independent reference values for tests/suite/stats_table.rs.

Plain Python 3 (math module only): the cutechess-cli formulas for score, interval, Elo and LOS,
and the GSPRT normal approximation (fishtest LLRcalc.LLR_alt2) for the LLR, on the counts plus
half a sample in every category (umax's regularization; fishtest's results_to_pdf replaces zero
counts by 1e-3 instead). Run: python3 tests/data/stats_expected.py

Undefined estimates are None (umax: None in Rust, "—" in text, an empty summary.csv field):
no samples -> no score; zero sample variance (one sample, or all the same outcome) -> no
interval; score 0 or 1 -> no Elo; an interval reaching 0 or 1 -> no Elo interval (pm None).
The LLR is 0 until the data can carry a decision: games need W, D and L all non-zero
(cutechess-cli), pairs need at least two different pair scores.
"""
import math

Z = 1.959963984540054  # Phi^-1(0.975)


def elo(s):
    if s <= 0 or s >= 1:
        return None  # infinite
    return -400 * math.log10(1 / s - 1)


def interval(values, counts):
    """-> (score, var, low, high, elo, pm), None where undefined."""
    n = sum(counts)
    if n == 0:
        return None, None, None, None, None, None
    mean = sum(v * c for v, c in zip(values, counts)) / n
    var = sum(c * (v - mean) ** 2 for v, c in zip(values, counts)) / n
    if var == 0:
        return mean, var, None, None, elo(mean), None
    half = Z * math.sqrt(var / n)
    lo, hi = max(0.0, mean - half), min(1.0, mean + half)
    el, eh = elo(lo), elo(hi)
    pm = (eh - el) / 2 if el is not None and eh is not None else None
    return mean, var, lo, hi, elo(mean), pm


def los(w, l):
    return 0.5 + 0.5 * math.erf((w - l) / math.sqrt(2 * (w + l)))


def decidable(counts):
    if len(counts) == 3:
        return all(counts)
    return sum(1 for x in counts if x) >= 2


def llr(elo0, elo1, counts):
    if not decidable(counts):
        return 0.0
    c = [x + 0.5 for x in counts]  # Jeffreys prior: half a sample in every category
    n = sum(c)
    k = len(c) - 1
    mean = sum(i / k * x for i, x in enumerate(c)) / n
    var = sum(x * (i / k - mean) ** 2 for i, x in enumerate(c)) / n
    s0, s1 = [1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1)]
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


print("trinomial: W D L -> score var low high elo pm los draw_ratio")
for w, d, l in [(120, 50, 80), (13543, 34333, 13624), (10, 0, 0), (0, 0, 10), (5, 20, 5),
                (1, 1, 0), (0, 7, 0), (3, 2, 1), (0, 0, 0), (1, 0, 0), (0, 1, 0), (2, 0, 0),
                (1, 0, 1)]:
    n = w + d + l
    print((w, d, l), interval([0, 0.5, 1], [l, d, w]), los(w, l) if w + l else 0.5, d / n if n else None)

print("pentanomial: counts -> score var low high elo pm")
for p in [[10789, 19328, 33806, 19402, 10543], [1187, 7410, 13475, 7378, 1164],
          [3, 10, 20, 12, 5], [0, 0, 0, 0, 4], [0, 1, 5, 3, 1], [0, 0, 0, 0, 0], [0, 0, 1, 0, 0],
          [0, 0, 10, 0, 0], [0, 0, 0, 1, 0], [0, 1, 10, 0, 0]]:
    print(p, interval([0, 0.25, 0.5, 0.75, 1], p))

print("llr")
for e0, e1, counts in [(-3, 1, [65804, 56553, 65388]), (-3, 1, [10789, 19328, 33806, 19402, 10543]),
                       (0.2, 0.9, [39, 2226, 31451, 2412, 40]), (0, 5, [20, 20, 60]),
                       (0, 10, [0, 0, 0, 0, 4]), (0, 10, [0, 3, 0]), (0, 50, [10, 15, 60, 10, 5]),
                       (0, 10, [0, 0, 2]), (0, 10, [0, 0, 10, 0, 0]), (0, 10, [0, 0, 1, 0, 0]),
                       (0, 10, [0, 1, 10, 0, 0]), (0, 10, [0, 0, 30, 0, 1]), (0, 10, [1, 3, 2]),
                       (0, 10, [0, 2, 7, 3, 0]), (0, 10, [0, 0, 1, 0, 30])]:
    print(e0, e1, counts, llr(e0, e1, counts))

print("erf/phi", [math.erf(x) for x in (0.1, 1.0, 2.0, 2.6, 4.0)], [math.erfc(x) for x in (3.0, 6.0)],
      [0.5 * math.erfc(-z / math.sqrt(2)) for z in (-8.0, -1.0, 0.0, 1.5)])
