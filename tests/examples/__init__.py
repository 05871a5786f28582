"""Tests of the examples: smoke runs, the web server, the browser test."""
