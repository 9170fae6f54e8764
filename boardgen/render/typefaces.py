"""A game's outputs drawn in its own faces.

The faces text is laid out in are a context variable (:func:`boardgen.foundation.fonts.typeface`);
:func:`in_its_fonts` sets them to a game's (``print.fonts``, from its descriptor or a
theme) around a function whose first argument is the game, so every label measured and
every :class:`~boardgen.scene.shapes.Text` made below it uses them.
"""

from __future__ import annotations

__all__ = ["in_its_fonts"]

import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from ..descriptor.model import Variant
from ..foundation.fonts import typeface

_P = ParamSpec("_P")
_R = TypeVar("_R")


def in_its_fonts(function: Callable[Concatenate[Variant, _P], _R]) -> Callable[Concatenate[Variant, _P], _R]:
    """``function`` run in the faces of the variant it is given first."""

    @functools.wraps(function)
    def in_fonts(variant: Variant, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with typeface(variant.print.fonts):
            return function(variant, *args, **kwargs)

    return in_fonts
