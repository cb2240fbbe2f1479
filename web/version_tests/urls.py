from django.urls import path

from web.version_tests import views

urlpatterns = [
    path("new/<int:bot_id>/", views.version_test_start, name="version-test-start"),
    path("<int:test_id>/", views.version_test_detail, name="version-test-detail"),
    path("<int:test_id>/live/", views.version_test_live, name="version-test-live"),
    path("<int:test_id>/cancel/", views.version_test_cancel, name="version-test-cancel"),
    path("<int:test_id>/make-winner-play/", views.version_test_make_winner_play, name="version-test-make-winner-play"),
]
