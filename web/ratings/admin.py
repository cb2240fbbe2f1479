from django.contrib import admin

from web.ratings.models import CurrentRating


@admin.register(CurrentRating)
class CurrentRatingAdmin(admin.ModelAdmin):
    list_display = ("bot", "game", "rating", "low", "high", "games", "wins", "updated_at")
    list_filter = ("game",)
