from django.urls import path

from web.challenges import views

urlpatterns = [
    path("rules/", views.challenge_rules, name="challenge-rules"),
    path("new/<int:bot_id>/", views.challenge_create, name="challenge-create"),
    path("<int:challenge_id>/", views.challenge_detail, name="challenge-detail"),
    path("<int:challenge_id>/live/", views.challenge_live, name="challenge-live"),
]
