"""Backends: draw a backend-neutral scene as SVG or PDF."""
