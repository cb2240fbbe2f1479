import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "web.settings")
application = get_wsgi_application()

# Load the engines now rather than in the first request that replays a match.
from web.matches import playing  # noqa: E402

playing.warm_up()
