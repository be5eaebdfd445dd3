"""Letters from Whitechapel on the bot side: its room, feed, autopilot and board image (``picture``, ``render``)."""
