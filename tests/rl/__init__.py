"""Tests of :mod:`hellsrummy.rl`."""
