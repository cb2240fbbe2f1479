"""Every rating row has its pool now: one current rating per bot and pool, boards and histories by pool."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bots', '0002_validation_passed_failed'),
        ('matches', '0004_pools'),
        ('ratings', '0003_rating_pools_data'),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='currentrating',
            name='currentrating_board',
        ),
        migrations.RemoveIndex(
            model_name='ratingentry',
            name='ratingentry_bot_history',
        ),
        migrations.AlterField(
            model_name='currentrating',
            name='pool',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ratings.pool'),
        ),
        migrations.AlterField(
            model_name='ratingentry',
            name='pool',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ratings.pool'),
        ),
        migrations.AddIndex(
            model_name='currentrating',
            index=models.Index(fields=['pool', '-rating'], name='currentrating_board'),
        ),
        migrations.AddIndex(
            model_name='ratingentry',
            index=models.Index(fields=['bot', 'pool', '-id'], name='ratingentry_bot_history'),
        ),
        migrations.AddConstraint(
            model_name='currentrating',
            constraint=models.UniqueConstraint(fields=('bot', 'pool'), name='currentrating_unique'),
        ),
    ]
