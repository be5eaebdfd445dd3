"""The garbage collector as the serving process sets it (``bot/service/collector.py``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import RecordingTransport, TableService
from bot.service.collector import YOUNG
from tests.service.kit import aio


@pytest.fixture
def threshold() -> Iterator[None]:
    """Python's own collector settings around the test, put back after it."""
    before, enabled = gc.get_threshold(), gc.isenabled()
    gc.set_threshold(700, 10, 10)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if enabled:
            gc.enable()


@aio
async def test_serving_collects_the_young_generation_less_often(tmp_path: Path, threshold: None) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    try:
        assert gc.get_threshold() == (700, 10, 10)  # opening a service changes nothing
        svc.serve(RecordingTransport())
        assert gc.get_threshold() == (YOUNG, 10, 10)
    finally:
        await svc.close()


@aio
async def test_a_threshold_the_operator_set_higher_or_a_disabled_collector_is_kept(tmp_path: Path,
                                                                                threshold: None) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    try:
        gc.set_threshold(YOUNG * 5, 3, 4)
        svc.serve()
        assert gc.get_threshold() == (YOUNG * 5, 3, 4)
        gc.set_threshold(100, 10, 10)
        gc.disable()
        svc.serve()
        assert gc.get_threshold() == (100, 10, 10) and not gc.isenabled()
    finally:
        await svc.close()
