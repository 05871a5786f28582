"""Tests of :mod:`hellsrummy.data`."""
