from django.contrib import admin

from web.tournaments import services
from web.tournaments.models import Tournament, TournamentParticipant, TournamentRound


class TournamentParticipantInline(admin.TabularInline):
    model = TournamentParticipant
    extra = 0
    fields = ("number", "bot", "bot_version")
    readonly_fields = fields
    can_delete = False


class TournamentRoundInline(admin.TabularInline):
    model = TournamentRound
    extra = 0
    fields = ("number", "status", "created_at", "finished_at")
    readonly_fields = fields
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "status", "official", "owner", "created_at", "finished_at")
    list_filter = ("game", "status", "format", "official")
    list_select_related = ("owner",)
    search_fields = ("name", "owner__username")
    # "official" changes through the action only: it also applies the finished matches to the ratings
    readonly_fields = ("official", "standings", "seed", "started_at", "finished_at")
    inlines = [TournamentParticipantInline, TournamentRoundInline]
    actions = ["make_official"]

    @admin.action(description="Make official (its matches feed the published ratings)")
    def make_official(self, request, queryset):
        applied = sum(services.tournament_make_official(tournament=t) for t in queryset.order_by("pk"))
        self.message_user(request, f"{queryset.count()} tournament(s) official; {applied} finished match(es) rated")


@admin.register(TournamentRound)
class TournamentRoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "created_at", "finished_at")
    list_filter = ("status",)
    list_select_related = ("tournament",)
    search_fields = ("tournament__name",)


@admin.register(TournamentParticipant)
class TournamentParticipantAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "bot", "bot_version")
    list_select_related = ("tournament", "bot", "bot_version__bot")
    search_fields = ("tournament__name", "bot__name")
