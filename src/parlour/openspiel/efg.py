"""The whole game tree of a small parlour game, written as a Gambit EFG file, so that
OpenSpiel's C++ solvers (CFR, CFR+, MCCFR, best response, exploitability) run on it at C++
speed (``pyspiel.load_efg_game``) instead of calling back into Python at every node.

The tree is exact: the same chance nodes, probabilities, information sets and chip
returns as the Python game (:mod:`parlour.openspiel.state`). Information sets are the
Python game's information-state strings, numbered per player; every decision keeps its
row of the action table as the action's name (``r0`` .. ``r5``), so a policy of the EFG
game maps back to rows, and a policy given per information-state string (a bot's) maps
onto the EFG game. Only for games small enough to enumerate (research-only ``deck`` and
``upcards`` parameters, short stacks): :func:`export` refuses a tree above ``limit`` nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]


@dataclass
class InfoSet:
    """One information set: its owner, number, a state in it, and its legal rows."""

    player: int
    number: int
    key: str
    rows: tuple[int, ...]
    state: Any


@dataclass
class Tree:
    """The EFG text of a game and what maps it back to the Python game."""

    text: str
    nodes: int
    infosets: dict[str, InfoSet] = field(default_factory=dict)

    def game(self) -> Any:
        """The tree as an OpenSpiel game (C++)."""
        return pyspiel.load_efg_game(self.text)

    def efg_key(self, info: InfoSet) -> str:
        """The EFG game's information-state string of ``info`` (for its observer)."""
        return f"{info.player}-{info.player}-{info.number}-{info.number}"


def export(game: Any, limit: int = 2_000_000) -> Tree:
    """Walk every history of ``game`` (a parlour OpenSpiel game) into an EFG tree."""
    lines: list[str] = []
    infosets: dict[str, InfoSet] = {}
    counts = [0] * game.num_players()
    outcome = 0
    stack: list[tuple[Any, int]] = [(game.new_initial_state(), 0)]
    nodes = 0
    # OpenSpiel's EFG reader numbers action names in the order it first reads them, then
    # sorts each node's ids without its children: list every node's actions in id order.
    row_ids: dict[str, int] = {}
    chance_ids: dict[str, int] = {}
    while stack:
        state, depth = stack.pop()
        nodes += 1
        if nodes > limit:
            raise ValueError(f"the game tree has more than {limit} nodes: too big to enumerate")
        pad = " " * min(depth, 40)
        if state.is_terminal():
            outcome += 1
            payoffs = " ".join(f"{r:.1f}" for r in state.returns())
            lines.append(f'{pad}t "" {outcome} "" {{ {payoffs} }}')
            continue
        children: list[Any]
        if state.is_chance_node():
            outcomes = _in_id_order([a for a, _ in state.chance_outcomes()], "c", chance_ids)
            share = Fraction(1, len(outcomes))
            branches = " ".join(f'"c{a}" {share}' for a in outcomes)
            lines.append(f'{pad}c "" {nodes} "" {{ {branches} }} 0')
            children = [state.child(a) for a in outcomes]
        else:
            player = state.current_player()
            key = state.information_state_string(player)
            info = infosets.get(key)
            if info is None:
                counts[player] += 1
                rows = tuple(state.legal_actions())
                info = InfoSet(player, counts[player], key, rows, state)
                infosets[key] = info
            listed = _in_id_order(list(info.rows), "r", row_ids)
            names = " ".join(f'"r{r}"' for r in listed)
            lines.append(f'{pad}p "" {player + 1} {info.number} "{info.number}" {{ {names} }} 0')
            children = [state.child(r) for r in listed]
        stack.extend((child, depth + 1) for child in reversed(children))
    players = " ".join(f'"P{p}"' for p in range(game.num_players()))
    del row_ids, chance_ids
    head = f'EFG 2 R "{game}" {{ {players} }}\n'
    return Tree(head + "\n".join(lines) + "\n", nodes, infosets)


def _in_id_order(actions: list[int], prefix: str, ids: dict[str, int]) -> list[int]:
    """``actions`` ordered by the EFG reader's ids for their names (new names get the next
    ids, in the order given), so the listed order is the id order."""
    known = sorted((a for a in actions if f"{prefix}{a}" in ids), key=lambda a: ids[f"{prefix}{a}"])
    fresh = [a for a in actions if f"{prefix}{a}" not in ids]
    for a in fresh:
        ids[f"{prefix}{a}"] = len(ids)
    return known + fresh
