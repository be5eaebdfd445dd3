"""Administration of stored games: ``python -m bot.admin {games,verify,export,replay}``."""
