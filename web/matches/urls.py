from django.urls import path

from web.matches import views

urlpatterns = [
    path("<int:match_id>/", views.match_detail, name="match-detail"),
    path("<int:match_id>/frames/", views.match_frames, name="match-frames"),
]
