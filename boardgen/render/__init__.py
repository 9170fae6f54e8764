"""Rendering helpers: paper sizes, calibration ruler, page composition of sheets."""
