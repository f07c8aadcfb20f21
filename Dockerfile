# Bazaar's web app in a container (docs/deploy.md).
#   docker build -t bazaar .
#   docker run -d -p 8000:8000 -v bazaar-data:/data bazaar   # SQLite in the volume /data
# With PostgreSQL: docker compose up -d (compose.yaml). Every `bazaar serve` option can be set
# as an environment variable BAZAAR_<OPTION> (docker run -e BAZAAR_WORKERS=2 ...); the
# command line below wins over the environment, so the host and port are always 0.0.0.0:8000.

# Stage 1: the wheel, built as tests/test_wheel.py builds it (pip wheel, no dependencies).
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bazaar ./bazaar
RUN pip wheel --no-cache-dir --disable-pip-version-check --no-deps -w /wheels .

# Stage 2: the wheel with the PostgreSQL driver and Web Push, every dependency at the version
# of requirements.lock, run by a user without privileges.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
COPY requirements.lock /tmp/requirements.lock
COPY --from=build /wheels /tmp/wheels
RUN wheel="$(echo /tmp/wheels/bazaar-*.whl)" \
    && pip install --no-cache-dir --disable-pip-version-check \
        -c /tmp/requirements.lock "${wheel}[postgres,push]" \
    && rm -rf /tmp/wheels /tmp/requirements.lock
# /data belongs to the user before it becomes a volume, so a new volume starts out writable.
RUN useradd --create-home --uid 10001 --user-group bazaar \
    && mkdir /data \
    && chown bazaar:bazaar /data
VOLUME ["/data"]
ENV BAZAAR_DB=sqlite:////data/bazaar.db
USER bazaar
WORKDIR /home/bazaar
EXPOSE 8000
# The games list (slim has no curl): uvicorn answers only once start-up, which opens and if
# need be upgrades the database, is done; the route itself reads no database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/games', timeout=4)"]
CMD ["bazaar", "serve", "--host", "0.0.0.0", "--port", "8000"]
