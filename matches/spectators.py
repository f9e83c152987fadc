"""Kept for the modules that import it by this name: who may watch is ``matches.access``."""

from __future__ import annotations

from matches.access import seat_and_access

__all__ = ["seat_and_access"]
