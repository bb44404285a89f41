"""The report's numbers as text: one rounding rule (`fixed`) and the forms built on it."""
from decimal import ROUND_HALF_UP, Decimal


def fixed(x, places=1, sign=False):
    """The one rounding rule for every number the report prints: the value's shortest decimal
    form (repr), rounded half away from zero to `places` decimals; `sign`: a + before positives."""
    d = x if isinstance(x, Decimal) else Decimal(repr(float(x)))
    return format(d.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP), "+f" if sign else "f")


def pct(x, places=1):
    """A fraction as a percentage (0.5175 -> 51.8%), by the same rule: scaled in decimal, so
    that 100 × 0.5175 is 51.75, not 51.749999."""
    return fixed(Decimal(repr(float(x))) * 100, places) + "%"


def pct_or_na(x, places=1):
    """`pct`, or "n/a" for no value (None)."""
    return "n/a" if x is None else pct(x, places)


def elo_or_na(e):
    """An Elo to one decimal with its sign, by the same rule, or "n/a" for no value (None)."""
    return "n/a" if e is None else fixed(e, 1, sign=True)


def percent(p, places=1):
    """A number already in per cent, by the same rule."""
    return fixed(p, places) + "%"


def small_pct(x):
    return pct(x) if x >= 0.0005 else "<0.1%"


def elo_text(e, pm):
    return f"{fixed(e, 1, True)} ± {fixed(pm)}"


def mnodes(x):
    return f"{fixed(x / 1e6)} M"
