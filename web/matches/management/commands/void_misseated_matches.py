"""Lists the stored matches with a seat that is not the bot it names and takes them out of the
ratings: they no longer feed their pools, whose ratings are rebuilt without them."""
from django.core.management.base import BaseCommand

from web.matches import selectors, services


class Command(BaseCommand):
    help = ("List the stored matches with a seat that is not the bot it names (another bot's version, or one bot "
            "in several seats of a ladder, tournament or challenge match), void their rating entries and rebuild "
            "the pools they fed.")

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true", help="only list them")

    def handle(self, *args, dry_run=False, **options):
        found = selectors.misseated_matches()
        for match, why in found:
            seats = ", ".join(f"{seat.seat}: {seat.player_name}" for seat in match.seats.all())
            self.stdout.write(f"match {match.pk} ({match.game}, {match.kind}, {match.status}"
                              f"{', rated' if match.rated else ''}): {why} [{seats}]")
        if not found:
            self.stdout.write("No match seats a bot that is not the one it names.")
            return
        if dry_run:
            self.stdout.write(f"{len(found)} match{'es' if len(found) != 1 else ''} found; nothing changed (--dry-run).")
            return
        rated = [match.pk for match, _ in found if match.rated]
        pools = services.matches_void_ratings(match_ids=rated)
        self.stdout.write(f"{len(found)} match{'es' if len(found) != 1 else ''} found; {len(rated)} voided in the "
                          f"ratings; pools rebuilt: {', '.join(pools) or 'none'}.")
