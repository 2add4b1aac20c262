from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_seat_strong_bot'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='lesson',
            field=models.BooleanField(default=False, verbose_name='lesson'),
        ),
    ]
