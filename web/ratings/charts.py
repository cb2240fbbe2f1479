"""A bot's rating history as an inline SVG line chart, laid out on the server (no chart library):
the rating after each entry, and the 95% interval as a band where a refit gave one."""
from dataclasses import dataclass

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str          # polyline points
    band: str          # polygon points of the interval band ("" without one)
    dots: list         # (x, y, title) of each entry
    whiskers: list     # (x, y of high, y of low) of each entry with an interval
    y_ticks: list      # (y, label)
    x_labels: list     # (x, label): first and last entry's games
    plot: tuple        # (left, top, right, bottom) of the plotting area


def _nice_step(span):
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 2000


def rating_chart(entries, *, width=WIDTH, height=HEIGHT):
    """The chart of ``entries`` (oldest first: objects with ``rating``, ``low``, ``high``, ``games``,
    ``kind``), or None when there is nothing to draw."""
    if not entries:
        return None
    values = [e.rating for e in entries]
    values += [e.low for e in entries if e.low is not None] + [e.high for e in entries if e.high is not None]
    low, high = min(values), max(values)
    if high - low < 10:
        middle = (high + low) / 2
        low, high = middle - 5, middle + 5
    step = _nice_step(high - low)
    low, high = step * (low // step), step * (-(-high // step))
    left, top, right, bottom = LEFT, TOP, width - RIGHT, height - BOTTOM
    count = len(entries)

    def x(index):
        return left + (right - left) * (index / (count - 1) if count > 1 else 0.5)

    def y(value):
        return bottom - (bottom - top) * (value - low) / (high - low)

    points = [(round(x(i), 1), round(y(e.rating), 1)) for i, e in enumerate(entries)]
    banded = [(i, e) for i, e in enumerate(entries) if e.low is not None and e.high is not None]
    band = ""
    if len(banded) > 1:
        upper = [f"{x(i):.1f},{y(e.high):.1f}" for i, e in banded]
        lower = [f"{x(i):.1f},{y(e.low):.1f}" for i, e in reversed(banded)]
        band = " ".join(upper + lower)
    whiskers = [(round(x(i), 1), round(y(e.high), 1), round(y(e.low), 1)) for i, e in banded]
    ticks, value = [], low
    while value <= high + 1e-9:
        ticks.append((round(y(value), 1), f"{value:g}"))
        value += step
    dots = [(px, py, f"{e.rating:.1f} after {e.games} game{'s' if e.games != 1 else ''} ({e.kind})")
            for (px, py), e in zip(points, entries)]
    x_labels = [(left, _games(entries[0].games))]
    if count > 1:
        x_labels.append((right, _games(entries[-1].games)))
    return Chart(width=width, height=height, line=" ".join(f"{px},{py}" for px, py in points), band=band,
                 dots=dots, whiskers=whiskers, y_ticks=ticks, x_labels=x_labels, plot=(left, top, right, bottom))


def _games(count):
    return f"{count} game{'s' if count != 1 else ''}"
