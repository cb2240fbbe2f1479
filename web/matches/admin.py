from django.contrib import admin

from web.matches.models import Match, MatchSeat


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    fields = ("seat", "bot", "bot_version", "person", "status", "rank", "score", "team")
    readonly_fields = fields
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "kind", "status", "attempts", "steps", "finished_at")
    list_filter = ("game", "status", "kind")
    search_fields = ("=id", "seats__bot__name", "worker")
    exclude = ("replay",)
    readonly_fields = [f.name for f in Match._meta.fields if f.name != "replay"]
    inlines = [MatchSeatInline]


@admin.register(MatchSeat)
class MatchSeatAdmin(admin.ModelAdmin):
    """Seats, to find a bot's forfeits (status, reason) across matches."""
    list_display = ("match", "seat", "bot", "bot_version", "person", "status", "rank", "score", "team")
    list_filter = ("status", "match__game")
    list_select_related = ("match", "bot", "bot_version__bot")
    search_fields = ("bot__name", "=match__id", "reason")
    readonly_fields = [f.name for f in MatchSeat._meta.fields]
