"""Snapshots crossing Redis are packed as they are, never re-encoded, and come out whole."""

from __future__ import annotations

import orjson
from hypothesis import given
from hypothesis import strategies as st

from parlour.server.bus import PACKED, dumps, pack, unpack


@given(st.dictionaries(st.text(max_size=20), st.text(max_size=300), max_size=8))
def test_packed_texts_come_out_as_they_went_in(texts: dict[str, str]) -> None:
    packed = pack(texts)
    assert packed.startswith(PACKED)
    assert unpack(packed) == texts


def test_no_json_bus_message_looks_packed() -> None:
    # The listener tells the two kinds apart by the first bytes.
    assert not dumps({"kind": "owner", "text": "S\n"}).startswith(PACKED)
    assert orjson.loads(dumps({"kind": "owner"})) == {"kind": "owner"}
