"""The tournaments API: create (rate-limited), list, status with progress, standings."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import IsAdminUser, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api.pagination import PageParams, page_params, paged, paged_serializer
from web.api.params import QueryParams, game_field, query_params
from web.api.throttles import TournamentThrottle
from web.bots import selectors as bot_selectors
from web.tournaments import selectors, services
from web.tournaments.models import Tournament

MAX_ENTRANTS = 64


class ParticipantOutput(serializers.Serializer):
    number = serializers.IntegerField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    version = serializers.IntegerField()


class TournamentProgressOutput(serializers.Serializer):
    round = serializers.IntegerField()
    rounds = serializers.IntegerField()
    matches = serializers.DictField(child=serializers.IntegerField())
    status = serializers.CharField()


class TournamentOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    format = serializers.CharField()
    status = serializers.CharField()
    owner = serializers.CharField(allow_null=True)
    players_per_match = serializers.IntegerField()
    games_per_pairing = serializers.IntegerField()
    rounds_planned = serializers.IntegerField()
    seed = serializers.IntegerField()
    official = serializers.BooleanField(help_text="made official by staff: only then do its matches move the published ratings")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class TournamentDetailOutput(TournamentOutput):
    participants = ParticipantOutput(many=True)
    progress = TournamentProgressOutput()


class StandingOutput(serializers.Serializer):
    position = serializers.IntegerField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    version = serializers.IntegerField()
    rating = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    points = serializers.FloatField()
    score = serializers.FloatField(allow_null=True)
    errors = serializers.IntegerField()


def tournament_data(t):
    return {"id": t.pk, "name": t.name, "game": t.game, "format": t.format, "status": t.status,
            "owner": t.owner.username if t.owner_id else None, "players_per_match": t.players_per_match,
            "games_per_pairing": t.games_per_pairing, "rounds_planned": t.rounds_planned, "seed": t.seed,
            "official": t.official, "created_at": t.created_at, "finished_at": t.finished_at}


def tournament_detail_data(t):
    data = tournament_data(t)
    data["participants"] = [{"number": p.number, "bot_id": p.bot_id, "bot": p.bot.name,
                             "version": p.bot_version.number}
                            for p in selectors.tournament_participants(tournament=t)]
    data["progress"] = selectors.tournament_progress(tournament=t)
    return data


def _tournament_or_404(tournament_id):
    try:
        return selectors.tournament_get(tournament_id=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound(f"no tournament {tournament_id}") from None


def _bots(ids):
    bots = bot_selectors.bot_list(include_deleted=True).filter(pk__in=ids)
    by_id = {bot.pk: bot for bot in bots}
    missing = [str(b) for b in ids if b not in by_id]
    if missing:
        raise ValidationError({"bots": [f"no bot {', '.join(missing)}"]})
    return [by_id[b] for b in ids]


class TournamentListApi(APIView):
    throttle_classes = [TournamentThrottle]

    class TournamentListFilter(QueryParams):
        game = game_field(required=False)
        status = serializers.ChoiceField(choices=Tournament.Status.values, required=False)

    class TournamentCreateInput(serializers.Serializer):
        name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
        game = game_field()
        format = serializers.ChoiceField(choices=Tournament.Format.values, default=Tournament.Format.TABLES)
        bots = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=2**62),
                                     min_length=1, max_length=MAX_ENTRANTS,
                                     help_text="the entrants' bot ids: at least two, or one for a story campaign")
        players_per_match = serializers.IntegerField(required=False, min_value=1, max_value=7)
        games_per_pairing = serializers.IntegerField(required=False, min_value=1, max_value=100, default=1)
        rounds = serializers.IntegerField(required=False, min_value=1, max_value=100)
        seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62 - 1)
        level = serializers.IntegerField(required=False, help_text="format story: the automaton level the campaign "
                                                                   "is played against (Shōgun no Katana: its ghost, 1-5)")
        attempts = serializers.IntegerField(required=False, help_text="format story: times a chapter may be played, "
                                                                      "retries after a defeat (1 to 3, default 1)")

    @extend_schema(parameters=[TournamentListFilter, PageParams],
                   responses=paged_serializer("PagedTournaments", TournamentOutput), operation_id="tournaments_list")
    def get(self, request):
        filters = query_params(self.TournamentListFilter, request)
        page, size, offset = page_params(request)
        rows = selectors.tournament_list(**filters).select_related("owner")
        return Response(paged(page=page, page_size=size, count=rows.count(),
                              results=[tournament_data(t) for t in rows[offset:offset + size]]))

    @extend_schema(request=TournamentCreateInput, responses={201: TournamentDetailOutput},
                   operation_id="tournaments_create")
    def post(self, request):
        """Creates a tournament between bots (their current versions) and queues its first round; format
        ``story`` (a game with a campaign): one bot plays the chapters in order against the automaton
        of ``level``, one match at a time (read it at ``tournaments/<id>/campaign/``)."""
        data = self.TournamentCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        tournament = services.tournament_create(
            name=d["name"], game=d["game"], bots=_bots(d["bots"]), format=d["format"],
            players_per_match=d.get("players_per_match"), games_per_pairing=d["games_per_pairing"],
            rounds=d.get("rounds"), seed=d.get("seed"), owner=request.user, level=d.get("level"),
            attempts=d.get("attempts"))
        TournamentThrottle.count(request, self)
        return Response(tournament_detail_data(tournament), status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    @extend_schema(responses=TournamentDetailOutput, operation_id="tournaments_detail")
    def get(self, request, tournament_id):
        return Response(tournament_detail_data(_tournament_or_404(tournament_id)))


class TournamentStandingsApi(APIView):
    @extend_schema(responses=StandingOutput(many=True), operation_id="tournaments_standings")
    def get(self, request, tournament_id):
        """The standings so far (final once the tournament is done)."""
        tournament = _tournament_or_404(tournament_id)
        return Response(selectors.tournament_standings(tournament=tournament))


class ConditionOutput(serializers.Serializer):
    key = serializers.CharField(help_text="the condition's id (not for people: show words)")
    text = serializers.CharField(required=False, help_text="the condition's whole sentence")
    met = serializers.BooleanField()
    words = serializers.CharField(help_text="the condition in a few words, e.g. 'no sword left in your forge'")


class AttemptOutput(serializers.Serializer):
    key = serializers.CharField(help_text="the match's key in the campaign, e.g. ch3/a2")
    match_id = serializers.IntegerField(allow_null=True, help_text="its match (replay at /matches/<id>/)")
    status = serializers.CharField(allow_null=True)
    seed = serializers.IntegerField()
    won = serializers.BooleanField(help_text="every condition met and the automaton beaten")
    beat_ghost = serializers.BooleanField()
    conditions = ConditionOutput(many=True)
    score = serializers.FloatField(allow_null=True)
    ghost_score = serializers.FloatField(allow_null=True)
    error = serializers.BooleanField(help_text="the match ended in error: a defeat")
    verdict = serializers.CharField(help_text="its end in words, each condition marked met (✓) or not (✗), e.g. "
                                              "'Chapter 1, The Origin: lost — no sword left in your forge ✓, "
                                              "more points than the ghost (40 to 52) ✗'")


class PlayingOutput(serializers.Serializer):
    key = serializers.CharField()
    match_id = serializers.IntegerField()
    status = serializers.CharField()


class ChapterOutput(serializers.Serializer):
    number = serializers.IntegerField()
    title = serializers.CharField(help_text="the title as printed (French)")
    title_words = serializers.CharField(help_text="the title in English")
    difficulty = serializers.ChoiceField(choices=["easy", "intermediate", "difficult"])
    won = serializers.BooleanField()
    finished = serializers.BooleanField(help_text="won, or lost as many times as the attempts allow")
    gained = serializers.IntegerField(help_text="story points of the victory: the difficulty's plus the ghost's bonus")
    penalty = serializers.IntegerField(help_text="story points lost by its defeats: 1, then 2 more each")
    points = serializers.IntegerField()
    verdict = serializers.CharField(allow_null=True, help_text="once it is over, how it ended in words: its last "
                                                               "attempt's verdict")
    attempts = AttemptOutput(many=True)
    playing = PlayingOutput(allow_null=True, help_text="its attempt queued or being played")


class TitleOutput(serializers.Serializer):
    name = serializers.CharField()
    kanji = serializers.CharField()
    meaning = serializers.CharField(help_text="as printed (French)")
    meaning_words = serializers.CharField(help_text="in English")
    low = serializers.IntegerField(allow_null=True)
    high = serializers.IntegerField(allow_null=True)


class CampaignOutput(serializers.Serializer):
    level = serializers.IntegerField(help_text="the automaton level every chapter is played against")
    attempts = serializers.IntegerField(help_text="times a chapter may be played")
    chapters = ChapterOutput(many=True)
    total = serializers.IntegerField(help_text="story points so far (final once the campaign is over)")
    title = TitleOutput(help_text="the title the total stands for")
    finished = serializers.BooleanField()
    next = serializers.CharField(allow_null=True, help_text="the key of the match to play next")
    maximum = serializers.IntegerField(help_text="the most story points against this level")
    games = serializers.IntegerField(help_text="matches finished")
    beat_ghost_words = serializers.CharField(help_text="the condition every chapter adds, in words: more points "
                                                       "than the ghost")
    cancelled = serializers.BooleanField()


class TournamentCampaignApi(APIView):
    @extend_schema(responses=CampaignOutput, operation_id="tournaments_campaign")
    def get(self, request, tournament_id):
        """A story campaign chapter by chapter: attempts, scores, conditions met, points, the running
        total and its title.  404 for a tournament of another format."""
        tournament = _tournament_or_404(tournament_id)
        if tournament.format != Tournament.Format.STORY:
            raise NotFound(f"tournament {tournament_id} is a {tournament.format} tournament, not a story campaign")
        return Response(selectors.story_summary(tournament=tournament))


class TournamentOfficialApi(APIView):
    """Staff only: makes a tournament official, so that its matches feed the published ratings."""
    permission_classes = [IsAdminUser]

    class OfficialOutput(serializers.Serializer):
        id = serializers.IntegerField()
        official = serializers.BooleanField()
        matches_rated = serializers.IntegerField(help_text="finished matches applied to the ratings now")

    @extend_schema(request=None, responses=OfficialOutput, operation_id="tournaments_make_official")
    def post(self, request, tournament_id):
        tournament = _tournament_or_404(tournament_id)
        applied = services.tournament_make_official(tournament=tournament)
        return Response({"id": tournament.pk, "official": tournament.official, "matches_rated": applied})


class TournamentPreviewApi(APIView):
    """What creating the tournament would do, without creating it: the most matches it can make."""
    permission_classes = [IsAuthenticated]

    class PreviewOutput(serializers.Serializer):
        matches = serializers.IntegerField(help_text="the most matches the tournament can create")
        seats = serializers.IntegerField()
        left_today = serializers.IntegerField(allow_null=True, help_text="tournament matches you may still queue "
                                                                         "today after it; null: no limit")

    @extend_schema(request=TournamentListApi.TournamentCreateInput, responses=PreviewOutput,
                   operation_id="tournaments_preview")
    def post(self, request):
        data = TournamentListApi.TournamentCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        return Response(services.tournament_preview(
            name=d["name"], game=d["game"], bots=_bots(d["bots"]), format=d["format"],
            players_per_match=d.get("players_per_match"), games_per_pairing=d["games_per_pairing"],
            rounds=d.get("rounds"), seed=d.get("seed"), owner=request.user, level=d.get("level"),
            attempts=d.get("attempts")))


class TournamentCancelApi(APIView):
    """Its creator or staff: cancels a tournament; its queued matches are dropped, its standings kept."""
    permission_classes = [IsAuthenticated]

    class CancelOutput(serializers.Serializer):
        id = serializers.IntegerField()
        status = serializers.CharField()
        dropped = serializers.IntegerField(help_text="queued matches dropped")

    @extend_schema(request=None, responses=CancelOutput, operation_id="tournaments_cancel")
    def post(self, request, tournament_id):
        tournament = _tournament_or_404(tournament_id)
        if not (request.user.is_staff or tournament.owner_id == request.user.pk):
            raise PermissionDenied("only the tournament's creator or staff can cancel it")
        dropped = services.tournament_cancel(tournament=tournament, user=request.user)
        return Response({"id": tournament.pk, "status": tournament.status, "dropped": dropped})
