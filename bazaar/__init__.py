"""Bazaar: market board games to play, study and simulate."""

import os

__version__ = "0.1.0"

# The value models multiply small matrices (a few hundred rows at most): a BLAS thread pool
# only adds waiting, and on a busy machine it made one batch 10x slower. One BLAS thread unless
# the process asked for more (only effective before numpy is first imported).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
