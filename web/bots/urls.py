from django.urls import path

from web.bots import views

urlpatterns = [
    path("upload/", views.bot_upload, name="bot-upload"),
    path("<int:bot_id>/", views.bot_detail, name="bot-detail"),
    path("<int:bot_id>/status/", views.bot_status, name="bot-status"),
]
