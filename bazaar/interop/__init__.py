"""Ways for other programs to use Bazaar games (docs/research.md is the index).

- :mod:`bazaar.interop.engine`: the JSON-lines engine protocol (like UCI for chess), so a
  program in any language can drive any registered game over stdin/stdout
  (``python -m bazaar.interop.engine``; see ``docs/engine.md``); a session that says
  ``{"cmd": "hello", "protocol": 2}`` speaks version 2 (:mod:`bazaar.interop.engine_v2`:
  moves by index, the built-in bots, hints and analyses, answers per asking seat).
- :mod:`bazaar.interop.pettingzoo`: PettingZoo AEC environments of every game with features
  (needs the ``research`` extra; see ``docs/pettingzoo.md``).
- :mod:`bazaar.interop.openspiel`: the games registered as OpenSpiel games
  (``python_bazaar_*``; needs ``open_spiel``; see ``docs/openspiel.md``).
- :mod:`bazaar.interop.single_agent`: one seat of a game as a gymnasium environment against
  random bots, for single-agent learners such as MaskablePPO (see ``docs/learning.md``).

Submodules are imported on demand, so importing this package pulls in nothing optional.
"""
