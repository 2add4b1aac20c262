"""The admin shows the social rooms' rows and changes none of them: relations are the players' own, and
messages, reports, restrictions and the moderation log change only through the moderation's pages,
which write every action to the log."""

import pytest
from django.contrib import admin

from guildhall_site.admin import ReadOnlyAdminMixin
from social.chat import services as chat
from social.moderation import services as moderation
from social.relations import services as relations
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

READ_ONLY = ["relations.Relation", "chat.Message", "moderation.Report", "moderation.Restriction",
             "moderation.AuditEntry"]


def test_every_social_admin_is_read_only(client, make_user):
    staff = make_user("root", is_staff=True, is_superuser=True)
    alice, bob = make_user("alice"), make_user("bob")
    game = started_game([alice, bob])
    relations.block(alice, bob)
    line = chat.post_message(game.pk, bob, "hello")
    moderation.report_chat(alice, line.pk, "spam")
    models = {m._meta.label: m for m in admin.site._registry}
    client.force_login(staff)
    for label in READ_ONLY:
        model = models[label]
        assert isinstance(admin.site._registry[model], ReadOnlyAdminMixin), label
        url = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        page = client.get(url)
        assert page.status_code == 200 and b"delete_selected" not in page.content, label
        assert client.get(url + "add/").status_code == 403, label
        row = model.objects.first()
        if row is not None:
            assert client.get(f"{url}{row.pk}/change/").status_code == 200  # a view of the row
            assert client.post(f"{url}{row.pk}/change/", {}).status_code == 403, label
            assert client.post(f"{url}{row.pk}/delete/", {"post": "yes"}).status_code == 403, label
            assert model.objects.filter(pk=row.pk).exists()
