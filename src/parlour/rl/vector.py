"""Batched Gymnasium environments: N tables stepped at once by the compiled engine.

:class:`AmericanaVectorEnv` and :class:`PalaceVectorEnv` are the vector form of
:class:`parlour.rl.single_seat.SingleSeatEnv`, following Gymnasium's ``VectorEnv``
conventions: one learner seat per table, the other seats played by the random policy or
by an array policy (compiled; docs/batch.md), one episode per hand, rewards in chips
when the hand ends, and same-step autoreset: the step that ends a hand returns the first
observation of the next one and puts the last one in ``infos["final_obs"]`` (with
``infos["_final_obs"]``). Observations are the same bounded dict as the single-table
environments', the action tables the same (docs/rl.md), so policies move between them
unchanged. An illegal row follows :mod:`parlour.rl.table`'s rule: that table's hand is
void, the learner's reward is minus its whole stack, ``infos["illegal_action"]`` marks
it, and the next hand is dealt; a malformed ``actions`` array is a ``ValueError``.

Observations, masks, rewards and flags are written by the kernels into arrays allocated
once; ``copy=False`` hands those very arrays back (they change at the next step), the
default copies them, as Gymnasium's own vector environments do. ``threads=2`` steps two
halves of the tables at once on two cores (the kernels release the GIL).

>>> env = AmericanaVectorEnv(num_envs=8, seed=1)
>>> observations, infos = env.reset(seed=1)
>>> observations["observation"].shape
(8, 121)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from parlour.batch import americana as am
from parlour.batch import americana_vector, palace_vector
from parlour.batch import palace as pa
from parlour.batch import palace_obs as pobs
from parlour.batch.americana_batch import americana_options
from parlour.batch.americana_batch import option_array as americana_array
from parlour.batch.jit import policy_function
from parlour.batch.palace_batch import option_array as palace_array
from parlour.batch.palace_batch import palace_options
from parlour.batch.play import tables
from parlour.batch.policies import lowest
from parlour.batch.threads import blocks
from parlour.rl.table import codec_for

Ints = npt.NDArray[np.int64]
Arrays = tuple[Any, ...]


class TablesVectorEnv(VectorEnv[dict[str, Any], Any, Any]):
    """What both games' vector environments share (see the module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 - Gymnasium's form

    def __init__(
        self,
        num_envs: int,
        *,
        most: int,
        num_players: int,
        seat: int,
        stack: int,
        ante: int,
        opponent: Callable[..., Any] | None,
        threads: int,
        copy: bool,
        seed: int | None,
        codec: Any,
        width: int,
        streams: int,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        if not 2 <= num_players <= most:
            raise ValueError(f"a table seats 2 to {most} players, got {num_players}")
        if not 0 <= seat < num_players:
            raise ValueError(f"seat must be 0 to {num_players - 1}, got {seat}")
        if stack < ante or stack < 1:
            raise ValueError(f"stack {stack} cannot pay the ante of {ante}")
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be a positive integer, got {threads!r}")
        self.num_envs = num_envs
        self.num_players = num_players
        self.seat = seat
        self.stack = stack
        self.copy = copy
        self._stacks = np.full(num_players, stack, np.int64)
        self._policy = policy_function(lowest if opponent is None else opponent)
        self._use_policy = 0 if opponent is None else 1
        size, rows = codec.observation_size, codec.action_count
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=np.zeros(size, dtype=np.float32),
                    high=codec.observation_high,
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(0, 1, shape=(rows,), dtype=np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(rows)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rows_count = rows
        self._tables = np.zeros((num_envs, width), np.int64)
        self._streams = np.zeros((num_envs, streams), np.uint64)
        self._counters = np.zeros(num_envs, np.int64)
        self._obs = np.zeros((num_envs, size), np.float32)
        self._mask = np.zeros((num_envs, rows), np.int8)
        self._amounts = np.zeros((num_envs, rows), np.int64)
        self._rewards = np.zeros(num_envs, np.float64)
        self._illegal = np.zeros(num_envs, np.bool_)
        self._ended = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._final = np.zeros((num_envs, size), np.float32)
        self._no_rows = np.zeros(rows, np.int8)
        self._no_rows.flags.writeable = False
        self._blocks = [b for b in blocks(num_envs, threads) if b[1] > b[0]]
        self._scratch = [
            (np.zeros(size, np.float32), np.zeros(rows, np.int8), np.zeros(rows, np.int64))
            for _ in self._blocks
        ]
        self._pool = ThreadPoolExecutor(len(self._blocks)) if len(self._blocks) > 1 else None
        self._seed = np.uint64(0 if seed is None else seed & 0xFFFFFFFFFFFFFFFF)
        self._ready = False
        #: CPU seconds each thread has spent in the kernels (benchmarks read it).
        self.kernel_seconds = [0.0] * len(self._blocks)

    # ------------------------------------------------------------------ the games' part

    def _reset_kernel(self) -> tuple[Callable[..., int], Arrays]:
        """The reset kernel and its arguments after ``begin, end``, before the scratch."""
        raise NotImplementedError

    def _step_kernel(self, rows: Ints) -> tuple[Callable[..., int], Arrays]:
        """The step kernel and its arguments after ``begin, end``, before the scratch."""
        raise NotImplementedError

    # ------------------------------------------------------------------ Gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Deal a new hand at every table (from the start of ``seed``'s streams if given)."""
        del options
        if seed is not None:
            self._seed = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
            self._counters[:] = 0
        self._run(*self._reset_kernel())
        self._rewards[:] = 0.0
        self._ended[:] = False
        self._ready = True
        return self._observation(), {}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        dict[str, npt.NDArray[Any]],
        npt.NDArray[Any],
        npt.NDArray[Any],
        npt.NDArray[Any],
        dict[str, Any],
    ]:
        """Apply every table's row of the action table; see the module docstring."""
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        self._run(*self._step_kernel(self._checked(actions)))
        infos: dict[str, Any] = {}
        if self._ended.any():
            infos = {"final_obs": self._final_observations(), "_final_obs": self._ended.copy()}
        if self._illegal.any():
            infos["illegal_action"] = self._illegal.copy()
            infos["_illegal_action"] = self._illegal.copy()
        return (
            self._observation(),
            self._out(self._rewards),
            self._out(self._ended),
            self._out(self._truncated),
            infos,
        )

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the threads."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    # ------------------------------------------------------------------ helpers

    def _checked(self, actions: npt.ArrayLike) -> Ints:
        """The learner rows; -1 for a row the mask does not allow or outside the table (the
        illegal-action rule). A malformed array is refused and changes nothing."""
        rows = np.asarray(actions)
        if rows.shape != (self.num_envs,) or rows.dtype.kind not in "iu":
            raise ValueError(f"actions must be {self.num_envs} integer rows, one per table")
        rows = rows.astype(np.int64)
        inside = (rows >= 0) & (rows < self._rows_count)
        legal = np.zeros(self.num_envs, np.bool_)
        legal[inside] = self._mask[np.flatnonzero(inside), rows[inside]] != 0
        self._illegal[:] = ~legal
        return np.ascontiguousarray(np.where(legal, rows, -1), dtype=np.int64)

    def _run(self, kernel: Callable[..., int], common: Arrays) -> None:
        def one(k: int) -> int:
            begin, end = self._blocks[k]
            began = time.thread_time()
            failed = int(kernel(begin, end, *common, *self._scratch[k]))
            self.kernel_seconds[k] += time.thread_time() - began
            return failed

        if self._pool is None:
            failed = [one(0)]
        else:
            failed = list(self._pool.map(one, range(len(self._blocks))))
        for j in failed:
            if j >= 0:
                raise ValueError(f"the opponent policy chose a row that is not legal, at table {j}")

    def _final_observations(self) -> npt.NDArray[Any]:
        """Gymnasium's ``final_obs``: an object array, each ended table's last observation
        (a dict) and ``None`` elsewhere. One copy for all of them; each dict holds a view of
        its row and one shared, read-only mask of zeros (nothing is legal once a hand is
        over), so they are the caller's to keep."""
        ended = np.flatnonzero(self._ended)
        final = np.full(self.num_envs, None, dtype=object)
        final[ended] = [
            {"observation": row, "action_mask": self._no_rows} for row in self._final[ended]
        ]
        return final

    def _observation(self) -> dict[str, npt.NDArray[Any]]:
        return {"observation": self._out(self._obs), "action_mask": self._out(self._mask)}

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self.copy else array


class AmericanaVectorEnv(TablesVectorEnv):
    """``num_envs`` Americana tables, one learner seat each (see the module docstring)."""

    def __init__(
        self,
        num_envs: int,
        *,
        num_players: int = 2,
        seat: int = 0,
        stack: int = 100,
        options: Mapping[str, Any] | None = None,
        opponent: Callable[..., Any] | None = None,
        threads: int = 1,
        copy: bool = True,
        seed: int | None = None,
    ) -> None:
        parsed = americana_options(options)
        self.table_options = parsed
        self._opts = americana_array(parsed)
        super().__init__(
            num_envs,
            most=am.MAX_SEATS,
            num_players=num_players,
            seat=seat,
            stack=stack,
            ante=parsed.ante,
            opponent=opponent,
            threads=threads,
            copy=copy,
            seed=seed,
            codec=_codec("americana", num_players, am.MAX_SEATS, parsed.to_dict(), stack),
            width=am.WIDTH,
            streams=1,
        )

    def _common(self) -> Arrays:
        return (
            self._tables,
            self._streams,
            self._counters,
            self._seed,
            self._opts,
            self._stacks,
            self.seat,
        )

    def _reset_kernel(self) -> tuple[Callable[..., int], Arrays]:
        t = tables()
        after = (
            t.keys,
            t.tab,
            self._policy,
            self._use_policy,
            self._obs,
            self._mask,
            self._amounts,
        )
        return americana_vector.reset_tables, (*self._common(), *after)

    def _step_kernel(self, rows: Ints) -> tuple[Callable[..., int], Arrays]:
        t = tables()
        after = (
            rows, t.keys, t.tab, self._policy, self._use_policy, self._obs, self._mask,
            self._amounts, self._rewards, self._ended, self._final,
        )  # fmt: skip
        return americana_vector.step_tables, (*self._common(), *after)


class PalaceVectorEnv(TablesVectorEnv):
    """``num_envs`` Palace Poker tables, one learner seat each (see the module docstring)."""

    def __init__(
        self,
        num_envs: int,
        *,
        num_players: int = 2,
        seat: int = 0,
        stack: int = 100,
        options: Mapping[str, Any] | None = None,
        opponent: Callable[..., Any] | None = None,
        threads: int = 1,
        copy: bool = True,
        seed: int | None = None,
    ) -> None:
        parsed = palace_options(options)
        self.table_options = parsed
        self._opts = palace_array(parsed)
        if parsed.max_soldiers > pobs.MAX_SOLDIERS:
            raise ValueError(
                f"the Palace action table supports max_soldiers up to {pobs.MAX_SOLDIERS}, "
                f"got {parsed.max_soldiers}"
            )
        super().__init__(
            num_envs,
            most=pa.MAX_SEATS,
            num_players=num_players,
            seat=seat,
            stack=stack,
            ante=parsed.ante,
            opponent=opponent,
            threads=threads,
            copy=copy,
            seed=seed,
            codec=_codec("palace", num_players, pa.MAX_SEATS, parsed.to_dict(), stack),
            width=pa.WIDTH,
            streams=2,
        )
        self._empty = np.zeros(0, np.int64)

    def _common(self) -> Arrays:
        return (
            self._tables, self._streams, self._counters, self._seed, self._opts, self._stacks,
            self.seat,
        )  # fmt: skip

    def _reset_kernel(self) -> tuple[Callable[..., int], Arrays]:
        t = tables()
        after = (
            t.keys, t.tab, self._policy, self._use_policy, self._obs, self._mask,
            self._amounts, self._empty,
        )  # fmt: skip
        return palace_vector.reset_tables, (*self._common(), *after)

    def _step_kernel(self, rows: Ints) -> tuple[Callable[..., int], Arrays]:
        t = tables()
        after = (
            rows, t.keys, t.tab, self._policy, self._use_policy, self._obs, self._mask,
            self._amounts, self._rewards, self._ended, self._final, self._empty,
        )  # fmt: skip
        return palace_vector.step_tables, (*self._common(), *after)


def _codec(game: str, players: int, most: int, options: dict[str, Any], stack: int) -> Any:
    """The game's RL codec (its sizes and bounds), checked seat count first."""
    if not 2 <= players <= most:
        raise ValueError(f"a table seats 2 to {most} players, got {players}")
    return codec_for(game, players, options, stack * players)
