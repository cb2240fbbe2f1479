from django.urls import path

from web.tournaments import views

urlpatterns = [
    path("", views.tournament_list, name="tournament-list"),
    path("new/", views.tournament_create, name="tournament-create"),
    path("new/preview/", views.tournament_preview, name="tournament-preview"),
    path("<int:tournament_id>/cancel/", views.tournament_cancel, name="tournament-cancel"),
    path("<int:tournament_id>/", views.tournament_detail, name="tournament-detail"),
    path("<int:tournament_id>/live/", views.tournament_live, name="tournament-live"),
]
