"""Building actions: one small function per kind of action, registered by kind or code."""

from . import basic, construction, special, standard  # noqa: F401  (registration)
from .base import CODED, EFFECTS, Ctx, Effect, effect_for

__all__ = ["CODED", "EFFECTS", "Ctx", "Effect", "effect_for"]
