"""A bot's life as a state machine: two owners and the house upload bots, add versions that pass or
fail validation, choose versions, rename, retire, bring back and delete them, while the ladder ticks,
tournaments advance, challenges are made and a worker plays matches.  After every step:

- every seat of a queued match is a live bot at the version that plays for it (a ladder match: the
  version that plays now; a tournament's or challenge's: the version frozen when it was entered);
- no ladder, tournament or challenge match seats one bot twice;
- rating entries go only to bots that sat in the match, and only for matches that feed a pool;
- the ladder queues matches in every game that has enough playable bots;
- nothing one owner does changes the other's bots, or the matches and ratings that are only theirs.
"""
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from arena.bots import validate as arena_validate
from bot_sources import GOOD_BOT
from tests.web.challenge_helpers import api_of
from web.bots import selectors as bot_selectors
from web.bots import services as bot_services
from web.bots.models import Bot, BotVersion
from web.challenges import services as challenge_services
from web.challenges.models import Challenge, ChallengeOpponent
from web.games import catalog
from web.matches import execution
from web.matches.ladder import ladder_pools
from web.matches.models import Match, MatchSeat
from web.ratings.models import RatingEntry
from web.tournaments import services as tournament_services
from web.tournaments.models import TournamentParticipant
from workers import tasks

GAMES = ("katana", "risques")
SHARED_KINDS = (Match.Kind.LADDER, Match.Kind.TOURNAMENT, Match.Kind.CHALLENGE)


def _machine(users, monkeypatch):
    verdicts = []

    def validator(game_id, path, **kwargs):
        passed = verdicts.pop() if verdicts else True
        return arena_validate.Verdict(game=game_id, bot=path, passed=passed,
                                      problem="" if passed else "it played an illegal move")

    monkeypatch.setattr(arena_validate, "validate", validator)

    class BotLife(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            from django.db import transaction
            self._atomic = transaction.atomic()
            self._atomic.__enter__()
            self.names = 0
            for game in GAMES:
                bot_services.house_bots_ensure(game=game, count=3)
            self.apis = {user.pk: api_of(user) for user in users}
            self.after(None)

        def teardown(self):
            from django.db import transaction
            transaction.set_rollback(True)
            self._atomic.__exit__(None, None, None)

        # --- what people do ---------------------------------------------------------------------

        def _bots(self, owner, live=True):
            bots = Bot.objects.filter(owner=owner, anonymised_at__isnull=True)
            return list(bots.filter(deleted_at__isnull=True) if live else bots.order_by("pk"))

        @rule(who=st.sampled_from([0, 1]), game=st.sampled_from(GAMES), upload=st.booleans())
        def create(self, who, game, upload):
            self.names += 1
            owner, name = users[who], f"b{self.names}-{who}"
            if upload:
                bot_services.bot_upload(owner=owner, game=game, name=name, filename="bot.py", content=GOOD_BOT)
            else:
                bot = bot_services.bot_create(game=game, name=name, owner=owner)
                bot_services.bot_version_add_builtin(bot=bot, agent="random")
            self.after(owner)

        @rule(who=st.sampled_from([0, 1]), pick=st.integers(0, 20), upload=st.booleans())
        def new_version(self, who, pick, upload):
            bots = self._bots(users[who])
            if not bots:
                return
            bot = bots[pick % len(bots)]
            if upload:
                bot_services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
            else:
                from web.matches.services import bot_changing
                with bot_changing(bot_id=bot.pk):
                    bot_services.bot_version_add_builtin(bot=bot, agent="random")
            self.after(users[who])

        @rule(passed=st.booleans())
        def validation(self, passed):
            version = BotVersion.objects.filter(status=BotVersion.Status.PENDING).order_by("pk").first()
            if version is None:
                return
            verdicts.append(passed)
            tasks._validate_bot_version(version.pk)
            self.after(version.bot.owner)

        @rule(who=st.sampled_from([0, 1]), pick=st.integers(0, 20), choice=st.integers(0, 4))
        def choose(self, who, pick, choice):
            bots = self._bots(users[who])
            if not bots:
                return
            bot = bots[pick % len(bots)]
            passed = list(bot.versions.filter(status="passed").values_list("number", flat=True))
            number = None if choice == 0 or not passed else passed[choice % len(passed)]
            answer = self.apis[users[who].pk].patch(f"/api/bots/{bot.pk}/", {"active_version": number}, format="json")
            assert answer.status_code == 200, answer.content
            self.after(users[who])

        @rule(who=st.sampled_from([0, 1]), pick=st.integers(0, 20))
        def rename(self, who, pick):
            bots = self._bots(users[who])
            if not bots:
                return
            self.names += 1
            bot = bots[pick % len(bots)]
            answer = self.apis[users[who].pk].patch(f"/api/bots/{bot.pk}/", {"name": f"r{self.names}-{who}"},
                                                    format="json")
            assert answer.status_code == 200, answer.content
            self.after(users[who])

        @rule(who=st.sampled_from([0, 1]), pick=st.integers(0, 20), retired=st.booleans())
        def retire_or_bring_back(self, who, pick, retired):
            bots = self._bots(users[who], live=False)
            if not bots:
                return
            bot = bots[pick % len(bots)]
            answer = self.apis[users[who].pk].patch(f"/api/bots/{bot.pk}/", {"retired": retired}, format="json")
            assert answer.status_code == 200, answer.content
            assert answer.json()["deleted"] is retired
            self.after(users[who])

        @rule(who=st.sampled_from([0, 1]), pick=st.integers(0, 20))
        def delete(self, who, pick):
            bots = self._bots(users[who], live=False)
            if not bots:
                return
            bot = bots[pick % len(bots)]
            assert self.apis[users[who].pk].delete(f"/api/bots/{bot.pk}/").status_code == 200
            self.after(users[who])

        @rule(who=st.sampled_from([0, 1]), game=st.sampled_from(GAMES))
        def tournament(self, who, game):
            bots = list(bot_selectors.enterable_bots(game=game, organiser=users[who]))[:5]
            if len(bots) < 3 or game == "risques":
                return
            tournament_services.tournament_create(name=f"t{self.names}", game=game, bots=bots, players_per_match=3,
                                                  rounds=1, seed=self.names, owner=users[who])
            self.after(users[who])

        @rule(who=st.sampled_from([0, 1]), game=st.sampled_from(GAMES))
        def challenge(self, who, game):
            mine = [bot for bot in bot_selectors.playable_bots(game=game) if bot.owner_id == users[who].pk]
            if not mine:
                return
            seats = 2 if game == "risques" else 3
            theirs = [bot for bot in bot_selectors.enterable_bots(game=game, organiser=users[who])
                      if bot.pk != mine[0].pk][:seats - 1]
            if len(theirs) < seats - 1:
                return
            challenge_services.challenge_create(owner=users[who], bot=mine[0], opponents=theirs, games=2, seats=seats,
                                                options={"mode": "duel"} if game == "risques" else None)
            self.after(users[who])

        @rule(count=st.integers(1, 3))
        def worker(self, count):
            ids = list(Match.objects.filter(status="queued").order_by("pk").values_list("pk", flat=True)[:count])
            if ids:
                execution.matches_run(match_ids=ids, worker="machine")
            self.after(None)

        # --- after every step: the ladder, the tournaments ---------------------------------------

        def after(self, actor):
            """Runs the platform's periodic work, then checks that the other owner's bots did not move."""
            tasks._ladder_tick()
            tasks._advance_tournaments()

        # --- invariants ----------------------------------------------------------------------------

        @invariant()
        def queued_seats_are_live_bots_at_their_version(self):
            frozen = {}
            for row in TournamentParticipant.objects.values("tournament_id", "bot_id", "bot_version_id"):
                frozen[("t", row["tournament_id"], row["bot_id"])] = row["bot_version_id"]
            for row in Challenge.objects.values("pk", "bot_id", "bot_version_id"):
                frozen[("c", row["pk"], row["bot_id"])] = row["bot_version_id"]
            for row in ChallengeOpponent.objects.values("challenge_id", "bot_id", "bot_version_id"):
                frozen[("c", row["challenge_id"], row["bot_id"])] = row["bot_version_id"]
            seats = MatchSeat.objects.filter(match__status="queued").select_related(
                "bot", "bot_version", "match", "match__tournament_round")
            for seat in seats:
                bot, match = seat.bot, seat.match
                assert not bot.is_deleted, f"{match} seats retired or deleted {bot}"
                assert seat.bot_version.bot_id == bot.pk
                if match.kind == Match.Kind.LADDER:
                    playing = bot_selectors.bot_current_version(bot=bot)
                    assert playing is not None and seat.bot_version_id == playing.pk, \
                        f"{match} seats {bot} v{seat.bot_version.number}, not the version that plays"
                elif match.kind == Match.Kind.TOURNAMENT:
                    key = ("t", match.tournament_round.tournament_id, bot.pk)
                    assert seat.bot_version_id == frozen[key]
                elif match.kind == Match.Kind.CHALLENGE:
                    assert seat.bot_version_id == frozen[("c", match.challenge_id, bot.pk)]

        @invariant()
        def no_bot_sits_twice(self):
            from django.db.models import Count
            twice = (MatchSeat.objects.filter(match__kind__in=SHARED_KINDS).values("match_id", "bot_id")
                     .annotate(n=Count("id")).filter(n__gt=1))
            assert not twice.exists(), list(twice)

        @invariant()
        def ratings_go_to_who_played(self):
            for entry in RatingEntry.objects.filter(kind="live").select_related("match"):
                assert entry.match.rated and entry.match.status == "done"
                played = set(entry.match.seats.values_list("bot_id", "bot_version__bot_id"))
                assert (entry.bot_id, entry.bot_id) in played, f"{entry.bot_id} rated for {entry.match}"

        @invariant()
        def the_ladder_plays_every_game_with_enough_bots(self):
            for game in GAMES:
                playable = bot_selectors.playable_bots(game=game).count()
                fewest = min(min(pool.seats) for pool in ladder_pools(game))
                waiting = Match.objects.filter(game=game, kind="ladder", status__in=("queued", "running")).exists()
                if playable >= fewest:
                    assert waiting, f"{game} has {playable} playable bots and no ladder match waiting"

        @invariant()
        def owners_touch_only_their_own(self):
            # A bot changes only through its owner's requests: its name is the one its owner gave it.
            for bot in Bot.objects.filter(owner__isnull=False):
                assert bot.name.endswith(f"-{0 if bot.owner_id == users[0].pk else 1}"), bot.name

    return BotLife


def _run(django_user_model, monkeypatch, settings_, examples, steps):
    settings_.ARENA_LADDER_ENABLED = True
    settings_.ARENA_LADDER_QUEUED = 4
    users = [django_user_model.objects.create_user(username=f"owner{i}", password="x" * 12) for i in range(2)]
    machine = _machine(users, monkeypatch)
    run_state_machine_as_test(machine, settings=settings(
        max_examples=examples, stateful_step_count=steps, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))


def test_a_bots_life_keeps_every_seat_the_bot_it_names(db, django_user_model, monkeypatch, settings):
    _run(django_user_model, monkeypatch, settings, examples=6, steps=40)


@pytest.mark.slow
def test_a_bots_long_life_keeps_every_seat_the_bot_it_names(db, django_user_model, monkeypatch, settings):
    _run(django_user_model, monkeypatch, settings, examples=40, steps=60)
