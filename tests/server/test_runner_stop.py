"""A table's task stops even when a cancellation is swallowed.

On Python 3.11 ``asyncio.wait_for`` swallows a cancellation that arrives as the command it
waits for does; the table's loop then goes on, and a ``stop`` that awaited it once would
wait for ever, holding up the lease keeper that closes idle tables (seen as an idle table
that never closed, under load).
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from parlour.server.runner import TableRunner


async def stubborn(ignore: list[int], seen: list[int]) -> None:
    """A loop that swallows cancellations while ``ignore[0]`` says so, as wait_for may."""
    while True:
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            seen.append(1)
            if len(seen) > ignore[0]:
                raise


def test_stop_cancels_a_table_task_until_it_ends() -> None:
    async def scenario() -> tuple[bool, int]:
        seen: list[int] = []
        ignore = [2]
        task = asyncio.create_task(stubborn(ignore, seen))
        await asyncio.sleep(0)
        runner = SimpleNamespace(thinking=set(), task=task)
        stopping = asyncio.create_task(TableRunner.stop(runner))  # type: ignore[arg-type]
        done, _ = await asyncio.wait({stopping}, timeout=5)
        ignore[0] = 0  # let a stop that waits for ever end, so the test fails, not hangs
        task.cancel()
        await asyncio.wait({stopping}, timeout=5)
        return bool(done) and task.cancelled(), len(seen)

    stopped, cancels = asyncio.run(scenario())
    assert stopped
    assert cancels == 3
