from django.urls import path

from web.tables import views

urlpatterns = [
    path("new/<str:game>/", views.table_new, name="table-new"),
    path("<int:table_id>/", views.table_detail, name="table-detail"),
    path("<int:table_id>/join/", views.table_join, name="table-join"),
    path("<int:table_id>/cancel/", views.table_cancel, name="table-cancel"),
    path("<int:table_id>/leave/", views.table_leave, name="table-leave"),
]
