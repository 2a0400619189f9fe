"""The game rooms: one module or package per game, each registering itself with the core.

The core (:mod:`mjcli.registry`) imports every module here once, on first
use; no core module imports one by name.
"""
