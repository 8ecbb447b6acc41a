"""marbleboard: an electronic board for marble and card games."""

__version__ = "0.1.0"
