"""``make bench``: speed, latency and size figures, printed as a table."""
