"""Tests of :mod:`hellsrummy.play`."""
