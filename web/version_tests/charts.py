"""A version test's LLR after each pair as an inline SVG chart, laid out on the server (no chart
library, no script): the x axis counts games, the y axis is the log-likelihood ratio, and the two
bounds of the SPRT are lines across it (above the upper one H1 is accepted, below the lower one H0)."""
from dataclasses import dataclass

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 92, 12, 34
MAX_X_TICKS = 6


@dataclass(frozen=True)
class LlrChart:
    width: int
    height: int
    plot: tuple        # (left, top, right, bottom) of the plotting area
    line: str          # polyline points: the LLR from 0 games, after each pair
    last: tuple        # (x, y, title) of the latest point
    bounds: list       # (y, label, css class) of each bound
    zero: float        # y of LLR 0
    y_ticks: list      # (y, label)
    x_ticks: list      # (x, label)


def _step(span, steps=(1, 2, 5)):
    scale = 1
    while True:
        for step in steps:
            if span / (step * scale) <= MAX_X_TICKS:
                return step * scale
        scale *= 10


def llr_chart(*, llr_history, lower, upper, max_games, width=WIDTH, height=HEIGHT):
    """The chart of ``llr_history`` (the LLR after each pair) between the bounds ``lower`` and
    ``upper``; the x axis runs to the games played, at least 20, and never past ``max_games``."""
    values = [0.0] + [float(v) for v in llr_history]
    y_low, y_high = min(min(values), lower) - 0.5, max(max(values), upper) + 0.5
    games = 2 * len(llr_history)
    x_end = max(min(max(games, 20), max_games), games, 2)
    left, top, right, bottom = LEFT, TOP, width - RIGHT, height - BOTTOM

    def x(game):
        return round(left + (right - left) * game / x_end, 1)

    def y(value):
        return round(bottom - (bottom - top) * (value - y_low) / (y_high - y_low), 1)

    points = [(x(2 * index), y(value)) for index, value in enumerate(values)]
    y_step = _step(y_high - y_low)
    first = int(-(-y_low // y_step)) * y_step
    y_ticks = [(y(v), f"{v:g}") for v in range(int(first), int(y_high) + 1, int(y_step)) if y_low <= v <= y_high]
    x_step = _step(x_end)
    x_ticks = [(x(g), f"{g:,}") for g in range(0, x_end + 1, x_step)]
    last_games = 2 * (len(values) - 1)
    return LlrChart(
        width=width, height=height, plot=(left, top, right, bottom),
        line=" ".join(f"{px},{py}" for px, py in points),
        last=(*points[-1], f"LLR {values[-1]:.2f} after {last_games:,} games"),
        bounds=[(y(upper), f"H1 at {upper:.2f}", "bound-h1"), (y(lower), f"H0 at {lower:.2f}", "bound-h0")],
        zero=y(0.0), y_ticks=y_ticks, x_ticks=x_ticks)
