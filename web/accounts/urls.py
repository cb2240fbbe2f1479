from django.contrib.auth import views as auth_views
from django.urls import path

from web.accounts import views

urlpatterns = [
    path("", views.account, name="account"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("token/create/", views.token_create, name="token-create"),
    path("token/regenerate/", views.token_regenerate, name="token-regenerate"),
    path("token/revoke/", views.token_revoke, name="token-revoke"),
]
