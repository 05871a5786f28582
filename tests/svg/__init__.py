"""Tests of :mod:`hellsrummy.svg`."""
