from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('bots', '0006_bot_blobs'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='botversion',
            name='file',
        ),
    ]
