"""The home page (every game of the registry) and each game's page: rules, options, the
leaderboard (paged and searchable, its table swapped by htmx) and recent matches."""
import markdown
from django.conf import settings
from django.http import FileResponse, Http404
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.urls import reverse
from django.utils.http import urlencode

from web import paging
from web.api import games
from web.balance import selectors as balance_selectors
from web.bots import selectors as bot_selectors
from web.games import catalog
from web.matches import selectors as match_selectors
from web.ratings import selectors as rating_selectors
from web.tables import selectors as table_selectors

LEADERBOARD_PAGE_SIZE = 25
RECENT_MATCHES = 15
OPEN_TABLES = 10


def _game_or_404(game):
    try:
        return games.game_detail(game=game)
    except catalog.EngineInputError as exc:
        raise Http404(str(exc)) from None  # names the known games


def home(request):
    counts = bot_selectors.bot_counts_by_game()
    game_rows = [{**game, "bots": counts.get(game["id"], 0)} for game in games.game_list()]
    return render(request, "games/home.html", {"games": game_rows})


def _leaderboard_context(request, game):
    """The leaderboard of the pool asked for with ``?pool=`` (404 for a pool of no such game), by
    default the game's most played one; the pool selector's links when the game has several."""
    page, search = paging.page_number(request), paging.search_text(request)
    pools = rating_selectors.game_pools(game=game["id"])
    pool = request.GET.get("pool") or rating_selectors.default_pool(pools=pools)
    if pool is not None and pool not in {row["key"] for row in pools}:
        raise Http404(f"{game['name']} has no rating pool {pool[:200]!r}")
    board = rating_selectors.leaderboard_page(pool=pool, search=search, page=page,
                                              page_size=LEADERBOARD_PAGE_SIZE,
                                              offset=(page - 1) * LEADERBOARD_PAGE_SIZE)
    page_url = reverse("game-detail", args=[game["id"]])

    # a game of one pool keeps the short addresses it had before pools
    named = pool if request.GET.get("pool") or len(pools) > 1 else None

    def link(number, key=named, with_search=True):
        query = urlencode({**({"pool": key} if key else {}), "page": number,
                           **({"search": search} if search and with_search else {})})
        return {"number": number, "href": f"{page_url}?{query}"}

    selector = [{**row, "href": link(1, row["key"], with_search=False)["href"], "current": row["key"] == pool}
                for row in pools] if len(pools) > 1 else []
    return {"game": game, "board": board, "search": search, "pool": named, "pools": selector,
            **rating_selectors.provisional_rule(),
            "previous": link(page - 1) if page > 1 else None,
            "next": link(page + 1) if page < board["pages"] else None}


def _wants_leaderboard_only(request):
    """htmx swapping the leaderboard asks the page's own URL (so that the address bar keeps a page
    that works on reload); a history restore wants the whole page."""
    headers = request.headers
    return (headers.get("HX-Request") == "true" and headers.get("HX-Target") == "leaderboard"
            and headers.get("HX-History-Restore-Request") != "true")


def game_detail(request, game):
    game = _game_or_404(game)
    context = _leaderboard_context(request, game)
    if _wants_leaderboard_only(request):
        response = render(request, "games/_leaderboard.html", context)
    else:
        context["matches"] = match_selectors.match_list(game=game["id"], status="done", limit=RECENT_MATCHES)
        context["balance"] = balance_selectors.balance_tables(game=game["id"])
        context["open_tables"] = table_selectors.open_tables(game=game["id"], limit=OPEN_TABLES)
        context["balance_every_minutes"] = round(settings.ARENA_BEAT_BALANCE_SECONDS / 60)
        response = render(request, "games/game_detail.html", context)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response



def _reference_html(text):
    # Our own documents: Markdown to HTML, tables aligned by attribute (the content policy allows
    # no inline style).
    return markdown.markdown(text, extensions=["fenced_code", "tables", "toc"],
                             extension_configs={"tables": {"use_align_attribute": True}})


def game_bots(request, game):
    """Writing a bot for the game: its starter bots to download and its bot reference."""
    game = _game_or_404(game)
    reference = catalog.bot_reference(game["id"])
    return render(request, "games/game_bots.html", {
        "game": game, "starters": catalog.starter_bots(game["id"]),
        "reference": _reference_html(reference) if reference else None})


def starter_bot(request, game, name):
    game = _game_or_404(game)
    try:
        path = catalog.starter_bot(game["id"], name)
    except catalog.EngineInputError as exc:
        raise Http404(str(exc)) from None
    return FileResponse(open(path, "rb"), as_attachment=True, filename=name,
                        content_type="text/plain; charset=utf-8")


def bot_protocol(request):
    """The protocol every bot speaks, whatever its game and language."""
    return render(request, "games/bot_protocol.html",
                  {"reference": _reference_html(catalog.protocol_reference() or "")})
