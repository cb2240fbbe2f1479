"""The table pages: setting a table from a game's page, and a table's page, where its seated people
play (the table drawn by the game's replay renderer from the seat's own observation, the legal
actions as buttons; ``tables/table.js`` asks the tables API) and anybody else may take an open
seat or see who sits where."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from web.errors import ServiceError
from web.games import catalog
from web.matches import selectors as match_selectors
from web.matches.views import replay_renderer
from web.tables import selectors, services
from web.tables.forms import TableForm
from web.tables.models import Table


def _players(request):
    text = request.POST.get("players") or request.GET.get("players") or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 else None


@login_required
def table_new(request, game):
    if game not in catalog.game_ids():
        raise Http404(f"no game {game[:100]!r}")
    error, status = "", 200
    data = request.POST if request.method == "POST" else None
    form = TableForm(data, game=game, person=request.user, players=_players(request))
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                table = services.table_create(creator=request.user, game=game, seats=d["seats"],
                                              options=d["options"], clock_seconds=d["minutes"] * 60)
            except ServiceError as exc:
                error, status = str(exc), 400
            else:
                return redirect("table-detail", table_id=table.pk)
        else:
            status = 400
    template = "tables/_table_form.html" if request.headers.get("HX-Request") and request.method == "GET" \
        else "tables/table_new.html"
    return render(request, template, {"form": form, "game": form.game, "error": error}, status=status)


def _table_or_404(table_id):
    try:
        return selectors.table_get(table_id=table_id)
    except Table.DoesNotExist:
        raise Http404(f"there is no table {table_id}") from None


def table_detail(request, table_id):
    table = _table_or_404(table_id)
    seats = selectors.table_seats(table=table)
    names = selectors.seat_names(seats=seats)
    my_seat = selectors.person_seat(table=table, person=request.user)
    context = {"table": table, "seats": list(zip(seats, names)), "my_seat": my_seat,
               "share_url": request.build_absolute_uri(reverse("table-detail", args=[table.pk])),
               "open_seats": [row.seat for row in seats if row.is_open],
               "options": selectors.options_in_words(game=table.game, options=table.options)}
    if my_seat is not None:
        context["play"] = {
            "renderer": replay_renderer(table.game),
            "seat_names": [f"{name}, you" if row.seat == my_seat else name for row, name in zip(seats, names)],
            "action_labels": match_selectors.action_labels(game=table.game),
            "board": match_selectors.replay_board(game=table.game),
            "components": match_selectors.game_components(game=table.game),
        }
    return render(request, "tables/table_detail.html", context)


@require_POST
@login_required
def table_join(request, table_id):
    table = _table_or_404(table_id)
    seat = request.POST.get("seat", "")
    try:
        services.table_join(table=table, person=request.user,
                            seat=int(seat) if seat.isascii() and seat.isdigit() and len(seat) <= 2 else None)
    except ServiceError as exc:
        messages.error(request, f"You did not get a seat: {exc}")
    return redirect("table-detail", table_id=table.pk)


@require_POST
@login_required
def table_leave(request, table_id):
    table = _table_or_404(table_id)
    try:
        services.seat_leave(table=table, person=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "You left the game: your seat forfeits (the others play on if the rules allow).")
    return redirect("table-detail", table_id=table.pk)


@require_POST
@login_required
def table_cancel(request, table_id):
    table = _table_or_404(table_id)
    try:
        services.table_cancel(table=table, person=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Table {table.pk} is cancelled.")
    return redirect("table-detail", table_id=table.pk)
