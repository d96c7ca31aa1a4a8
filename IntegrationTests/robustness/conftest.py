"""Robustness suite for inset-server: `--short` (or ROBUST_SHORT=1) shortens the timed tests for CI."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
# The process helpers the three black-box suites share (IntegrationTests/common/inset_process.py).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, "common"))


def pytest_addoption(parser):
    parser.addoption(
        "--short",
        action="store_true",
        default=False,
        help="short mode for CI (same as ROBUST_SHORT=1): shorter load and leak loops",
    )


def pytest_configure(config):
    if config.getoption("--short"):
        os.environ["ROBUST_SHORT"] = "1"
