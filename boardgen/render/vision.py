"""The greyscale colour rule as seen with each of the three colour-vision deficiencies.

About one man in twelve sees colours differently. The greyscale rule
(:func:`boardgen.render.legible.colour_findings`: a piece stands out from its cell by
luminance, or its outline does) should hold for them too, since a red that is bright
to one reader can be dark to another: protanopes see reds much darker. Each
deficiency is simulated with Machado, Oliveira and Fernandes' model (2009) at full
severity, the matrices used by colorspacious and DaltonLens, applied to linear RGB;
then the rule is measured again on the colours as simulated.
"""

from __future__ import annotations

__all__ = ["VISIONS", "VisionFinding", "simulate", "vision_findings"]

from collections.abc import Mapping
from dataclasses import replace

from ..descriptor.model import Variant
from ..foundation.values import frozen
from .legible import ColourFinding, colour_findings

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: Machado et al. (2009), severity 1.0, for linear sRGB.
VISIONS: Mapping[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(channel: float) -> float:
    channel = min(1.0, max(0.0, channel))
    return 12.92 * channel if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def simulate(colour: str, vision: str) -> str:
    """``colour`` (``#rrggbb``) as a reader with ``vision`` (a key of :data:`VISIONS`) sees it."""
    rgb = [_linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5)]
    seen = [sum(m * c for m, c in zip(row, rgb, strict=True)) for row in VISIONS[vision]]
    return "#" + "".join(f"{round(_encoded(c) * 255):02x}" for c in seen)


def _seen_as(variant: Variant, vision: str) -> Variant:
    """``variant`` with every printed colour replaced by the one a reader with ``vision`` sees."""
    colours = {key: simulate(value, vision) for key, value in variant.print.colours.items()}
    players = tuple(replace(p, colour=simulate(p.colour, vision)) for p in variant.players)
    return replace(variant, players=players, print=replace(variant.print, colours=colours))


@frozen
class VisionFinding:
    """A colour pair that fails the greyscale rule only as seen with ``vision``."""

    vision: str
    finding: ColourFinding

    def message(self) -> str:
        return f"with {self.vision}: {self.finding.message()}"


def vision_findings(variant: Variant) -> list[VisionFinding]:
    """Every pair that passes the rule with common colour vision and fails it with one of
    the three deficiencies (a pair failing for everyone is reported once, by the rule)."""
    normal = {(f.player_index, f.surface_key): f.ok for f in colour_findings(variant)}
    found = []
    for vision in VISIONS:
        for finding in colour_findings(_seen_as(variant, vision)):
            if not finding.ok and normal.get((finding.player_index, finding.surface_key), False):
                found.append(VisionFinding(vision, finding))
    return found
