"""Rosters in the admin. Every change of credits, kit or fighters goes through rosters.services,
exactly as the API does: credits checked, ledger written, actor kept."""

from rosters.admin import catalogue, fighters, gangs, records  # noqa: F401  (registers)
