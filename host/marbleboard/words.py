"""Words in the players' languages: every string a screen shows, in each language.

The words live in JSON catalogs, each key with all its languages side by side:

- ``web/words/<page>.json``: the pages' own words (``common.json`` for all pages);
- ``games/<game>/words.json``: a game's words (its moves, its rule options), whose
  keys are read with the game's name in front (``<game>.out``).

A phrase is a key and its arguments, ``["<game>.out", {"marble": ...}]``: the
service sends phrases, and each page says them in its own language, so one table
can have a French phone and an English one. ``{0}`` and ``{name}`` in a text are
filled from the arguments; an argument that is itself a phrase is said first.

A text that counts has a form for each plural category, keys ``<key>.one`` and
``<key>.other``: the count (the argument ``n``, or the first one) chooses, by the
same rule as the pages' ``Intl.PluralRules`` (see :func:`plural`).

>>> say("yourTurn", "fr")
'À vous de jouer'
>>> say(["turn", ["red"]], "en")
'red to play'
>>> say(["fact.games", [1]], "en"), say(["fact.games", [0]], "fr")
('1 game won', '0 partie gagnée')
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "fr")
HERE = Path(__file__).parent
PAGE_WORDS = HERE / "web" / "words"
GAMES = HERE / "games"

Phrase = str | list[Any]  # a key, or [key, args] with args a list or a dict


def catalog_files() -> dict[str, Path]:
    """Each catalog and the prefix its keys are read with ('' for the pages')."""
    files = {f"page:{p.stem}": p for p in sorted(PAGE_WORDS.glob("*.json"))}
    files.update({p.parent.name: p for p in sorted(GAMES.glob("*/words.json"))})
    return files


@functools.cache
def catalog() -> dict[str, dict[str, str]]:
    """Every language's words: {lang: {key: text}}."""
    words: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for name, path in catalog_files().items():
        prefix = "" if name.startswith("page:") else f"{name}."
        for key, texts in json.loads(path.read_text(encoding="utf-8")).items():
            for lang, text in texts.items():
                if lang not in words:
                    raise ValueError(f"{path}: {key}: unknown language {lang!r}")
                if prefix + key in words[lang]:
                    raise ValueError(f"{path}: {key} is also in another catalog")
                words[lang][prefix + key] = text
    return words


def missing() -> list[str]:
    """'lang: key' for every key some language has and another lacks (or leaves empty)."""
    words = catalog()
    keys = set().union(*words.values())
    return sorted(f"{lang}: {key}" for lang in LANGUAGES for key in keys
                  if not words[lang].get(key))


_FIELD = re.compile(r"\{(\w+)\}")


def plural(lang: str, n: float) -> str:
    """A count's plural category, as Unicode CLDR gives it (and so the browsers'
    ``Intl.PluralRules``): in English "one" is 1 alone; in French it is any count
    whose whole part is 0 or 1 ("0 partie", "1,5 kilo"). Both have "other" besides.
    (CLDR's French "many", for round millions, is not a count a game reaches.)"""
    if lang == "fr":
        return "one" if 0 <= n < 2 else "other"
    return "one" if n == 1 else "other"


def _counted(words: dict[str, str], key: str, args: Any, lang: str) -> str | None:
    """A counting text's form for the count among the arguments, if it has forms."""
    count = args.get("n") if isinstance(args, dict) else args[0] if args else None
    if isinstance(count, bool) or not isinstance(count, int | float):
        return None
    return words.get(f"{key}.{plural(lang, count)}") or words.get(f"{key}.other")


def say(phrase: Phrase, lang: str = "en") -> str:
    """A phrase in a language (English where it has no word, the key where neither has)."""
    words = catalog()
    key, args = (phrase, []) if isinstance(phrase, str) else (phrase[0], phrase[1:] and phrase[1])
    text = (words.get(lang, {}).get(key) or _counted(words.get(lang, {}), key, args, lang)
            or words["en"].get(key) or _counted(words["en"], key, args, "en") or key)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        value = (args.get(name) if isinstance(args, dict)
                 else args[int(name)] if name.isdigit() and int(name) < len(args) else None)
        if value is None:
            return match.group(0)
        if isinstance(value, list):
            return say(value, lang)
        return say(value, lang) if isinstance(value, str) and value in words["en"] else str(value)

    return _FIELD.sub(fill, text)


def script() -> str:
    """The catalog as a script the pages load before their own: ``const WORDS``."""
    return "const WORDS = " + json.dumps(catalog(), ensure_ascii=False, sort_keys=True) + ";\n"
