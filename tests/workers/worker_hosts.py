"""What a worker machine is given, here and in ``docker-compose.workers.yml``: the site's database
and broker, nothing else (the multi-host test starts its workers with these, plus test tuning)."""
WORKER_HOST_NEEDS = ("DATABASE_URL", "REDIS_URL")
