"""The API's routes, under ``/api/``: schema at ``/api/schema/``, docs at ``/api/docs/``."""
from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from web.api import auth, limits, views
from web.bots import apis as bots
from web.challenges import apis as challenges
from web.matches import apis as matches
from web.tables import apis as tables
from web.tournaments import apis as tournaments
from web.version_tests import apis as version_tests

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file of its own, so the page runs no
    # inline script; its template keeps one inline <style>, allowed on this page alone.
    path("docs/", csp_update({"style-src": ["'unsafe-inline'"]})(
        SpectacularSwaggerSplitView.as_view(url_name="api-schema")), name="api-docs"),
    path("auth/token/", auth.TokenApi.as_view(), name="api-token"),
    path("auth/me/", auth.MeApi.as_view(), name="api-me"),
    path("limits/", limits.LimitsApi.as_view(), name="api-limits"),
    path("games/", views.GameListApi.as_view(), name="api-games"),
    path("games/<str:game>/", views.GameDetailApi.as_view(), name="api-game"),
    path("games/<str:game>/pools/", views.PoolsApi.as_view(), name="api-game-pools"),
    path("games/<str:game>/leaderboard/", views.LeaderboardApi.as_view(), name="api-leaderboard"),
    path("games/<str:game>/export/", matches.MatchExportApi.as_view(), name="api-game-export"),
    path("bots/", bots.BotListApi.as_view(), name="api-bots"),
    path("bots/<int:bot_id>/", bots.BotDetailApi.as_view(), name="api-bot"),
    path("bots/<int:bot_id>/versions/", bots.BotVersionsApi.as_view(), name="api-bot-versions"),
    path("bots/<int:bot_id>/versions/<int:number>/", bots.BotVersionDetailApi.as_view(), name="api-bot-version"),
    path("bots/<int:bot_id>/versions/<int:number>/source/", bots.BotVersionSourceApi.as_view(),
         name="api-bot-version-source"),
    path("bots/<int:bot_id>/ratings/", bots.BotRatingsApi.as_view(), name="api-bot-ratings"),
    path("matches/", matches.MatchListApi.as_view(), name="api-matches"),
    path("matches/<int:match_id>/", matches.MatchDetailApi.as_view(), name="api-match"),
    path("matches/<int:match_id>/replay/", matches.MatchReplayApi.as_view(), name="api-match-replay"),
    path("tables/", tables.TableListApi.as_view(), name="api-tables"),
    path("tables/<int:table_id>/", tables.TableDetailApi.as_view(), name="api-table"),
    path("tables/<int:table_id>/join/", tables.TableJoinApi.as_view(), name="api-table-join"),
    path("tables/<int:table_id>/cancel/", tables.TableCancelApi.as_view(), name="api-table-cancel"),
    path("tables/<int:table_id>/state/", tables.TableStateApi.as_view(), name="api-table-state"),
    path("tables/<int:table_id>/move/", tables.TableMoveApi.as_view(), name="api-table-move"),
    path("tables/<int:table_id>/leave/", tables.TableLeaveApi.as_view(), name="api-table-leave"),
    path("tournaments/", tournaments.TournamentListApi.as_view(), name="api-tournaments"),
    path("tournaments/preview/", tournaments.TournamentPreviewApi.as_view(), name="api-tournament-preview"),
    path("tournaments/<int:tournament_id>/", tournaments.TournamentDetailApi.as_view(), name="api-tournament"),
    path("tournaments/<int:tournament_id>/cancel/", tournaments.TournamentCancelApi.as_view(),
         name="api-tournament-cancel"),
    path("tournaments/<int:tournament_id>/official/", tournaments.TournamentOfficialApi.as_view(),
         name="api-tournament-official"),
    path("tournaments/<int:tournament_id>/standings/", tournaments.TournamentStandingsApi.as_view(),
         name="api-tournament-standings"),
    path("tournaments/<int:tournament_id>/campaign/", tournaments.TournamentCampaignApi.as_view(),
         name="api-tournament-campaign"),
    path("challenges/", challenges.ChallengeListApi.as_view(), name="api-challenges"),
    path("challenges/<int:challenge_id>/", challenges.ChallengeDetailApi.as_view(), name="api-challenge"),
    path("bots/<int:bot_id>/version-tests/", version_tests.BotVersionTestsApi.as_view(), name="api-bot-version-tests"),
    path("version-tests/<int:test_id>/", version_tests.VersionTestDetailApi.as_view(), name="api-version-test"),
    path("version-tests/<int:test_id>/cancel/", version_tests.VersionTestCancelApi.as_view(),
         name="api-version-test-cancel"),
    path("version-tests/<int:test_id>/make-winner-play/", version_tests.VersionTestMakeWinnerPlayApi.as_view(),
         name="api-version-test-make-winner-play"),
]
