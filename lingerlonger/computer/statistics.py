"""Statistics every chance the package shows needs: an interval, never a bare rate."""

from __future__ import annotations

import math

__all__ = ["Z_95", "wilson_interval"]

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson_interval(wins: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (sound near 0% and 100%, unlike ±2σ).

    >>> low, high = wilson_interval(25, 100)
    >>> round(low, 3), round(high, 3)
    (0.175, 0.343)
    """
    if trials <= 0:
        return 0.0, 1.0
    rate = wins / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    # The interval always holds the observed rate; clamping to it keeps rounding (e.g. 0 wins
    # in 7) from putting a bound a hair on the wrong side, which error bars refuse.
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))
