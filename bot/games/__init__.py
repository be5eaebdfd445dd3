"""The bot-side rooms of the games: one package per game, all of the same shape."""
