"""What only release 0.1.0's fixtures (data format 1, ``tests/fixtures/format1/``) show.

``test_frozen_formats.py`` loads, replays and writes back every fixture of formats 1 and 2;
here, that it was release 0.1.0 that saved these.
"""

from __future__ import annotations

from ..support.frozen import FORMAT1


def test_release_0_1_0_saved_them() -> None:
    assert FORMAT1.manifest["hellsrummy"] == "0.1.0"
