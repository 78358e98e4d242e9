"""The monarch (725): a designation one player at a time can have, and its two inherent triggered
abilities (725.2). They have no source; the player who was the monarch as one triggered controls it.
A pending trigger record or a stack object names one by its place here (kind "inherent")."""
from __future__ import annotations

from engine.core.abilities import YOU, Amount, Mode, Ref, Trigger, TriggeredAbility
from engine.core.effect_types import BecomeMonarch, Draw

MONARCH = "The monarch"       # what an inherent ability's stack object is called (it has no source to name it)

MONARCH_ABILITIES: tuple[TriggeredAbility, ...] = (
    TriggeredAbility(Trigger("step", subject="you", step="end", whose="you"),
                     Mode(effects=(Draw(YOU, Amount.const(1)),)),
                     text="At the beginning of the monarch's end step, that player draws a card."),
    TriggeredAbility(Trigger("deals_combat_damage", subject="filter", to="player"),
                     Mode(effects=(BecomeMonarch(Ref("event_source_controller")),)),
                     text="Whenever a creature deals combat damage to the monarch, its controller becomes the monarch."),
)
