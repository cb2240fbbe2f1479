"""Celery workers: the app (``workers.celery``) and its thin tasks (``workers.tasks``)."""
from workers.celery import app

__all__ = ["app"]
