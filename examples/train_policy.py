"""Train a small policy from scratch against the ``random`` bot, then measure it.

A linear softmax policy over the masked action table (NumPy only), trained by REINFORCE
with a running-mean baseline in :class:`parlour.rl.single_seat.SingleSeatEnv`, one hand
per episode, reward in chips at the end of the hand. The evaluation then plays fresh
hands (every hand counts, also those that end before the learner acts) against the same
bot and reports chips won per hand with a 95% confidence interval.

    python examples/train_policy.py --game americana
    python examples/train_policy.py --game palace --train-hands 30000

Needs the ``rl`` extra (gymnasium, pettingzoo). Takes a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parlour.rl.single_seat import SingleSeatEnv

FloatArray = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over ``W @ x + b``, illegal rows masked out."""

    def __init__(self, inputs: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0.0, 0.01, size=(actions, inputs))
        self.bias = np.zeros(actions)

    def probabilities(self, x: FloatArray, mask: npt.NDArray[np.int8]) -> FloatArray:
        """The action distribution for observation ``x``."""
        raw: FloatArray = self.weights @ x + self.bias
        logits: FloatArray = np.where(mask > 0, raw, -np.inf)
        p: FloatArray = np.exp(logits - logits.max())
        out: FloatArray = p / p.sum()
        return out

    def update(
        self, steps: list[tuple[FloatArray, FloatArray, int]], advantage: float, rate: float
    ) -> None:
        """One REINFORCE step: raise the log-probability of each taken row by ``advantage``."""
        for x, p, row in steps:
            grad = -p
            grad[row] += 1.0
            self.weights += rate * advantage * np.outer(grad, x)
            self.bias += rate * advantage * grad


@dataclass
class Result:
    """Chips won per hand over the evaluation, with a 95% interval."""

    mean: float
    half_width: float
    hands: int

    def __str__(self) -> str:
        low, high = self.mean - self.half_width, self.mean + self.half_width
        return f"{self.mean:+.3f} chips/hand, 95% CI [{low:+.3f}, {high:+.3f}] over {self.hands}"


def train(env: SingleSeatEnv, hands: int, seed: int, rate: float) -> LinearPolicy:
    """REINFORCE over ``hands`` episodes."""
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(env.codec.observation_size, env.codec.action_count, rng)
    baseline = 0.0
    scale = 1.0 / env.stack * 10
    observation, _ = env.reset(seed=seed)
    for _ in range(hands):
        steps: list[tuple[FloatArray, FloatArray, int]] = []
        done = False
        reward = 0.0
        while not done:
            x = observation["observation"].astype(np.float64)
            p = policy.probabilities(x, observation["action_mask"])
            row = int(rng.choice(len(p), p=p))
            steps.append((x, p, row))
            observation, reward, done, _, _ = env.step(row)
        scaled = reward * scale
        baseline += 0.01 * (scaled - baseline)
        policy.update(steps, scaled - baseline, rate / max(len(steps), 1))
        observation, _ = env.reset()
    return policy


def evaluate(env: SingleSeatEnv, policy: LinearPolicy, hands: int, seed: int) -> Result:
    """Play ``hands`` fresh hands (every one counted) and measure the learner's chips."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    table = env.table
    wins = np.zeros(hands)
    for i in range(hands):
        table.deal(random.Random(rng.getrandbits(64)))
        hand = table.hand
        while not table.over:
            seat = hand.to_act
            if seat != env.seat:
                bot = env.bots[seat - 1 if seat > env.seat else seat]
                table.play_action(seat, bot.choose(hand.view(seat), rng))
                continue
            vector, decision = table.observe(seat)
            p = policy.probabilities(vector.astype(np.float64), decision.mask)
            table.play(seat, int(nrng.choice(len(p), p=p)))
        wins[i] = table.rewards()[env.seat]
    half = 1.959964 * float(wins.std(ddof=1)) / math.sqrt(hands)
    return Result(float(wins.mean()), half, hands)


def main(argv: Sequence[str] | None = None) -> int:
    """Train and evaluate for each game asked for; prints one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["americana", "palace", "both"], default="both")
    parser.add_argument("--train-hands", type=int, default=20000)
    parser.add_argument("--eval-hands", type=int, default=20000)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = ["americana", "palace"] if args.game == "both" else [args.game]
    for game in games:
        start = time.perf_counter()
        env = SingleSeatEnv(game, opponents=["random"])
        policy = train(env, args.train_hands, args.seed, args.rate)
        trained = time.perf_counter() - start
        untrained = evaluate(
            env,
            LinearPolicy(
                env.codec.observation_size, env.codec.action_count, np.random.default_rng(0)
            ),
            min(args.eval_hands, 2000),
            args.seed + 2,
        )
        result = evaluate(env, policy, args.eval_hands, args.seed + 1)
        total = time.perf_counter() - start
        print(f"{game}: untrained {untrained}")
        print(f"{game}: trained   {result}")
        print(
            f"{game}: beats random: {result.mean - result.half_width > 0}; "
            f"train {trained:.0f} s, total {total:.0f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
