from django.db import migrations, models


def forward(apps, schema_editor):
    """valid -> passed, invalid -> failed; the old one-line verdict becomes the problem."""
    BotVersion = apps.get_model("bots", "BotVersion")
    BotVersion.objects.filter(status="valid").update(status="passed")
    for version in BotVersion.objects.filter(status="invalid"):
        version.status, version.validation_problem, version.validation_log = "failed", version.validation_log, ""
        version.save(update_fields=["status", "validation_problem", "validation_log"])


def backward(apps, schema_editor):
    BotVersion = apps.get_model("bots", "BotVersion")
    BotVersion.objects.filter(status="passed").update(status="valid")
    for version in BotVersion.objects.filter(status="failed"):
        version.status, version.validation_log = "invalid", version.validation_problem
        version.save(update_fields=["status", "validation_log"])


class Migration(migrations.Migration):

    dependencies = [
        ('bots', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='botversion',
            name='validation_problem',
            field=models.TextField(blank=True, help_text='why it failed validation, in one sentence'),
        ),
        migrations.AddField(
            model_name='botversion',
            name='validation_verdict',
            field=models.JSONField(blank=True, help_text='the validation matches: seat, status, reason, decisions', null=True),
        ),
        migrations.AlterField(
            model_name='botversion',
            name='status',
            field=models.CharField(choices=[('pending', 'Pending'), ('passed', 'Passed'), ('failed', 'Failed')], default='pending', max_length=16),
        ),
        migrations.AlterField(
            model_name='botversion',
            name='validation_log',
            field=models.TextField(blank=True, help_text="the bot's error output in its validation, capped; shown to its owner only"),
        ),
        migrations.RunPython(forward, backward),
    ]
