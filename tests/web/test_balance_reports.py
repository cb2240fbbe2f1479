"""The balance reports: counted from the ladder's stored matches and from self-play, shown on the
game page as a chart."""
import pytest
from django.urls import reverse

from arena import balance as arena_balance
from stored_games import store_finished_games
from web.balance import services
from web.balance.models import BalanceReport
from web.matches.models import Match


@pytest.mark.django_db
def test_the_ladder_report_counts_each_finished_ladder_match_once_with_what_each_seat_started_with(house):
    played = store_finished_games(house, range(10, 22))
    store_finished_games(house, range(30, 33), kind=Match.Kind.TOURNAMENT)   # not the ladder's
    [row] = services.balance_refresh_ladder(game="katana")
    assert (row.players, row.source, row.games) == (3, "ladder", 12)
    expected = arena_balance.report(arena_balance.games.get("katana"), players=3, seconds=0.0, bots=["ladder"],
                                    tally=arena_balance.tally_finished("katana", 3, played))
    assert row.report["dimensions"] == expected["dimensions"]
    assert {r["label"] for r in row.report["dimensions"]["role"]} >= {"shogun", "ninja"}
    # refreshed again: the same row, not a second one
    services.balance_refresh_ladder(game="katana")
    assert BalanceReport.objects.filter(game="katana").count() == 1


@pytest.mark.django_db
def test_self_play_is_played_once_per_rules_version_and_table(monkeypatch):
    calls = []
    real = services.balance_self_play

    def counted(**kwargs):
        calls.append((kwargs["game"], kwargs["players"]))
        return real(**kwargs)

    monkeypatch.setattr(services, "balance_self_play", counted)
    monkeypatch.setattr(services.arena_games, "game_ids", lambda: ["risques"])
    (one,) = services.balance_self_play_missing(games=3, limit=1)   # a beat round plays one table
    assert (one.game, one.players) == ("risques", 2)
    first = [one] + services.balance_self_play_missing(games=3)
    engine = services.arena_games.get("risques")
    assert calls == [("risques", n) for n in range(engine.min_players, engine.max_players + 1)]
    assert all(row.games == 3 and row.report["bots"][0] == "heuristic" for row in first)
    assert services.balance_self_play_missing(games=3) == []          # nothing missing any more
    assert services.balance_self_play_missing(games=0) == []


@pytest.mark.django_db
def test_the_game_page_draws_each_seat_with_both_sources_and_says_how_many_games(client, house):
    store_finished_games(house, range(10, 22))
    services.balance_refresh_ladder(game="katana")
    services.balance_self_play(game="katana", players=3, games=6)
    page = client.get(reverse("game-detail", args=["katana"])).content.decode()
    section = page.split('<section id="balance">')[1].split("</section>")[0]
    assert "12 ladder matches" in section and "6 self-play games" in section
    assert section.count('class="bar bar-ladder"') == 3 and section.count('class="bar bar-self_play"') == 3
    ladder = BalanceReport.objects.get(game="katana", source="ladder").report
    seat_one = ladder["dimensions"]["seat"][0]
    assert (f"seat 1, ladder matches: {seat_one['win_rate'] * 100:.1f}% "
            f"(95% {seat_one['low'] * 100:.1f}%–{seat_one['high'] * 100:.1f}%, 12 games)") in section
    assert "Win rate by role" in section and "Win rate by character" in section


@pytest.mark.django_db
def test_a_game_without_reports_says_when_they_come(client):
    page = client.get(reverse("game-detail", args=["shogun"])).content.decode()
    assert "No balance report yet" in page and "every 30 minutes" in page


@pytest.mark.django_db
def test_the_chart_counts_the_ladder_matches_played_since_its_last_count(client, house):
    services.balance_self_play(game="katana", players=3, games=6)
    store_finished_games(house, range(10, 14))
    section = client.get(reverse("game-detail", args=["katana"])).content.decode().split(
        '<section id="balance">')[1].split("</section>")[0]
    assert "no ladder match yet" not in section
    assert "4 ladder matches played</span>, not counted yet: the ladder's matches are counted every 30 minutes" \
        in section
    services.balance_refresh_ladder(game="katana")
    store_finished_games(house, range(20, 23))
    section = client.get(reverse("game-detail", args=["katana"])).content.decode().split(
        '<section id="balance">')[1].split("</section>")[0]
    assert "4 ladder matches" in section and '<span class="balance-ladder-played">7</span> played by now' in section
