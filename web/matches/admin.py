from django.contrib import admin

from web.matches.models import Match, MatchSeat


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    fields = ("seat", "bot", "bot_version", "status", "rank", "score", "team")
    readonly_fields = fields
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "kind", "status", "attempts", "steps", "finished_at")
    list_filter = ("game", "status", "kind")
    exclude = ("replay",)
    readonly_fields = [f.name for f in Match._meta.fields if f.name != "replay"]
    inlines = [MatchSeatInline]
