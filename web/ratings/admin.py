from django.contrib import admin

from web.ratings.models import CurrentRating, RatingEntry


@admin.register(CurrentRating)
class CurrentRatingAdmin(admin.ModelAdmin):
    list_display = ("bot", "game", "rating", "low", "high", "games", "wins", "updated_at")
    list_filter = ("game",)
    list_select_related = ("bot",)
    search_fields = ("bot__name",)
    ordering = ("game", "-rating")


@admin.register(RatingEntry)
class RatingEntryAdmin(admin.ModelAdmin):
    """The append-only history: read only."""
    list_display = ("id", "bot", "game", "kind", "match", "rating", "delta", "low", "high", "games", "created_at")
    list_filter = ("game", "kind")
    list_select_related = ("bot",)
    search_fields = ("bot__name", "=match__id")
    readonly_fields = [f.name for f in RatingEntry._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False
