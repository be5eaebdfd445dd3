"""Letters from Whitechapel on the bot side: its board image (``picture`` and ``render``)."""
