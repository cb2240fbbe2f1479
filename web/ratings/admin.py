from django.contrib import admin

from web.ratings.models import CurrentRating, Pool, RatingEntry


@admin.register(Pool)
class PoolAdmin(admin.ModelAdmin):
    """Pools are created with the matches that rate into them: read only."""
    list_display = ("key", "game", "rules_version", "kind")
    list_filter = ("game", "kind")
    search_fields = ("key",)
    readonly_fields = [f.name for f in Pool._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(CurrentRating)
class CurrentRatingAdmin(admin.ModelAdmin):
    list_display = ("bot", "pool", "rating", "low", "high", "games", "wins", "updated_at")
    list_filter = ("game", "pool")
    list_select_related = ("bot",)
    search_fields = ("bot__name",)
    ordering = ("pool", "-rating")


@admin.register(RatingEntry)
class RatingEntryAdmin(admin.ModelAdmin):
    """The append-only history: read only."""
    list_display = ("id", "bot", "pool", "kind", "match", "rating", "delta", "low", "high", "games", "created_at")
    list_filter = ("game", "pool", "kind")
    list_select_related = ("bot",)
    search_fields = ("bot__name", "=match__id")
    readonly_fields = [f.name for f in RatingEntry._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False
