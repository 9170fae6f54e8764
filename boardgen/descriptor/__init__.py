"""Variant descriptors: safe YAML in, checked :class:`Variant` values out."""

from .load import load_all, load_variant, variant_ids, variants_dir
from .model import Variant

__all__ = ["Variant", "load_all", "load_variant", "variant_ids", "variants_dir"]
