"""Pure, deterministic game engines (standard library only).

``engine.core`` holds the game-agnostic decision protocol; ``engine.agot`` is
A Game of Thrones: The Board Game (2nd edition).
"""
