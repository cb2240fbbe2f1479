"""Replays from outside the site: a replay file opened in the viewer, its frames computed."""
from django.urls import path

from web.matches import views

urlpatterns = [
    path("open/", views.replay_open, name="replay-open"),
    path("frames/", views.replay_file_frames, name="replay-file-frames"),
]
