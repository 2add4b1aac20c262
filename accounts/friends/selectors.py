from .models import Follow

SHOWN = 200  # names listed on a profile (the counts are exact)


def following(user):
    """Players ``user`` follows, by username."""
    rows = Follow.objects.filter(follower=user).select_related("followed").order_by("followed__username")
    return [f.followed for f in rows[:SHOWN]]


def followers(user):
    rows = Follow.objects.filter(followed=user).select_related("follower").order_by("follower__username")
    return [f.follower for f in rows[:SHOWN]]


def counts(user):
    return Follow.objects.filter(follower=user).count(), Follow.objects.filter(followed=user).count()


def follows(user, other):
    return (
        user is not None
        and user.is_authenticated
        and Follow.objects.filter(follower=user, followed=other).exists()
    )


def followed_ids(user):
    return list(Follow.objects.filter(follower=user).values_list("followed_id", flat=True))
