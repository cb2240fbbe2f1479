import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('bots', '0007_remove_botversion_file'),
        ('matches', '0008_match_kind_version_test'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='VersionTest',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=32)),
                ('seats', models.PositiveSmallIntegerField(help_text="seats at each game's table, both versions included")),
                ('options', models.JSONField(default=dict)),
                ('elo0', models.FloatField(help_text='H0: the new version is this many Elo stronger')),
                ('elo1', models.FloatField(help_text='H1: the new version is this many Elo stronger')),
                ('alpha', models.FloatField(help_text='the rate of accepting H1 when H0 holds')),
                ('beta', models.FloatField(help_text='the rate of accepting H0 when H1 holds')),
                ('max_games', models.PositiveIntegerField(help_text='the test stops undecided after this many games')),
                ('seed', models.BigIntegerField(help_text='pair p plays on seed + p')),
                ('status', models.CharField(choices=[('queued', 'queued'), ('running', 'running'), ('h1', 'accepted H1'), ('h0', 'accepted H0'), ('limit', 'stopped at its game limit'), ('cancelled', 'cancelled'), ('failed', 'failed')], default='queued', max_length=16)),
                ('pairs_queued', models.PositiveIntegerField(default=0, help_text='pairs whose matches were created')),
                ('pentanomial', models.JSONField(default=list, help_text="pairs by the new version's score: 0, 1/2, 1, 3/2, 2")),
                ('trinomial', models.JSONField(default=list, help_text='games the new version lost, drew, won')),
                ('llr_history', models.JSONField(default=list, help_text='the log-likelihood ratio after each pair')),
                ('errored_pairs', models.PositiveIntegerField(default=0, help_text='pairs with a game in error: not counted')),
                ('verdict', models.TextField(blank=True)),
                ('error', models.TextField(blank=True, help_text='why a failed test stopped')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('bot', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='version_tests', to='bots.bot')),
                ('new_version', models.ForeignKey(help_text='the version on trial: is it stronger than the old one?', on_delete=django.db.models.deletion.CASCADE, related_name='+', to='bots.botversion')),
                ('old_version', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='bots.botversion')),
                ('other_version', models.ForeignKey(blank=True, help_text='at tables of more than two: the built-in player in every other seat', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='bots.botversion')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='version_tests', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-id'],
                'indexes': [models.Index(fields=['owner', '-created_at'], name='version_test_owner_created')],
                'constraints': [models.UniqueConstraint(condition=models.Q(('status__in', ['queued', 'running'])), fields=('bot',), name='version_test_one_running_per_bot')],
            },
        ),
        migrations.CreateModel(
            name='VersionTestGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('pair', models.PositiveIntegerField()),
                ('leg', models.PositiveSmallIntegerField()),
                ('new_seat', models.PositiveSmallIntegerField()),
                ('old_seat', models.PositiveSmallIntegerField()),
                ('counted', models.BooleanField(default=False, help_text='its pair is in the tally (or was set aside in error)')),
                ('match', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='version_test_game', to='matches.match')),
                ('test', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='version_tests.versiontest')),
            ],
            options={
                'ordering': ['test', 'pair', 'leg'],
                'constraints': [models.UniqueConstraint(fields=('test', 'pair', 'leg'), name='version_test_game_unique_leg')],
            },
        ),
    ]
