"""The thirteen Guilds cards, one module each, and the registry the machine reads.

Each card module holds its text (the docstring, citing the rules), ``PLAY`` (the steps when played),
``OVERPAY`` (the steps of its overpay, for the "+" cards), and for each question it asks the options
(``PROMPTS``), why a decision is refused (``REFUSALS``) and the bots' default answer (``BOT``), so
that everything about a card sits next to its text.

Registries:
- ``EFFECTS``: effect key -> steps; a card's name for its play, "<card>+" for its overpay;
- ``PROMPTS`` / ``REFUSALS`` / ``BOT``: prompt kind -> options(st, prompt) / refuse(st, prompt, d) /
  hook(st, seat, prompt, options, policy);
- ``SETUP``: card -> setup(st) for a card in the kingdom (Baker's token);
- ``WHEN_BUYING`` / ``END_OF_BUY_PHASE``: hooks of cards in play (Merchant Guild).
"""

from .. import gains
from . import (
    advisor,
    baker,
    butcher,
    candlestick_maker,
    doctor,
    herald,
    journeyman,
    masterpiece,
    merchant_guild,
    naming,
    plaza,
    soothsayer,
    stonemason,
    taxman,
)

CARD_MODULES = (
    advisor, baker, butcher, candlestick_maker, doctor, herald, journeyman, masterpiece, merchant_guild, plaza,
    soothsayer, stonemason, taxman,
)
BY_NAME = {m.NAME: m for m in CARD_MODULES}

EFFECTS = {}
PROMPTS = {}
REFUSALS = {}
BOT = {}
for _module in CARD_MODULES + (naming, gains):
    if hasattr(_module, "PLAY"):
        EFFECTS[_module.NAME] = _module.PLAY
    if hasattr(_module, "OVERPAY"):
        EFFECTS[_module.NAME + "+"] = _module.OVERPAY
    PROMPTS.update(getattr(_module, "PROMPTS", {}))
    REFUSALS.update(getattr(_module, "REFUSALS", {}))
    BOT.update(getattr(_module, "BOT", {}))

SETUP = {baker.NAME: baker.setup}
WHEN_BUYING = (merchant_guild.when_buying,)
END_OF_BUY_PHASE = (merchant_guild.end_of_buy_phase,)
