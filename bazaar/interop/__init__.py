"""Ways for other programs to use Bazaar games.

- :mod:`bazaar.interop.engine`: the JSON-lines engine protocol (like UCI for chess), so a
  program in any language can drive any registered game over stdin/stdout
  (``python -m bazaar.interop.engine``; see ``docs/engine.md``); a session that says
  ``{"cmd": "hello", "protocol": 2}`` speaks version 2 (:mod:`bazaar.interop.engine_v2`:
  moves by index, the built-in bots, hints and analyses, answers per asking seat).

Submodules are imported on demand, so importing this package pulls in nothing optional.
"""
