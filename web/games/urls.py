from django.urls import path

from web.games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<str:game>/", views.game_detail, name="game-detail"),
]
