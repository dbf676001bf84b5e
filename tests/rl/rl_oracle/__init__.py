"""The plain RL environments as they were before issue 13's speed work (commit 2821c48).

A frozen copy of ``parlour.rl``'s single-table environments, kept as the test oracle: the
faster environments must give the same observations, masks, rewards, terminations and infos
at every step (tests/rl/test_rl_speed_equality.py), and benchmarks/bench_rl.py measures its
speed as "before". Do not change it to follow ``parlour.rl``.
"""
