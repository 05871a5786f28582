"""Tests of the documentation: its examples run as they are copied."""
