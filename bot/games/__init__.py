"""The bot-side rooms of the games other than A Game of Thrones: one package per game."""
