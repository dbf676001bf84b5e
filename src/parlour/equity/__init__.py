"""Odds from known cards: Americana showdown equity and Palace battle chances.

Exact by enumeration when the unseen cards allow it, otherwise Monte Carlo; both use
the batch evaluator. See :mod:`parlour.equity.americana` and :mod:`parlour.equity.palace`.
"""
