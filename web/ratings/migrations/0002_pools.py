"""Rating pools, and a (nullable until 0004) pool on rating rows; one current rating per bot and game
no longer holds once a game has several pools (0003 splits them)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='Pool',
            fields=[
                ('key', models.CharField(max_length=200, primary_key=True, serialize=False)),
                ('game', models.CharField(db_index=True, max_length=32)),
                ('rules_version', models.CharField(max_length=32)),
                ('splits', models.JSONField(default=dict, help_text="the splitting options' canonical values")),
                ('kind', models.CharField(choices=[('ranks', 'Ranks'), ('teams', 'Teams'), ('score', 'Score')], max_length=8)),
            ],
            options={
                'ordering': ['game', 'key'],
            },
        ),
        migrations.AddField(
            model_name='currentrating',
            name='automata',
            field=models.JSONField(blank=True, default=dict, help_text='a score pool: {"<level>": {"name", "games", "wins"}}, a win being a finish strictly above that automaton'),
        ),
        migrations.AddField(
            model_name='currentrating',
            name='score_m2',
            field=models.FloatField(default=0.0, help_text='a score pool: the sum of squared deviations from the mean score (Welford)'),
        ),
        migrations.AlterField(
            model_name='currentrating',
            name='rating',
            field=models.FloatField(help_text='a score pool: the mean score'),
        ),
        migrations.AddField(
            model_name='currentrating',
            name='pool',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ratings.pool'),
        ),
        migrations.AddField(
            model_name='ratingentry',
            name='pool',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ratings.pool'),
        ),
        migrations.RemoveConstraint(
            model_name='currentrating',
            name='currentrating_unique',
        ),
    ]
