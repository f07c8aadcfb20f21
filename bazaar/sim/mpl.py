"""matplotlib set up once for reports: no screen, fonts with Traditional Chinese, PNG bytes.

matplotlib is imported here only (it comes with the ``sim`` extra); callers import this module
inside the functions that draw.
"""

from __future__ import annotations

import io
from functools import cache
from typing import Any

#: fonts with Traditional Chinese glyphs, best first (Debian's fonts-noto-cjk has the first)
CJK_FONTS = ("Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Serif CJK TC", "AR PL UMing TW")

#: one colour per seat (1..6) and per agent in legends, readable for colour-blind people
#: (Okabe and Ito's palette)
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


@cache
def pyplot() -> Any:
    """``matplotlib.pyplot`` on the Agg backend, with a CJK font first in the family list."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager

    known = {font.name for font in font_manager.fontManager.ttflist}
    cjk = [name for name in CJK_FONTS if name in known]
    plt.rcParams["font.family"] = "sans-serif"
    plt.rcParams["font.sans-serif"] = [*cjk, "DejaVu Sans"]
    plt.rcParams["axes.unicode_minus"] = False
    plt.rcParams["svg.hashsalt"] = "bazaar"
    plt.rcParams["axes.prop_cycle"] = plt.cycler(color=list(PALETTE))
    return plt


def has_cjk_font() -> bool:
    """Whether a font with Traditional Chinese glyphs is installed (else zh-TW shows boxes)."""
    pyplot()
    from matplotlib import font_manager

    known = {font.name for font in font_manager.fontManager.ttflist}
    return any(name in known for name in CJK_FONTS)


def png_bytes(figure: Any, dpi: int = 110) -> bytes:
    """The figure as PNG bytes (no timestamp in the metadata), then closed."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    pyplot().close(figure)
    return buffer.getvalue()
