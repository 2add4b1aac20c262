"""Every card ability, one module each, all with the same small protocol.

An ability is resolved as a sequence of small choices (pick a target, then cards one by one), so that
the list of legal decisions stays short. Each module says:

- ``tiers(st, seat, level)``: the tiers that can be carried out *in full* now (R5.3, R5.4: a tier
  that cannot be completed is not offered);
- ``step(st, ctx)``: the next choice as ``(phase, options, can_finish)``, or ``None`` when every
  choice is made; every option offered can still be completed, so a player is never stuck;
- ``pick(st, ctx, phase, decision)``: record a choice (placement effects place at once, R5.5);
- ``resolve(st, ctx)``: carry the effect out once the last choice is made.

``ctx`` is the pending prompt: ``{"kind": "ability", "seat", "ability", "tier", "target", "picks"}``.
"""

from ..cards import PROFESSIONS


def select_options(cards):
    return [{"type": "select", "card": c} for c in cards]


def target_options(seats):
    return [{"type": "target", "seat": s} for s in seats]


def chapter_options(professions):
    return [{"type": "chapter", "profession": PROFESSIONS[p]} for p in professions]


def others(st, seat):
    """Other players, clockwise from the acting one."""
    n = st.num_players
    return [(seat + i) % n for i in range(1, n)]


class Ability:
    """Defaults for an ability without choices."""

    key = ""

    def tiers(self, st, seat, level):
        return []

    def step(self, st, ctx):
        return None

    def pick(self, st, ctx, phase, decision):
        ctx["picks"].setdefault(phase, []).append(decision["card"])

    def resolve(self, st, ctx):
        pass


def picks(ctx, phase):
    return ctx["picks"].get(phase, [])


def _registry():
    from . import assassin, dancer, farmer, historian, trader, vp_abilities, weaver

    table = {}
    for module in (assassin, dancer, farmer, historian, trader, weaver):
        table[module.ABILITY.key] = module.ABILITY
    table.update(vp_abilities.ABILITIES)
    return table


ABILITIES = _registry()
