"""Many games between chosen seats, their figures, and reports people read (docs/simulation.md).

``bazaar simulate`` plays games into an output folder (:mod:`bazaar.sim.store`), one row per
game plus the game's record; :mod:`bazaar.sim.summary` turns rows into figures with 95%
intervals; :mod:`bazaar.sim.report` draws them into one self-contained HTML file; ``bazaar
sweep`` repeats a simulation per value of a rule option.
"""
