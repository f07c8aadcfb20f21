"""Settings for every test: an HTTP request that names no timeout waits up to REPLY_WAIT.

httpx's default (5 s for the connection and for the reply) is a wall-clock bound that a busy
machine can miss; a test that means a bound names its own ``timeout``.
"""

from __future__ import annotations

import httpx

#: Seconds an HTTP request of the tests may wait (a liveness bound: replies take milliseconds).
REPLY_WAIT = 60.0


def pytest_configure() -> None:
    # httpx's functions and clients share one default Timeout object: lengthen it in place
    default = httpx.Client.__init__.__kwdefaults__["timeout"]
    assert isinstance(default, httpx.Timeout)
    default.connect = default.read = default.write = default.pool = REPLY_WAIT
