"""Tests of :mod:`hellsrummy.views`."""
