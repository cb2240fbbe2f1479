"""The workers' Celery app: ``web.publishing``'s app, with the tasks of ``workers.tasks``.

The app (broker, delivery, the beat's schedule) is defined with the platform
so that its services can publish tasks by name without importing this package,
which sits above them (its tasks call the services).
"""
from web.publishing import app

app.conf.imports = ["workers.tasks"]

__all__ = ["app"]
