"""Monopoly (classic US board) with the Speed Die, for 2 to 8 players."""
