from django.contrib import admin

from web.tournaments.models import Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "status", "created_at", "finished_at")
    list_filter = ("game", "status")
