"""The Django admin: every model of the platform is registered, listed, searched and opened."""
import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from web.bots.blobs import DatabaseBlobStore, content_address
from web.tournaments import services as tournament_services

PLATFORM_APPS = ("bots", "matches", "ratings", "tournaments")


@pytest.fixture
def staff(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser(username="daimyo", password="x" * 12))
    return client


def test_every_platform_model_is_registered_with_a_search():
    for label in PLATFORM_APPS:
        for model in apps.get_app_config(label).get_models():
            assert admin.site.is_registered(model), model
            assert admin.site._registry[model].search_fields, model


def test_each_changelist_searches_and_each_row_opens(staff, played_match, house):
    tournament_services.tournament_create(name="Admin cup", game="katana", bots=house[:3], players_per_match=3)
    bot_file = b"from arena.bots import Bot\n"
    DatabaseBlobStore().put(sha256=content_address(bot_file), content=bot_file)   # an uploaded bot's bytes
    name = house[0].name
    for label in PLATFORM_APPS:
        for model in apps.get_app_config(label).get_models():
            info = (model._meta.app_label, model._meta.model_name)
            listing = staff.get(reverse("admin:%s_%s_changelist" % info), {"q": name})
            assert listing.status_code == 200, model
            row = model.objects.first()
            assert row is not None, model
            assert staff.get(reverse("admin:%s_%s_change" % info, args=[row.pk])).status_code == 200, model
