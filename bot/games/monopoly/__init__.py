"""Monopoly in Discord: the board image, the player panel and (later) the game's commands and prompts."""
