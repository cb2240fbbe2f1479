"""Signing up, the account page (your bots, your API token) and the token's buttons; logging in and
out are Django's own views (``web.accounts.urls``)."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from web.accounts import services
from web.accounts.forms import SignUpForm
from web.bots import selectors as bot_selectors
from web.ratings import selectors as rating_selectors
from web.tables import selectors as table_selectors


def client_address(request):
    return request.META.get("REMOTE_ADDR") or "unknown"


class SignInView(auth_views.LoginView):
    """Django's log-in page, with failed attempts limited per account and per address."""
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username, address = request.POST.get("username", ""), client_address(request)
        refusal = services.sign_in_refusal(username=username, address=address)
        if refusal:
            return render(request, self.template_name,
                          {"form": AuthenticationForm(request), "refusal": refusal,
                           "next": request.POST.get("next", "")}, status=429)
        response = super().post(request, *args, **kwargs)
        if response.status_code == 302:
            services.sign_in_succeeded(username=username)
        else:
            services.sign_in_failed(username=username, address=address)
        return response


def signup(request):
    if request.user.is_authenticated:
        return redirect("account")
    form = SignUpForm(request.POST or None)
    refusal = services.sign_up_refusal(address=client_address(request)) if request.method == "POST" else None
    if refusal:
        return render(request, "accounts/signup.html", {"form": SignUpForm(), "refusal": refusal}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        services.sign_up_done(address=client_address(request))
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}.")
        return redirect("account")
    return render(request, "accounts/signup.html", {"form": form}, status=400 if form.errors else 200)


@login_required
def account(request):
    bots = list(bot_selectors.bots_of_owner(owner=request.user))
    ratings = rating_selectors.current_ratings(bots=bots)
    rows = [{"bot": bot, "rating": ratings.get((bot.pk, bot.game))} for bot in bots]
    return render(request, "accounts/account.html",
                  {"bots": rows, "retired_bots": bot_selectors.bots_of_owner(owner=request.user, retired=True),
                   "token": services.api_token_get(user=request.user),
                   "tables": table_selectors.tables_of_person(person=request.user)})


@login_required
@require_POST
def token_create(request):
    services.api_token_create(user=request.user)
    messages.success(request, "Your API token is ready.")
    return redirect("account")


@login_required
@require_POST
def token_regenerate(request):
    services.api_token_regenerate(user=request.user)
    messages.success(request, "A new API token replaces the old one, which no longer works.")
    return redirect("account")


@login_required
@require_POST
def token_revoke(request):
    if services.api_token_revoke(user=request.user):
        messages.success(request, "Your API token is revoked.")
    return redirect("account")
