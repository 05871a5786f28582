"""Helpers the tests share: fixed deals, strategies, random games, the brute-force oracle."""
