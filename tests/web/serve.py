"""``bazaar serve`` as the web tests run it: its hints, analyses and puzzles at normal CPU
priority (``python -m tests.web.serve serve --port …``; tests/web/server.py).

The server's advice workers run at the lowest CPU priority (bazaar/web/advice.py,
``ADVICE_NICENESS``: nice 19 and the idle scheduling class), so that any other runnable
process takes the core from them. On a machine that other work keeps busy (two busy loops on
two cores) a hint of the easy level then took minutes instead of a fraction of a second, and
every test that waits for a hint or an analysis failed its liveness bound. The tests' servers
run them at normal priority; the priority itself is checked where it is set
(tests/web/test_bots_first.py: the desk's workers run at the idle class).
"""

from __future__ import annotations

from bazaar.cli import main

if __name__ == "__main__":
    # (imported here: a spawned worker imports this module too, and needs no hub)
    import bazaar.web.hub

    bazaar.web.hub.ADVICE_NICENESS = 0  # read when the server's hub is made
    main()
