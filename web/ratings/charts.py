"""A bot's rating history as an inline SVG chart, laid out on the server (no chart library).

The x axis is time (UTC), with dated ticks; the y axis is the rating.  Each point is a refit or
the last live value of a day (``web.ratings.selectors.rating_chart_points``), and the 95%
interval is drawn as a band through the points' intervals (every entry has one: the live
posterior's from the first game, the refit's after)."""
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

WIDTH, HEIGHT = 640, 230
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 12, 38

# Steps of the time axis, shortest first, and how a tick of each is labelled.
TIME_STEPS = [(timedelta(minutes=m), "%H:%M") for m in (5, 10, 15, 30)] + \
             [(timedelta(hours=h), "%H:%M") for h in (1, 2, 3, 6, 12)] + \
             [(timedelta(days=d), "%d %b") for d in (1, 2, 7, 14, 30, 91, 182, 365)]
MAX_TIME_TICKS = 6


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str          # polyline points
    band: str          # polygon points of the interval band ("" with fewer than two intervals)
    dots: list         # (x, y, title) of each point
    whiskers: list     # (x, y of high, y of low) of each point with an interval
    y_ticks: list      # (y, label)
    x_ticks: list      # (x, label, date label or ""): dated ticks of the time axis
    x_title: str       # what the x axis measures, with the day when every tick is in one
    plot: tuple        # (left, top, right, bottom) of the plotting area


def _nice_step(span):
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 2000


def _utc(moment):
    return moment.astimezone(timezone.utc) if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _time_ticks(start, end):
    """Ticks at round multiples of the first step that gives at most ``MAX_TIME_TICKS``."""
    span = max(end - start, timedelta(minutes=1))
    step, fmt = next(((s, f) for s, f in TIME_STEPS if span / s <= MAX_TIME_TICKS), TIME_STEPS[-1])
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    first = epoch + step * -(-(start - epoch) // step)
    ticks, moment = [], first
    while moment <= end:
        ticks.append(moment)
        moment += step
    return ticks, fmt


def rating_chart(entries, *, width=WIDTH, height=HEIGHT):
    """The chart of ``entries`` (oldest first: objects with ``rating``, ``low``, ``high``, ``games``,
    ``kind`` and ``created_at``), or None when there is nothing to draw."""
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
    times = [_utc(e.created_at) for e in entries]
    start, end = times[0], times[-1]
    if end - start < timedelta(minutes=10):     # one point, or a few minutes: a ten-minute axis around them
        middle = start + (end - start) / 2
        start, end = middle - timedelta(minutes=5), middle + timedelta(minutes=5)
    span = (end - start).total_seconds()

    def x(moment):
        return left + (right - left) * (moment - start).total_seconds() / span

    def y(value):
        return bottom - (bottom - top) * (value - low) / (high - low)

    points = [(round(x(t), 1), round(y(e.rating), 1)) for t, e in zip(times, entries)]
    banded = [(t, e) for t, e in zip(times, entries) if e.low is not None and e.high is not None]
    band = ""
    if len(banded) > 1:
        upper = [f"{x(t):.1f},{y(e.high):.1f}" for t, e in banded]
        lower = [f"{x(t):.1f},{y(e.low):.1f}" for t, e in reversed(banded)]
        band = " ".join(upper + lower)
    whiskers = [(round(x(t), 1), round(y(e.high), 1), round(y(e.low), 1)) for t, e in banded]
    ticks, value = [], low
    while value <= high + 1e-9:
        ticks.append((round(y(value), 1), f"{value:g}"))
        value += step
    dots = [(px, py, _describe(e, t)) for (px, py), t, e in zip(points, times, entries)]
    moments, fmt = _time_ticks(start, end)
    one_day = start.date() == end.date()
    x_ticks = []
    for index, moment in enumerate(moments):
        # a time-of-day tick carries its date on the first tick and wherever the day changes
        new_day = fmt == "%H:%M" and not one_day and (index == 0 or moment.date() != moments[index - 1].date())
        x_ticks.append((round(x(moment), 1), moment.strftime(fmt), moment.strftime("%d %b") if new_day else ""))
    x_title = "time (UTC)" + (f", {start.strftime('%d %b %Y')}" if one_day else "")
    return Chart(width=width, height=height, line=" ".join(f"{px},{py}" for px, py in points), band=band,
                 dots=dots, whiskers=whiskers, y_ticks=ticks, x_ticks=x_ticks, x_title=x_title,
                 plot=(left, top, right, bottom))


def _describe(entry, moment):
    what = "refit" if entry.kind == "fit" else "end of day"
    interval = "" if entry.low is None or entry.high is None else f" ({entry.low:.1f} – {entry.high:.1f})"
    return (f"{entry.rating:.1f}{interval} after {entry.games} game{'s' if entry.games != 1 else ''}, "
            f"{what}, {moment.strftime('%d %b %Y %H:%M')} UTC")
