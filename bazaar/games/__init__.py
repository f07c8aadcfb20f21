"""One package per game; each defines ``GAME`` (see :mod:`bazaar.core.registry`)."""
