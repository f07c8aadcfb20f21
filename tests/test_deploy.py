"""Deployment as people do it (docs/deploy.md): every shown ``bazaar serve`` option from an
environment variable ``BAZAAR_<OPTION>``, the command line winning; the Dockerfile, its health
check, compose.yaml, .env.example and .dockerignore. Where a Docker engine answers, the image is
built and run on SQLite until it answers; where none does, that test is skipped with the reason.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import time
import tomllib
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import typer
from typer.core import TyperGroup, TyperOption
from typer.testing import CliRunner

from bazaar.cli import app
from bazaar.web.settings import WebSettings
from tests.web.server import Server, free_port

ROOT = Path(__file__).resolve().parents[1]

#: ``--processes`` is checked on its own (more than one needs PostgreSQL, and then the
#: command supervises processes instead of serving): test_processes_from_the_environment.
SUPERVISED = frozenset({"BAZAAR_PROCESSES"})

#: A value for each variable (none of them the option's default) and where ``bazaar serve``
#: puts it: a WebSettings field or (``run``) a keyword of ``uvicorn.run``.
ENV_VALUES: dict[str, tuple[str, str, Any]] = {
    "BAZAAR_HOST": ("0.0.0.0", "run:host", "0.0.0.0"),
    "BAZAAR_PORT": ("9001", "run:port", 9001),
    "BAZAAR_DB": ("sqlite:////data/env.db", "db_url", "sqlite:////data/env.db"),
    "BAZAAR_BOT_DELAY": ("0.25", "bot_delay", 0.25),
    "BAZAAR_WORKERS": ("3", "workers", 3),
    "BAZAAR_ADVICE_WORKERS": ("2", "advice_workers", 2),
    "BAZAAR_ADVICE_JOBS": ("5", "advice_jobs", 5),
    "BAZAAR_RATE_LIMIT_TABLES": ("7", "rate_limit_tables", 7.0),
    "BAZAAR_RATE_LIMIT_SOCKETS": ("11", "rate_limit_sockets", 11.0),
    "BAZAAR_IDLE_SECONDS": ("45", "idle_seconds", 45.0),
    "BAZAAR_ANALYSIS_PER_ADDRESS": ("4", "analyses_per_address", 4),
    "BAZAAR_ANALYSIS_PER_TABLE": ("0", "analyses_per_table", 0),
    "BAZAAR_FORWARDED_ALLOW_IPS": ("10.0.0.2,10.0.0.3", "forwarded_allow_ips", "10.0.0.2,10.0.0.3"),
    "BAZAAR_ALLOWED_ORIGINS": (
        "https://school.example",
        "allowed_origins",
        frozenset({"https://school.example"}),
    ),
    "BAZAAR_HEADER_TIMEOUT": ("2.5", "header_timeout", 2.5),
    "BAZAAR_CONNECTIONS_PER_ADDRESS": ("0", "connections_per_address", 0),
    "BAZAAR_PUBLIC_URL": ("https://games.example", "public_url", "https://games.example"),
    "BAZAAR_SMTP_URL": ("smtp://relay:25", "smtp_url", "smtp://relay:25"),
    "BAZAAR_MAIL_FROM": ("games@school.example", "mail_from", "games@school.example"),
    "BAZAAR_VAPID_KEY": ("/keys/vapid.pem", "vapid_key", "/keys/vapid.pem"),
    "BAZAAR_VAPID_SUBJECT": (
        "mailto:it@school.example",
        "vapid_subject",
        "mailto:it@school.example",
    ),
    "BAZAAR_ALLOW_OUTSIDE_BOTS": ("true", "allow_outside_bots", True),
}


# ---------------------------------------------------------------------------------------------
# bazaar serve and its environment


def serve_options() -> list[TyperOption]:
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    return [p for p in group.commands["serve"].params if isinstance(p, TyperOption)]


def serve_envvars() -> set[str]:
    """The variables ``bazaar serve`` reads (its options' ``envvar``)."""
    return {p.envvar for p in serve_options() if isinstance(p.envvar, str)}


def served(
    monkeypatch: pytest.MonkeyPatch, args: list[str], env: dict[str, str]
) -> tuple[WebSettings, dict[str, Any]]:
    """Run ``bazaar serve ARGS`` with ``env`` (and no other serve variable) up to where it would
    start the server: the WebSettings it built and the keywords it gave ``uvicorn.run``."""
    import uvicorn

    import bazaar.cli as bazaar_cli
    import bazaar.web.app as web_app
    import bazaar.web.processes as processes_module

    seen: dict[str, Any] = {}

    def create_app(settings: WebSettings) -> str:
        seen["settings"] = settings
        return "app"

    def run(application: str, **options: Any) -> None:
        seen["run"] = options

    def supervise(count: int, host: str, port: int) -> int:  # --processes N: N servers
        seen["run"] = {"host": host, "port": port, "processes": count}
        return 0

    check = bazaar_cli.check_serve_settings

    def checked(settings: WebSettings, processes: int) -> None:
        seen["settings"] = settings
        check(settings, processes)

    monkeypatch.setattr(web_app, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(processes_module, "supervise", supervise)
    monkeypatch.setattr(bazaar_cli, "check_serve_settings", checked)
    unset: dict[str, str | None] = {name: None for name in serve_envvars()}
    result = CliRunner().invoke(app, ["serve", *args], env={**unset, **env})
    assert result.exit_code == 0, result.output
    return seen["settings"], seen["run"]


def found(settings: WebSettings, run: dict[str, Any], where: str) -> Any:
    if where.startswith("run:"):
        return run[where.removeprefix("run:")]
    return getattr(settings, where)


def test_every_shown_serve_option_has_its_variable_and_help_names_it() -> None:
    options = serve_options()
    assert len(options) >= 16
    for option in options:
        assert option.name
        if option.hidden:  # the tests' knobs stay on the command line only
            assert option.envvar is None, option.name
        else:
            assert option.envvar == "BAZAAR_" + option.name.upper(), option.name
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.replace("│", " ").split())
    for name in serve_envvars():
        assert f"[env var: {name}]" in words
    narrow = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "80"})
    assert "environment variable BAZAAR_<OPTION>" in " ".join(narrow.output.split())


def test_each_variable_sets_its_option(monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(ENV_VALUES) == serve_envvars() - SUPERVISED, "give every serve variable a value"
    settings, run = served(monkeypatch, [], {name: v[0] for name, v in ENV_VALUES.items()})
    plain, plain_run = served(monkeypatch, ["--db", "sqlite:////data/plain.db"], {})
    for name, (_, where, expected) in ENV_VALUES.items():
        assert found(settings, run, where) == expected, name
        assert found(plain, plain_run, where) != expected, name  # not the default anyway
    assert run["forwarded_allow_ips"] == "10.0.0.2,10.0.0.3" and run["proxy_headers"] is True


def test_the_command_line_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {name: v[0] for name, v in ENV_VALUES.items()}
    args = ["--port", "9002", "--workers", "2", "--db", "sqlite:////data/cli.db"]
    settings, run = served(monkeypatch, args, env)
    assert (run["port"], settings.workers, settings.db_url) == (9002, 2, "sqlite:////data/cli.db")
    assert run["host"] == "0.0.0.0" and settings.bot_delay == 0.25  # the rest from the env


def test_an_empty_variable_means_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """compose.yaml passes ``${BAZAAR_X:-}``: empty when .env does not set it."""
    env = {"BAZAAR_PORT": "", "BAZAAR_WORKERS": "", "BAZAAR_FORWARDED_ALLOW_IPS": ""}
    settings, run = served(monkeypatch, ["--db", "sqlite:////data/e.db"], env)
    assert (run["port"], settings.workers, settings.forwarded_allow_ips) == (8000, 1, "")
    assert run["proxy_headers"] is False


def test_a_bad_value_in_a_variable_is_refused_naming_it() -> None:
    result = CliRunner().invoke(app, ["serve"], env={"BAZAAR_PORT": "eighty"})
    assert result.exit_code == 2
    assert "BAZAAR_PORT" in result.output


def test_processes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``BAZAAR_PROCESSES=2`` supervises two processes on PostgreSQL; on SQLite it is refused
    naming the option."""
    import bazaar.web.processes as processes

    started: list[tuple[int, str, int]] = []
    monkeypatch.setattr(
        processes, "supervise", lambda n, host, port: started.append((n, host, port)) or 0
    )
    env = {"BAZAAR_PROCESSES": "2", "BAZAAR_DB": "postgresql://bazaar@db/bazaar"}
    result = CliRunner().invoke(app, ["serve", "--port", "9003"], env=env)
    assert result.exit_code == 0, result.output
    assert started == [(2, "127.0.0.1", 9003)]
    refused = CliRunner().invoke(app, ["serve"], env={**env, "BAZAAR_DB": "sqlite:////data/a.db"})
    assert refused.exit_code == 2 and "--processes" in refused.output
    assert "PostgreSQL" in refused.output


# ---------------------------------------------------------------------------------------------
# the Dockerfile


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, the rest), continued lines joined."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    steps = []
    for line in re.sub(r"\\\n", " ", text).splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            steps.append((keyword.upper(), rest.strip()))
    return steps


def stages() -> list[list[tuple[str, str]]]:
    found: list[list[tuple[str, str]]] = []
    for keyword, rest in dockerfile():
        if keyword == "FROM":
            found.append([])
        found[-1].append((keyword, rest))
    return found


def final(keyword: str) -> list[str]:
    """The final stage's ``keyword`` instructions (their rest)."""
    return [rest for k, rest in stages()[-1] if k == keyword]


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for rest in final("ENV"):
        for word in shlex.split(rest):
            name, sep, value = word.partition("=")
            assert sep, f"ENV {rest}: write NAME=value"
            env[name] = value
    return env


def image_cmd() -> list[str]:
    (cmd,) = final("CMD")
    words = json.loads(cmd)  # the exec form: no shell between Docker and bazaar
    assert isinstance(words, list)
    return [str(w) for w in words]


def health_cmd() -> list[str]:
    (check,) = final("HEALTHCHECK")
    _, _, exec_form = check.partition(" CMD ")
    return [str(w) for w in json.loads(exec_form)]


def test_the_dockerfile_builds_the_wheel_then_runs_it_unprivileged_with_data_in_a_volume() -> None:
    build, last = stages()
    assert build[0][1] == "python:3.11-slim AS build" and last[0][1] == "python:3.11-slim"
    built = " ".join(rest for k, rest in build if k == "RUN")
    assert "pip wheel" in built and "--no-deps" in built  # as tests/test_wheel.py builds it
    installed = " ".join(final("RUN"))
    assert "-c /tmp/requirements.lock" in installed and "[postgres,push]" in installed
    assert final("USER") and final("USER")[-1] not in ("root", "0")
    assert [json.loads(v) for v in final("VOLUME")] == [["/data"]]
    assert final("EXPOSE") == ["8000"]
    assert image_env()["BAZAAR_DB"] == "sqlite:////data/bazaar.db"


def test_the_dockerfile_cmd_is_a_serve_command_the_cli_accepts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = image_cmd()
    assert cmd[:2] == ["bazaar", "serve"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["bazaar"] == "bazaar.cli:main"
    env = {k: v for k, v in image_env().items() if k.startswith("BAZAAR_")}
    settings, run = served(monkeypatch, cmd[2:], env)
    assert (run["host"], run["port"]) == ("0.0.0.0", 8000)
    assert settings.db_url == "sqlite:////data/bazaar.db"
    # the command line wins: a BAZAAR_PORT given to the container does not move the server
    # away from the exposed port that the health check asks
    _, moved = served(monkeypatch, cmd[2:], {**env, "BAZAAR_PORT": "9000"})
    assert moved["port"] == 8000
    assert f"http://127.0.0.1:{run['port']}/" in health_cmd()[-1]


def test_the_health_check_passes_on_a_serving_server_only(tmp_path: Path) -> None:
    """The HEALTHCHECK's own command, pointed at a real ``bazaar serve`` on a free port."""
    check = health_cmd()
    assert check[:2] == ["python", "-c"]
    code = check[2]
    route = re.search(r"http://127\.0\.0\.1:8000(/[^'\"]*)", code)
    assert route, code

    def ask(port: int, path: str = route.group(1)) -> subprocess.CompletedProcess[str]:
        asked = code.replace(f":8000{route.group(1)}", f":{port}{path}")
        return subprocess.run(
            [sys.executable, "-c", asked], capture_output=True, text=True, timeout=60
        )

    server = Server(tmp_path / "health.db").start()
    try:
        healthy = ask(server.port)
        missing = ask(server.port, "/api/no-such-route")
    finally:
        server.stop()
    assert healthy.returncode == 0, healthy.stderr
    assert missing.returncode != 0  # an error status fails the check
    assert ask(free_port()).returncode != 0  # so does no server


# ---------------------------------------------------------------------------------------------
# .dockerignore


def ignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [s for s in (line.strip() for line in lines) if s and not s.startswith("#")]


def pattern_regex(pattern: str) -> re.Pattern[str]:
    """A .dockerignore pattern as Docker reads it: Go's filepath.Match (``*`` and ``?`` stop
    at ``/``, ``[...]`` classes) plus ``**`` for any number of folders."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        elif pattern[i] == "[":
            end = pattern.index("]", i)
            out, i = out + pattern[i : end + 1], end + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def ignored(path: str) -> bool:
    """Is ``path`` left out of the build context? The last pattern matching it or one of its
    folders decides (``!`` lets it back in)."""
    parts = path.split("/")
    paths = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    verdict = False
    for pattern in ignore_patterns():
        keep = pattern.startswith("!")
        regex = pattern_regex(pattern.removeprefix("!").strip("/"))
        if any(regex.match(p) for p in paths):
            verdict = not keep
    return verdict


@pytest.mark.parametrize(
    "path",
    [
        ".venv/bin/python",
        ".git",
        ".git/HEAD",
        "node_modules/typescript/package.json",
        "build/lib/bazaar/cli.py",
        "bazaar.egg-info/PKG-INFO",
        "bazaar/web/__pycache__/app.cpython-311.pyc",
        ".pytest_cache/README.md",
        ".mypy_cache/3.11/cache.db",
        ".env",
        "records/game.json",
    ],
)
def test_the_dockerignore_keeps_out(path: str) -> None:
    assert ignored(path)


def test_the_dockerignore_lets_in_every_file_the_dockerfile_copies() -> None:
    sources = []
    for keyword, rest in dockerfile():
        words = rest.split()
        if keyword == "COPY" and not any(w.startswith("--from") for w in words):
            sources += words[:-1]
    assert {"pyproject.toml", "README.md", "requirements.lock", "bazaar"} <= set(sources)
    files = subprocess.run(
        ["git", "ls-files", *sources], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    assert len(files) > 100
    assert [f for f in files if ignored(f)] == []


# ---------------------------------------------------------------------------------------------
# compose.yaml, .env.example, docs/deploy.md

VARIABLE = re.compile(r"\$\{(\w+)(?::-([^}]*))?\}")


def compose_text() -> str:
    return (ROOT / "compose.yaml").read_text(encoding="utf-8")


def compose() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed: compose.yaml not parsed")
    parsed = yaml.safe_load(compose_text())
    assert isinstance(parsed, dict)
    return parsed


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ``${NAME}`` and ``${NAME:-default}`` (the default when unset or empty)."""
    return VARIABLE.sub(lambda m: env.get(m.group(1)) or m.group(2) or "", value)


def compose_variables() -> set[str]:
    """The variables compose.yaml reads (outside its comments)."""
    lines = [line for line in compose_text().splitlines() if not line.lstrip().startswith("#")]
    return {m.group(1) for m in VARIABLE.finditer("\n".join(lines))}


def app_environment(env: dict[str, str]) -> dict[str, str]:
    environment = compose()["services"]["app"]["environment"]
    assert isinstance(environment, dict)
    return {name: interpolate(str(value), env) for name, value in environment.items()}


def test_compose_runs_the_app_after_postgres_is_healthy() -> None:
    services = compose()["services"]
    app_service, db = services["app"], services["db"]
    assert app_service["build"] == "."
    assert app_service["ports"] == ["8000:8000"]
    assert app_service["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert app_service["restart"] == db["restart"] == "unless-stopped"
    assert db["image"] == "postgres:15"
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    volume = db["volumes"][0].split(":")[0]
    assert volume in compose()["volumes"]
    db_env = {k: interpolate(str(v), {}) for k, v in db["environment"].items()}
    url = app_environment({})["BAZAAR_DB"]
    user, password = db_env["POSTGRES_USER"], db_env["POSTGRES_PASSWORD"]
    assert url == f"postgresql://{user}:{password}@db:5432/{db_env['POSTGRES_DB']}"
    secret = {"POSTGRES_PASSWORD": "s3cret"}
    assert ":s3cret@" in app_environment(secret)["BAZAAR_DB"]
    assert interpolate(str(db["environment"]["POSTGRES_PASSWORD"]), secret) == "s3cret"


def test_every_bazaar_variable_of_compose_and_the_image_is_one_serve_reads() -> None:
    readable = serve_envvars()
    set_here = set(app_environment({})) | set(image_env())
    wanted = {n for n in set_here if n.startswith("BAZAAR_")}
    assert {"BAZAAR_DB", "BAZAAR_WORKERS", "BAZAAR_PROCESSES", "BAZAAR_SMTP_URL"} <= wanted
    assert sorted(wanted - readable) == []
    assert app_environment({})["BAZAAR_PROCESSES"] == "2"


def test_the_compose_defaults_are_values_serve_accepts(monkeypatch: pytest.MonkeyPatch) -> None:
    env = app_environment({})
    settings, run = served(monkeypatch, image_cmd()[2:], env)
    assert settings.db_url == "postgresql://bazaar:bazaar@db:5432/bazaar"
    assert (settings.workers, settings.forwarded_allow_ips, run["port"]) == (1, "", 8000)
    assert run["processes"] == 2  # two server processes on the one database


def env_example() -> list[tuple[str, str]]:
    """.env.example's variables, each with the comment line above it."""
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    found = []
    for above, line in zip(["", *lines], lines, strict=False):
        if line and not line.startswith("#"):
            name, sep, _ = line.partition("=")
            assert sep, line
            found.append((name, above))
    return found


def test_env_example_lists_every_variable_compose_reads_each_with_a_comment() -> None:
    listed = env_example()
    assert sorted(name for name, _ in listed) == sorted(compose_variables())
    assert [name for name, comment in listed if not comment.startswith("# ")] == []


def test_the_deploy_guide_names_every_variable() -> None:
    guide = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    names = serve_envvars() | compose_variables()
    assert sorted(n for n in names if f"`{n}`" not in guide) == []
    assert "docs/deploy.md" in (ROOT / "README.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# the image itself, where a Docker engine answers


def docker(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)


def need_docker_engine() -> None:
    try:
        info = docker("info", timeout=60)
    except FileNotFoundError:
        pytest.skip("no Docker engine here: `docker info` failed: there is no docker command")
    except subprocess.TimeoutExpired:
        pytest.skip("no Docker engine here: `docker info` failed: no answer in 60 s")
    if info.returncode != 0:
        said = [line.strip() for line in info.stderr.splitlines() if line.strip()]
        why = said[0] if said else f"exit status {info.returncode}"
        pytest.skip(f"no Docker engine here: `docker info` failed: {why}")


def wait_for(what: str, ready: Callable[[], bool], tries: int = 240) -> None:
    """Ask ``ready`` once a second until it says yes (a liveness limit, not a speed bound)."""
    for _ in range(tries):
        if ready():
            return
        time.sleep(1)
    raise AssertionError(f"{what}: not after {tries} tries")


def test_the_image_builds_and_serves_on_sqlite() -> None:
    need_docker_engine()
    tag = f"bazaar-deploy-test:{uuid.uuid4().hex[:12]}"
    built = docker("build", "-t", tag, str(ROOT), timeout=1800)
    assert built.returncode == 0, built.stderr[-4000:]
    try:
        started = docker("run", "-d", "--rm", "-p", "127.0.0.1::8000", "--health-interval=2s", tag)
        assert started.returncode == 0, started.stderr
        container = started.stdout.strip()
        try:
            published = docker("port", container, "8000/tcp").stdout.split()[0]
            base = f"http://127.0.0.1:{published.rsplit(':', 1)[1]}"

            def answers() -> bool:
                try:
                    return httpx.get(base + "/api/games", timeout=2).status_code == 200
                except httpx.HTTPError:
                    return False

            def healthy() -> bool:
                state = docker("inspect", "--format", "{{.State.Health.Status}}", container)
                return state.stdout.strip() == "healthy"

            wait_for("the container's /api/games answering 200", answers)
            wait_for("Docker calling the container healthy", healthy)
            assert httpx.get(base + "/").status_code == 200
            assert docker("exec", container, "id", "-u").stdout.strip() not in ("", "0")
            assert docker("exec", container, "test", "-f", "/data/bazaar.db").returncode == 0
        finally:
            docker("stop", container)
    finally:
        docker("rmi", "-f", tag)
