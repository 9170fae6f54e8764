"""boardgen: printable true-scale boards, diagrams and rules from YAML descriptors."""

__version__ = "0.1.0"

__all__ = ["__version__"]
