"""Rebuild the standing totals of leagues from their confirmed results (all when none is named)."""

from django.core.management.base import BaseCommand, CommandError

from leagues.models import League
from leagues.summaries import rebuild_totals


class Command(BaseCommand):
    help = "Recompute league standing totals from the confirmed results."

    def add_arguments(self, parser):
        parser.add_argument("leagues", nargs="*", type=int, help="League ids (default: all).")

    def handle(self, *args, leagues, **options):
        found = League.objects.order_by("pk")
        if leagues:
            found = found.filter(pk__in=leagues)
            missing = sorted(set(leagues) - set(found.values_list("pk", flat=True)))
            if missing:
                raise CommandError(f"There is no league {', '.join(map(str, missing))}.")
        for pk in found.values_list("pk", flat=True):
            rows = rebuild_totals(league=League(pk=pk))
            self.stdout.write(f"league {pk}: {rows} players' totals rebuilt.")
