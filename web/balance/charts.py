"""A game's win rate by seat as an inline SVG chart, laid out on the server (no chart library):
for each seat a bar per source (the site's ladder matches, self-play between the built-in
players) with its 95% interval as a whisker, and the fair rate as a line across."""
from dataclasses import dataclass

WIDTH, HEIGHT = 560, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 34
SOURCES = ("ladder", "self_play")
SOURCE_LABELS = {"ladder": "ladder matches", "self_play": "self-play"}


@dataclass(frozen=True)
class Bar:
    seat: str
    source: str
    x: float
    y: float
    width: float
    height: float
    whisker_x: float
    whisker_top: float
    whisker_bottom: float
    win_rate: float
    title: str


@dataclass(frozen=True)
class SeatChart:
    width: int
    height: int
    bars: list
    seat_labels: list    # (x, label)
    y_ticks: list        # (y, label)
    fair_y: float
    fair_label: str
    plot: tuple          # (left, top, right, bottom)


def _percent(value):
    return f"{value * 100:.1f}%"


def seat_chart(reports):
    """The chart of ``reports`` (``{source: arena.balance report}`` of one player count, a source
    absent when it has no report), or None when there is none."""
    present = [source for source in SOURCES if reports.get(source)]
    if not present:
        return None
    seats = [row["label"] for row in reports[present[0]]["dimensions"]["seat"]]
    highest = max(row["high"] for source in present for row in reports[source]["dimensions"]["seat"])
    top_value = min(1.0, max(0.1, (int(highest * 10) + 1) / 10))
    left, top, right, bottom = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM

    def y_of(value):
        return round(bottom - (bottom - top) * value / top_value, 1)

    slot = (right - left) / len(seats)
    bar_width = min(28.0, slot * 0.8 / len(SOURCES))
    bars = []
    for index, seat in enumerate(seats):
        centre = left + slot * (index + 0.5)
        for k, source in enumerate(SOURCES):
            if source not in present:
                continue
            row = next(r for r in reports[source]["dimensions"]["seat"] if r["label"] == seat)
            x = round(centre + (k - len(SOURCES) / 2) * bar_width, 1)
            y = y_of(row["win_rate"])
            bars.append(Bar(seat, source, x, y, round(bar_width - 2, 1), round(bottom - y, 1),
                            round(x + (bar_width - 2) / 2, 1), y_of(row["high"]), y_of(row["low"]),
                            row["win_rate"],
                            f"seat {seat}, {SOURCE_LABELS[source]}: {_percent(row['win_rate'])} "
                            f"(95% {_percent(row['low'])}–{_percent(row['high'])}, {row['seats']:,} games)"))
    step = 0.1 if top_value <= 0.5 else 0.2
    ticks, value = [], 0.0
    while value <= top_value + 1e-9:
        ticks.append((y_of(value), f"{round(value * 100):d}%"))
        value += step
    fair = reports[present[0]]["fair"]
    return SeatChart(WIDTH, HEIGHT, bars, [(round(left + slot * (i + 0.5), 1), seat) for i, seat in enumerate(seats)],
                     ticks, y_of(fair), f"fair {_percent(fair)}", (left, top, right, bottom))
