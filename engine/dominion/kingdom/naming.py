"""Naming a card for Doctor and Journeyman (DEC-NAME, AMB-D-05): any of the 20 catalogue names, even a
card not in this game, and naming is compulsory (no "name nothing")."""

from ..cards import CATALOGUE


def options(st, prompt):
    return [{"type": "name", "card": c} for c in CATALOGUE]


def refuse(st, prompt, decision):
    if decision["type"] == "name":
        return "ILL-GEN-1", "unknown_name", {"card": decision["card"]}
    return None


def bot_name(st, seat, prompt, options, policy):
    return {"type": "name", "card": policy.name_for(st, seat, prompt["card"])}


PROMPTS = {"name": options}
REFUSALS = {"name": refuse}
BOT = {"name": bot_name}
