"""Letters from Whitechapel (revised edition)."""
