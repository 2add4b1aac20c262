"""``{% lesson_offer %}``: the once-only offer of the guided first game to a new account (the home page)."""

from django import template

from games.learn import services

register = template.Library()


@register.inclusion_tag("learn/_offer.html", takes_context=True)
def lesson_offer(context):
    """Shows the offer to an account that has never played, the first time it is rendered for them only
    (rendering records it: the offer is made once, whatever the player then does)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not services.offer_once(user):
        return {"offers": []}
    return {"offers": [{"slug": p.slug, "template": p.lesson.offer_template}
                       for p in services.games_with_a_lesson()], "csrf_token": context.get("csrf_token")}
