"""The web server: lobby, tables, seats, clocks, websockets and storage (issue 6).

One asyncio task per table owns that table's state; every connection receives its own
complete snapshot after each change. See ``docs/server.md``.
"""
