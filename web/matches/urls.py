from django.urls import path

from web.matches import views

urlpatterns = [
    path("<int:match_id>/", views.match_detail, name="match-detail"),
]
