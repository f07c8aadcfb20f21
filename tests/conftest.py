"""Settings for every test's HTTP requests (httpx): a longer default timeout, one TLS context.

- A request that names no timeout waits up to REPLY_WAIT: httpx's default (5 s for the
  connection and for the reply) is a wall-clock bound that a busy machine can miss; a test
  that means a bound names its own ``timeout``.
- Every client verifies TLS with one context made once (the same checks as httpx's default):
  each ``httpx.get``/``post`` and each ``Client`` otherwise loads the CA bundle anew, about
  40 ms of CPU, even for the plain-HTTP loopback servers of the tests (a server's start polls
  it every 0.1 s; a test that follows a game asks after every move).
"""

from __future__ import annotations

import httpx

#: Seconds an HTTP request of the tests may wait (a liveness bound: replies take milliseconds).
REPLY_WAIT = 60.0

#: httpx's functions and classes whose ``verify`` default is replaced by the shared context
WITH_VERIFY = (
    httpx.request,
    httpx.get,
    httpx.post,
    httpx.put,
    httpx.patch,
    httpx.delete,
    httpx.head,
    httpx.options,
    httpx.Client.__init__,
    httpx.AsyncClient.__init__,
    httpx.HTTPTransport.__init__,
    httpx.AsyncHTTPTransport.__init__,
)


def pytest_configure() -> None:
    # httpx's functions and clients share one default Timeout object: lengthen it in place
    default = httpx.Client.__init__.__kwdefaults__["timeout"]
    assert isinstance(default, httpx.Timeout)
    default.connect = default.read = default.write = default.pool = REPLY_WAIT
    tls = httpx.create_ssl_context()
    for function in WITH_VERIFY:
        defaults = function.__kwdefaults__
        if defaults is not None and defaults.get("verify") is True:
            defaults["verify"] = tls
