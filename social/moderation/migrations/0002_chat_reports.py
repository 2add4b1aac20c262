"""The table chat's reports (chat.Report) become moderation reports of kind "chat": same reporter, reason,
comment and time; a report the staff had handled is closed, as acted on ("hidden") when its message is
hidden, as dismissed otherwise. chat's 0002 then removes the old table."""

from django.db import migrations


def forwards(apps, schema_editor):
    ChatReport = apps.get_model("chat", "Report")
    Report = apps.get_model("moderation", "Report")
    for old in ChatReport.objects.select_related("message").order_by("id").iterator():
        if old.handled:
            status, outcome = ("acted", "hidden") if old.message.hidden else ("dismissed", "no-action")
        else:
            status, outcome = "open", ""
        new = Report.objects.create(
            kind="chat", reporter_id=old.reporter_id, reported_id=old.message.author_id, chat_message_id=old.message_id,
            reason=old.reason, comment=old.comment, status=status, outcome=outcome,
            handled_at=old.created_at if old.handled else None,
        )
        Report.objects.filter(pk=new.pk).update(created_at=old.created_at)  # auto_now_add set it to now


def backwards(apps, schema_editor):
    ChatReport = apps.get_model("chat", "Report")
    Report = apps.get_model("moderation", "Report")
    for new in Report.objects.filter(kind="chat").order_by("id").iterator():
        old = ChatReport.objects.create(
            message_id=new.chat_message_id, reporter_id=new.reporter_id, reason=new.reason, comment=new.comment,
            handled=new.status != "open",
        )
        ChatReport.objects.filter(pk=old.pk).update(created_at=new.created_at)


class Migration(migrations.Migration):
    dependencies = [("moderation", "0001_initial"), ("chat", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
