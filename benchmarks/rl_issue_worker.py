"""bench_rl's *at the issue* side: the RL environments of the issue commit's whole package.

``bench_rl`` writes the package as it was at issue 13's commit (engine, codecs,
environments: all of ``src/parlour``) into a temporary directory and starts this script
with ``PYTHONPATH`` pointing there, so ``import parlour`` is that package, never today's.
It reads one request per line on stdin (JSON: ``kind`` ``aec`` or ``single``, ``game``,
``players``, ``options``, ``hands``), plays those hands exactly as bench_rl's today side
does (the same seeds, the same uniform policy over the mask's legal rows, the same loops),
and answers one JSON line: agent steps, hands and the CPU time they took in this process.
Each case's environment is built and its first hand played once, untimed, as on today's
side. Only the standard library, NumPy and rl_loops (the loops every side plays) are imported
here besides the issue's package.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from typing import Any

from rl_loops import aec_hands, single_hands  # beside this file: no parlour imported


def _build(request: dict[str, Any]) -> Any:
    game, players, options = request["game"], int(request["players"]), request["options"]
    if request["kind"] == "aec":
        module = importlib.import_module(f"parlour.rl.{game}_v0")
        env = module.raw_env(num_players=players, options=options)
        env.reset(seed=0)
        return env
    single = importlib.import_module("parlour.rl.single_seat").SingleSeatEnv
    env = single(game, ["random"] * (players - 1), options=options)
    env.reset(seed=0)
    return env


def main() -> None:
    """Answer requests until stdin closes; the first line says which package answers."""
    import parlour

    print(json.dumps({"parlour": parlour.__file__}), flush=True)
    envs: dict[str, Any] = {}
    for line in sys.stdin:
        request = json.loads(line)
        key = json.dumps([request[k] for k in ("kind", "game", "players", "options")])
        env = envs.get(key)
        if env is None:
            env = envs[key] = _build(request)
        hands = int(request["hands"])
        play = aec_hands if request["kind"] == "aec" else single_hands
        start = time.process_time()
        steps = play(env, hands)
        cpu = time.process_time() - start
        print(json.dumps({"steps": steps, "hands": hands, "cpu": cpu}), flush=True)


if __name__ == "__main__":
    main()
