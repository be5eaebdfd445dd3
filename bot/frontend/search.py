"""Forgiving search over names (look-ups and autocompletes of every game): any case, accents and punctuation
ignored, articles aside, and the start of each word enough (``jaqen``, ``vale``, ``master at arms``).

Pure functions (no discord import).
"""

from __future__ import annotations

import difflib
import unicodedata

APOSTROPHES = "'’‘`´"


def normal(words: str) -> str:
    """``words`` for comparing: no accents, lower case, punctuation as spaces (``Jaqen H'ghar`` -> ``jaqen h ghar``),
    one space between words."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", words) if not unicodedata.combining(c))
    plain = "".join(c for c in plain if c not in APOSTROPHES)
    return " ".join("".join(c if c.isalnum() else " " for c in plain.casefold()).split())


def _bare(words: str) -> str:
    """Without the articles that names often carry (``the``, ``of``): ``eyrie`` names The Eyrie."""
    return " ".join(w for w in words.split() if w not in ("the", "of"))


def _prefixes(query: list[str], name: list[str]) -> bool:
    """Each typed word starts a word of the name, in the name's order."""
    i = 0
    for word in query:
        while i < len(name) and not name[i].startswith(word):
            i += 1
        if i == len(name):
            return False
        i += 1
    return True


def matches(entries: dict[str, str], typed: str) -> list[str]:
    """The names ``typed`` may mean, best first: equal names (articles aside), then those whose words it starts, in
    the order of the name's words, then those holding it anywhere; sorted by length within each kind."""
    key = normal(typed)
    if not key:
        return sorted(entries)
    equal, starts, inside = [], [], []
    for name in entries:
        plain = normal(name)
        if key == plain or _bare(key) == _bare(plain):
            equal.append(name)
        elif _prefixes(key.split(), plain.split()):
            starts.append(name)
        elif key in plain:
            inside.append(name)
    return [n for group in (equal, starts, inside) for n in sorted(group, key=lambda n: (len(n), n))]


def find(entries: dict[str, str], typed: str) -> tuple[str | None, list[str]]:
    """The entry ``typed`` names: the one equal name, else the only one whose words it starts from the first word
    on (articles aside: ``winterf`` is Winterfell, not Port of Winterfell), else the only one it starts at all.
    Otherwise None with up to three names it may mean (or that look alike, for a misspelling)."""
    hits = matches(entries, typed)
    key = normal(typed)
    bare = _bare(key).split()
    for chosen in ([n for n in hits if _bare(normal(n)) == " ".join(bare)],
                   [n for n in hits if bare and _prefixes(bare, _bare(normal(n)).split())
                    and _bare(normal(n)).startswith(bare[0])],
                   hits):
        if key and len(chosen) == 1:
            return entries[chosen[0]], []
    if key and hits:
        return None, hits[:3]
    plain = {normal(n): n for n in entries}
    return None, [plain[n] for n in difflib.get_close_matches(key, list(plain), 3, 0.6)]
