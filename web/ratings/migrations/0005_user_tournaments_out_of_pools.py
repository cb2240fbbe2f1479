"""Takes the matches of user tournaments out of the global rating pools.

Until now every finished match moved its pool's published rating, so a tournament anybody
created moved the ratings of the bots entered in it.  Now a tournament's matches feed the pools
only when staff made it official (``Tournament.official``, false for every existing tournament):

* every match of an existing tournament is marked ``rated = false``;
* each pool that had entries from such matches is rebuilt from the matches that still feed it
  (``web.ratings.rebuild.pool_rebuild``): their live updates replayed in order, then a refit; the
  pool's former entries, which counted the tournaments, are replaced.

The tournaments' own standings (their fitted ratings and intervals) are unchanged.
"""
from django.db import migrations

CHUNK = 2000


def forwards(apps, schema_editor):
    from web.ratings.rebuild import pool_rebuild
    Match, MatchSeat = apps.get_model("matches", "Match"), apps.get_model("matches", "MatchSeat")
    Pool, RatingEntry = apps.get_model("ratings", "Pool"), apps.get_model("ratings", "RatingEntry")
    CurrentRating = apps.get_model("ratings", "CurrentRating")
    unofficial = list(Match.objects.filter(tournament_round__tournament__official=False, rated=True)
                      .values_list("pk", flat=True))
    touched = set()
    for start in range(0, len(unofficial), CHUNK):
        ids = unofficial[start:start + CHUNK]
        touched |= set(RatingEntry.objects.filter(match_id__in=ids).values_list("pool_id", flat=True).distinct())
        Match.objects.filter(pk__in=ids).update(rated=False)
    models = {"Match": Match, "MatchSeat": MatchSeat, "CurrentRating": CurrentRating, "RatingEntry": RatingEntry}
    for pool in Pool.objects.filter(key__in=touched).order_by("key"):
        pool_rebuild(pool=pool, models=models)


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0005_match_rated"),
        ("tournaments", "0003_official"),
        ("ratings", "0004_pool_keys"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
