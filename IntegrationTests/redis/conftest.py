"""Fixtures for the Redis suite: a Redis per module (a fresh one per test where a test stops it) and replicas."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
# The process helpers the three black-box suites share (IntegrationTests/common/inset_process.py).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, "common"))

from redis_env import Redis, Replica, server_binary  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def built_server():
    os.environ["INSET_SERVER_BIN"] = server_binary()


@pytest.fixture(scope="module")
def redis():
    server = Redis()
    yield server
    server.close()


@pytest.fixture
def own_redis():
    """A Redis for one test, which it may stop and start."""
    server = Redis()
    yield server
    server.close()


@pytest.fixture
def replicas():
    """replicas(redis, count, *args): that many inset-servers sharing `redis`, closed after the test."""
    started: list[Replica] = []

    def start(redis: Redis, count: int = 1, *args: str) -> list[Replica]:
        for _ in range(count):
            started.append(Replica("--session-store", redis.url, *args))
        return started[-count:]

    yield start
    for replica in started:
        replica.close()
