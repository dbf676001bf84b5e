"""Reinforcement-learning environments (the ``rl`` extra): PettingZoo and Gymnasium.

- :mod:`parlour.rl.americana_v0` and :mod:`parlour.rl.palace_v0`: PettingZoo AEC
  environments, one hand per episode, ``env(**kwargs)`` and ``raw_env``;
- :mod:`parlour.rl.single_seat`: a Gymnasium environment where one seat learns and the
  others are parlour bots.

See docs/rl.md for the action tables and the observation encodings.
"""
