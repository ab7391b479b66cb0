"""Benchmarks that print figures: where the time of the SDK, the mock and the CLI goes.

Run them with ``make bench`` (``bench/run.py --help`` lists the options). Nothing here asserts
a speed: the figures are for reading and comparing (see ``docs/benchmarks.md``).
"""
