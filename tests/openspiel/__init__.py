"""Tests of :mod:`hellsrummy.openspiel`."""
