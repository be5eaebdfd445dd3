"""A Game of Thrones (2nd edition) on the bot side: its room (``room.py``: feed wording, settings form, the deal of
houses, the autopilot hookup, the combat calculator)."""
