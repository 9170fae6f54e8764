"""Variant descriptors: safe YAML in, checked :class:`Variant` values out."""

from .library import BrokenDescriptors, Library
from .load import builtin_dir, load_all, load_variant, variant_ids
from .model import Variant

__all__ = [
    "BrokenDescriptors",
    "Library",
    "Variant",
    "builtin_dir",
    "load_all",
    "load_variant",
    "variant_ids",
]
