#!/usr/bin/env python3
"""Independent reference values for tests/stats_table.rs.

Plain Python 3 (math module only): the cutechess-cli formulas for score, interval, Elo and LOS,
and the GSPRT normal approximation (fishtest LLRcalc.LLR_alt2 on results_to_pdf, zero counts
regularized to 1e-3) for the LLR. Run: python3 tests/data/stats_expected.py
"""
import math

Z = 1.959963984540054  # Phi^-1(0.975)


def elo(s):
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1)


def interval(values, counts):
    n = sum(counts)
    mean = sum(v * c for v, c in zip(values, counts)) / n
    var = sum(c * (v - mean) ** 2 for v, c in zip(values, counts)) / n
    half = Z * math.sqrt(var / n)
    lo, hi = max(0.0, mean - half), min(1.0, mean + half)
    el, eh = elo(lo), elo(hi)
    pm = (eh - el) / 2 if math.isfinite(el) and math.isfinite(eh) else math.inf
    return mean, var, lo, hi, elo(mean), pm


def los(w, l):
    return 0.5 + 0.5 * math.erf((w - l) / math.sqrt(2 * (w + l)))


def llr(elo0, elo1, counts):
    c = [x if x else 1e-3 for x in counts]
    n = sum(c)
    k = len(c) - 1
    mean = sum(i / k * x for i, x in enumerate(c)) / n
    var = sum(x * (i / k - mean) ** 2 for i, x in enumerate(c)) / n
    s0, s1 = [1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1)]
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


print("trinomial: W D L -> score var low high elo pm los draw_ratio")
for w, d, l in [(120, 50, 80), (13543, 34333, 13624), (10, 0, 0), (0, 0, 10), (5, 20, 5),
                (1, 1, 0), (0, 7, 0), (3, 2, 1)]:
    print((w, d, l), interval([0, 0.5, 1], [l, d, w]), los(w, l) if w + l else 0.5, d / (w + d + l))

print("pentanomial: counts -> score var low high elo pm")
for p in [[10789, 19328, 33806, 19402, 10543], [1187, 7410, 13475, 7378, 1164],
          [3, 10, 20, 12, 5], [0, 0, 0, 0, 4], [0, 1, 5, 3, 1]]:
    print(p, interval([0, 0.25, 0.5, 0.75, 1], p))

print("llr")
for e0, e1, counts in [(-3, 1, [65804, 56553, 65388]), (-3, 1, [10789, 19328, 33806, 19402, 10543]),
                       (0.2, 0.9, [39, 2226, 31451, 2412, 40]), (0, 5, [20, 20, 60]),
                       (0, 10, [0, 0, 0, 0, 4]), (0, 10, [0, 3, 0]), (0, 50, [10, 15, 60, 10, 5])]:
    print(e0, e1, counts, llr(e0, e1, counts))

print("erf/phi", [math.erf(x) for x in (0.1, 1.0, 2.0, 2.6, 4.0)], [math.erfc(x) for x in (3.0, 6.0)],
      [0.5 * math.erfc(-z / math.sqrt(2)) for z in (-8.0, -1.0, 0.0, 1.5)])
