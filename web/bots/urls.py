from django.urls import path

from web.bots import views

urlpatterns = [
    path("upload/", views.bot_upload, name="bot-upload"),
    path("<int:bot_id>/", views.bot_detail, name="bot-detail"),
    path("<int:bot_id>/status/", views.bot_status, name="bot-status"),
    path("<int:bot_id>/logs/<int:match_id>.log", views.bot_seat_log, name="bot-seat-log"),
    path("<int:bot_id>/rename/", views.bot_rename, name="bot-rename"),
    path("<int:bot_id>/version/", views.bot_choose_version, name="bot-choose-version"),
    path("<int:bot_id>/retire/", views.bot_retire, name="bot-retire"),
    path("<int:bot_id>/unretire/", views.bot_unretire, name="bot-unretire"),
    path("<int:bot_id>/entry/", views.bot_entry, name="bot-entry"),
    path("<int:bot_id>/delete/", views.bot_delete, name="bot-delete"),
]
