"""Tests of :mod:`hellsrummy.contracts`."""
