import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Relation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('follow', 'follows'), ('block', 'blocks'), ('mute', 'mutes')], max_length=8, verbose_name='how')),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='since')),
                ('from_user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='relations_made', to=settings.AUTH_USER_MODEL, verbose_name='player')),
                ('to_user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='other player')),
            ],
            options={
                'verbose_name': 'relation',
                'verbose_name_plural': 'relations',
                'ordering': ['-created_at', '-id'],
                'indexes': [models.Index(fields=['to_user', 'kind', 'from_user'], name='relations_to_kind_from')],
                'constraints': [models.UniqueConstraint(fields=('from_user', 'kind', 'to_user'), name='relations_relation_unique'), models.CheckConstraint(condition=models.Q(('from_user', models.F('to_user')), _negated=True), name='relations_relation_not_self')],
            },
        ),
    ]
