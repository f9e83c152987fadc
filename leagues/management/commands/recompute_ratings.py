"""Rebuild a game's league ratings from its confirmed results (all games when none is named)."""

from django.core.management.base import BaseCommand, CommandError

from leagues.ratings import recompute_ratings
from rulesets.registry import get_ruleset, slugs


class Command(BaseCommand):
    help = "Rebuild league ratings from scratch, in confirmation order."

    def add_arguments(self, parser):
        parser.add_argument("rulesets", nargs="*", help="Game slugs (default: every game).")

    def handle(self, *args, rulesets, **options):
        for slug in rulesets or slugs():
            if get_ruleset(slug) is None:
                raise CommandError(f"There is no game called '{slug}'.")
            count = recompute_ratings(ruleset=slug)
            self.stdout.write(f"{slug}: {count} results rated.")
