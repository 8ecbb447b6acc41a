"""What the host does with a Pico: configure and build its firmware, flash it."""
