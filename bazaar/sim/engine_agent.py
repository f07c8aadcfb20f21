"""``engine:COMMAND`` agents: a program in any language answers the moves of one seat.

For each game and seat the program ``shlex.split(COMMAND)`` is started (on the seat's first
real decision) and spoken to in the *agent dialect* of the engine protocol, one JSON object per
line each way (docs/engine.md, "Engine agents: your program plays in simulations"):

1. ``hello``: the game, players, options, the seat and the seat's seed; the program answers
   ``{"ok": true}`` (a ``name`` may come with it).
2. ``move``, whenever the seat must decide among two or more moves: the game, options, seat,
   the seat's view (``state.view(seat)``: nothing another seat hides) and the legal moves
   (``index``, ``action``, ``notation``); the program answers one of ``{"index": i}``,
   ``{"action": n}`` or ``{"notation": "..."}``.
3. ``over`` at the end: scores, winners, win shares and the seat's last view (no answer);
   then its standard input is closed, and it is killed if it has not ended within
   :data:`END_GRACE` seconds.

Every answer must come within :func:`move_timeout` seconds (``BAZAAR_AGENT_TIMEOUT``,
default :data:`MOVE_TIMEOUT`). On Linux the program gets ``PR_SET_PDEATHSIG`` (SIGKILL): it is
killed by the kernel when the process that started it dies, however that dies.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Callable
from typing import IO, Any

from bazaar.core.errors import BazaarError
from bazaar.core.game import State
from bazaar.i18n import N_
from bazaar.sim.errors import SimError

#: the spec prefix of an engine agent
PREFIX = "engine:"
#: the version of the agent dialect, sent in ``hello``
DIALECT = 1
#: seconds the program has for each answer (``hello`` and every ``move``)
MOVE_TIMEOUT = 30.0
#: the environment variable that sets another number of seconds
TIMEOUT_VARIABLE = "BAZAAR_AGENT_TIMEOUT"
#: seconds a program has to end by itself after ``over`` before it is killed
END_GRACE = 2.0
#: the longest answer line read (bytes)
MAX_ANSWER = 1 << 20
#: how much of the program's error output a refusal quotes (characters, the last ones)
STDERR_TAIL = 400
_PR_SET_PDEATHSIG = 1


def is_engine(spec: str) -> bool:
    return spec.startswith(PREFIX)


def command_of(spec: str) -> list[str]:
    """The program and arguments of an ``engine:COMMAND`` spec; SimError unless the command
    splits and its program exists."""
    text = spec[len(PREFIX) :]
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise SimError.of(
            N_("agent {spec!r}: the command cannot be split into words ({error})"),
            spec=spec,
            error=str(exc),
        ) from exc
    if not argv:
        raise SimError.of(N_("agent {spec!r}: the command is empty (engine:COMMAND)"), spec=spec)
    if shutil.which(argv[0]) is None:
        raise SimError.of(
            N_("agent {spec!r}: the program {program!r} is not found or not executable"),
            spec=spec,
            program=argv[0],
        )
    return argv


def move_timeout() -> float:
    """Seconds for one answer: ``BAZAAR_AGENT_TIMEOUT`` or :data:`MOVE_TIMEOUT`."""
    raw = os.environ.get(TIMEOUT_VARIABLE, "").strip()
    if not raw:
        return MOVE_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise SimError.of(
            N_("{variable} must be a number of seconds above 0, not {value!r}"),
            variable=TIMEOUT_VARIABLE,
            value=raw,
        )
    return seconds


# ---------------------------------------------------------------------- the messages
def hello_message(state: State, seat: int, seed: int) -> dict[str, Any]:
    return {
        "cmd": "hello",
        "dialect": DIALECT,
        "game": state.game.id,
        "players": state.num_players,
        "options": state.options,
        "seat": seat,
        "seed": seed,
    }


def move_message(state: State, seat: int) -> dict[str, Any]:
    """What the seat to move is asked: only what ``seat`` may see."""
    legal = [
        {"index": index, "action": action, "notation": state.notation(action)}
        for index, action in enumerate(state.legal_actions())
    ]
    return {
        "cmd": "move",
        "game": state.game.id,
        "options": state.options,
        "seat": seat,
        "view": state.view(seat),
        "legal": legal,
    }


def over_message(state: State, seat: int) -> dict[str, Any]:
    return {
        "cmd": "over",
        "seat": seat,
        "scores": state.scores(),
        "winners": state.winners(),
        "returns": state.returns(),
        "view": state.view(seat),
    }


def encode(message: dict[str, Any]) -> bytes:
    """One message as one UTF-8 JSON line."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.encode("utf-8") + b"\n"


def chosen_action(answer: Any, state: State) -> int:
    """The legal action a ``move`` answer names; BazaarError saying what is wrong."""
    if not isinstance(answer, dict):
        raise BazaarError.of(N_("the answer is not a JSON object"), "agent")
    given = [key for key in ("index", "action", "notation") if key in answer]
    if len(given) != 1:
        raise BazaarError.of(
            N_("the answer must have exactly one of 'index', 'action', 'notation'"), "agent"
        )
    key = given[0]
    value = answer[key]
    legal = state.legal_actions()
    if key == "notation":
        if not isinstance(value, str):
            raise BazaarError.of(N_("'notation' must be a text"), "agent")
        return state.parse(value)  # NotationError or IllegalAction, naming the rule
    if type(value) is not int:
        raise BazaarError.of(N_("'{key}' must be a whole number"), "agent", key=key)
    if key == "index":
        if not 0 <= value < len(legal):
            raise BazaarError.of(
                N_("'index' is {value}, but there are {count} legal moves"),
                "agent",
                value=value,
                count=len(legal),
            )
        return legal[value]
    state.check(value)  # IllegalAction naming the rule
    return value


# ---------------------------------------------------------------------- the process
def die_with_parent() -> Callable[[], None] | None:
    """On Linux, what the child runs before ``exec``: ``prctl(PR_SET_PDEATHSIG, SIGKILL)``,
    so the kernel kills the program when the thread that started it ends (its process dies,
    by any signal). The C function is looked up here, in the parent, so the child only calls
    it. None elsewhere (the program is then ended by :meth:`EngineAgent.end` and a finalizer)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    kill = int(signal.SIGKILL)

    def child() -> None:  # pragma: no cover - runs in the child
        prctl(_PR_SET_PDEATHSIG, kill, 0, 0, 0)

    return child


def _end(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` if it still runs and reap it."""
    if process.poll() is None:
        with contextlib.suppress(OSError):
            process.kill()
    with contextlib.suppress(Exception):
        process.wait(timeout=5)


class EngineAgent:
    """One seat's program for one game; ``where`` names the game in refusals."""

    def __init__(self, spec: str, seed: int, where: str | None = None) -> None:
        self.spec = spec
        self.seed = seed
        self.where = where
        self.argv = command_of(spec)
        self.timeout = move_timeout()
        self.seat: int | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.stderr: IO[bytes] | None = None
        self.buffer = bytearray()
        self._finalizer: Any = None

    # --- the Bot protocol ------------------------------------------------------------
    def choose(self, state: State) -> int:
        seat = state.to_move()
        assert seat is not None
        if self.process is None:
            self.seat = seat
            self._start()
            self._ask(hello_message(state, seat, self.seed), None)
        reply = self._ask(move_message(state, seat), state)
        return reply

    def end(self, state: State | None) -> None:
        """Say ``over`` when the game ended (a finished game), then end the program."""
        process = self.process
        if process is None:
            return
        try:
            if state is not None and state.is_over() and self.seat is not None:
                with contextlib.suppress(OSError, ValueError):
                    self._send(over_message(state, self.seat))
            if process.stdin is not None:
                with contextlib.suppress(OSError):
                    process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=END_GRACE)
        finally:
            self._close()

    # --- talking ----------------------------------------------------------------------
    def _start(self) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept open for the whole game
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.stderr,
                preexec_fn=die_with_parent(),
                start_new_session=True,  # a Ctrl-C at the terminal is the simulation's to handle
            )
        except OSError as exc:
            self._close()
            raise SimError.of(
                N_("agent {spec!r}: the command did not start ({error})"),
                spec=self.spec,
                error=f"{type(exc).__name__}: {exc}",
            ) from exc
        self.process = process
        self._finalizer = weakref.finalize(self, _end, process)

    def _send(self, message: dict[str, Any]) -> None:
        process = self.process
        assert process is not None and process.stdin is not None
        process.stdin.write(encode(message))
        process.stdin.flush()

    def _ask(self, message: dict[str, Any], state: State | None) -> int:
        """Send ``message`` and read the answer: the chosen action (``move``) or 0 (``hello``)."""
        try:
            self._send(message)
        except (BrokenPipeError, OSError):
            raise self._failure(self._ended()) from None
        line = self._line()
        try:
            answer = json.loads(line)
        except ValueError:
            raise self._failure(self._garbage(line, N_("not JSON"))) from None
        if state is None:  # hello
            if not isinstance(answer, dict) or answer.get("ok") is not True:
                raise self._failure(self._garbage(line, N_('not an object with "ok": true')))
            return 0
        try:
            return chosen_action(answer, state)
        except BazaarError as exc:
            raise self._failure(
                BazaarError.of(
                    N_("the answer {answer} is not a legal move: {reason}"),
                    "agent",
                    answer=_quote(line),
                    reason=exc,
                )
            ) from None

    def _line(self) -> bytes:
        """The next answer line, within the timeout; SimError if none comes."""
        process = self.process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            ready = select.select([fd], [], [], max(left, 0))[0] if left > 0 else []
            if not ready:
                raise self._failure(
                    BazaarError.of(
                        N_("no answer within {seconds:g} s (set {variable} for more)"),
                        "agent",
                        seconds=self.timeout,
                        variable=TIMEOUT_VARIABLE,
                    )
                )
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._failure(self._ended())
            self.buffer += chunk
            if len(self.buffer) > MAX_ANSWER and b"\n" not in self.buffer:
                raise self._failure(
                    self._garbage(bytes(self.buffer[:200]), N_("a line over 1 MiB"))
                )
        line, _, rest = bytes(self.buffer).partition(b"\n")
        self.buffer = bytearray(rest)
        return line

    # --- refusals ---------------------------------------------------------------------
    def _ended(self) -> BazaarError:
        process = self.process
        assert process is not None
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=1.0)
        status = process.poll()
        return BazaarError.of(
            N_("the program ended (exit status {status}); its last error output: {said}"),
            "agent",
            status="?" if status is None else status,
            said=self._said() or "-",
        )

    @staticmethod
    def _garbage(line: bytes, what: str) -> BazaarError:
        from bazaar.core.errors import Term

        return BazaarError.of(
            N_("the answer {answer} is {what}"), "agent", answer=_quote(line), what=Term(what)
        )

    def _said(self) -> str:
        """The end of the program's error output."""
        if self.stderr is None:
            return ""
        with contextlib.suppress(OSError):
            self.stderr.seek(0)
            text = self.stderr.read().decode("utf-8", "replace").strip()
            return " ".join(text[-STDERR_TAIL:].split())
        return ""

    def _failure(self, problem: BazaarError) -> SimError:
        """The SimError of ``problem``, naming the agent and the game; the program is ended."""
        self._close()
        if self.where is None:
            return SimError.of(N_("agent {spec!r}: {problem}"), spec=self.spec, problem=problem)
        return SimError.of(
            N_("agent {spec!r} in game {game}: {problem}"),
            spec=self.spec,
            game=self.where,
            problem=problem,
        )

    def _close(self) -> None:
        if self._finalizer is not None:
            self._finalizer()  # kills and reaps the program if it still runs
        if self.process is not None:
            for pipe in (self.process.stdin, self.process.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()
        if self.stderr is not None:
            self.stderr.close()
            self.stderr = None


def _quote(line: bytes) -> str:
    text = line.decode("utf-8", "replace").strip()
    return repr(text if len(text) <= 120 else text[:117] + "...")
