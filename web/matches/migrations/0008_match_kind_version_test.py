from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0007_seat_person'),
    ]

    operations = [
        migrations.AlterField(
            model_name='match',
            name='kind',
            field=models.CharField(choices=[('ladder', 'Ladder'), ('tournament', 'Tournament'), ('challenge', 'Challenge'), ('manual', 'Manual'), ('table', 'Table'), ('version_test', 'Version test')], default='manual', max_length=16),
        ),
    ]
