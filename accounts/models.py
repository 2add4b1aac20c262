from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """The site's user. A custom model from day one so that fields can be added without pain;
    sign-up, login (by username or email) and email handling are django-allauth's."""
