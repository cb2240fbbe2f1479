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
    search_fields = ("=id", "worker")
    exclude = ("replay",)
    readonly_fields = [f.name for f in Match._meta.fields if f.name != "replay"]
    inlines = [MatchSeatInline]

    def get_search_results(self, request, queryset, search_term):
        """Also the matches a bot of that name played, found by a subquery: a join through the
        seats would need DISTINCT, which a row holding a replay (``json``) cannot take."""
        found, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if search_term:
            seats = MatchSeat.objects.filter(bot__name__icontains=search_term.strip()).values("match_id")
            found = found | queryset.filter(pk__in=seats)
        return found, may_have_duplicates


@admin.register(MatchSeat)
class MatchSeatAdmin(admin.ModelAdmin):
    """Seats, to find a bot's forfeits (status, reason) across matches."""
    list_display = ("match", "seat", "bot", "bot_version", "person", "status", "rank", "score", "team")
    list_filter = ("status", "match__game")
    list_select_related = ("match", "bot", "bot_version__bot")
    search_fields = ("bot__name", "=match__id", "reason")
    readonly_fields = [f.name for f in MatchSeat._meta.fields]
