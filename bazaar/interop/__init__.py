"""Ways for other programs to use Bazaar games.

- :mod:`bazaar.interop.engine`: the JSON-lines engine protocol (like UCI for chess), so a
  program in any language can drive any registered game over stdin/stdout
  (``python -m bazaar.interop.engine``; see ``docs/engine.md``).
- :mod:`bazaar.interop.openspiel`: the games registered as OpenSpiel games
  (``python_bazaar_*``; needs ``open_spiel``; see ``docs/openspiel.md``).

Submodules are imported on demand, so importing this package pulls in nothing optional.
"""
