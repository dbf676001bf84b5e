"""How a server process runs: no per-message compression, a collector that cannot stall play.

A snapshot is deflated for every viewer under per-message compression (about a fifth of the
server's time per action, measured by benchmarks/bench_server.py); a full collection over
every object start-up built stalled every table for up to 300 ms under load.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from parlour.server.process import free_port, start_server

pytestmark = pytest.mark.integration


def test_a_server_turns_down_per_message_compression() -> None:
    """The client offers permessage-deflate (websockets does by default); the server's
    handshake accepts no extension, so no snapshot is compressed per viewer."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(f"sqlite:///{Path(folder) / 'p.db'}", port)
        try:

            async def handshake() -> str | None:
                address = f"ws://127.0.0.1:{port}/ws/tables/none"
                async with connect(address) as ws:
                    assert ws.request is not None
                    assert ws.response is not None
                    offered = ws.request.headers.get("Sec-WebSocket-Extensions")
                    assert offered is not None
                    assert "permessage-deflate" in offered
                    return ws.response.headers.get("Sec-WebSocket-Extensions")

            assert asyncio.run(handshake()) is None
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_settling_after_start_freezes_start_up_and_makes_collections_rarer() -> None:
    """In a process of its own, since it changes the whole interpreter's collector."""
    script = (
        "import gc\n"
        "import parlour.server.app\n"  # the server's modules are what start-up builds
        "from parlour.server.memory import YOUNG_THRESHOLD, settle_after_start\n"
        "assert gc.get_freeze_count() == 0\n"
        "settle_after_start()\n"
        "assert gc.get_freeze_count() > 10000, gc.get_freeze_count()\n"
        "assert gc.get_threshold()[0] == YOUNG_THRESHOLD\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
