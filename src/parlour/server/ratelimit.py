"""Token buckets: per connection, and per client address for everything an address does.

A limit is applied before any work is done for a request or a message (no parsing, no
table command, no database), so a flood costs the server little more than reading it.
"""

from __future__ import annotations

import time
from collections import OrderedDict


class TokenBucket:
    """Allows ``burst`` messages at once and ``rate`` per second after that."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token; ``False`` when the connection is over its limit."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Limiter:
    """One :class:`TokenBucket` per client address; the least recently seen are forgotten
    past ``size`` addresses, so memory stays bounded however many addresses come."""

    def __init__(self, rate: float, burst: int, size: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.size = size
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str) -> bool:
        """Spend one of ``address``'s tokens; ``False`` when it is over its limit."""
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = TokenBucket(self.rate, self.burst)
            if len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
        return bucket.take()
