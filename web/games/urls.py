from django.urls import path

from web.games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<str:game>/", views.game_detail, name="game-detail"),
    path("games/<str:game>/bots/", views.game_bots, name="game-bots"),
    path("games/<str:game>/bots/starters/<str:name>", views.starter_bot, name="game-starter-bot"),
    path("bots/protocol/", views.bot_protocol, name="bot-protocol"),
]
