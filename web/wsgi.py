import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "web.settings")
application = get_wsgi_application()

# Load the engines now rather than in the first request that replays a match.
from web.games import catalog  # noqa: E402

catalog.warm_up()
