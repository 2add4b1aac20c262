"""``{% lesson_offer %}``: the offer of the guided first game to a new account (the home page)."""

from django import template

from games.learn import services

register = template.Library()


@register.inclusion_tag("learn/_offer.html", takes_context=True)
def lesson_offer(context):
    """Shows the offer to a player who has no lesson yet, has finished no game and has not put the offer
    away ("Not now"); the lesson stays reachable under How to play whatever they choose."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not services.should_offer(user):
        return {"offers": []}
    return {
        "offers": [{"slug": p.slug, "template": p.lesson.offer_template} for p in services.games_with_a_lesson()],
        "csrf_token": context.get("csrf_token"),
        "next": request.get_full_path(),
    }
