"""Every string a screen shows is in every language: a missing one fails here."""

import re
from pathlib import Path

import httpx

from marbleboard import words

STATIC = Path(words.__file__).parent / "web" / "static"


def test_every_key_is_in_every_language():
    assert words.missing() == []


def test_every_word_the_pages_ask_for_is_in_the_catalog():
    asked = set()
    for script in STATIC.glob("*.js"):
        asked |= set(re.findall(r"\bt\(\"([\w:-]+)\"", script.read_text()))
    assert asked, "the pages ask for words with t(\"key\")"
    known = set(words.catalog()["en"])
    # A counting text is there in its plural forms ("askHint.one", "askHint.other").
    assert sorted(k for k in asked if k not in known and f"{k}.other" not in known) == []


def test_a_missing_translation_is_reported(tmp_path, monkeypatch):
    (tmp_path / "common.json").write_text('{"hello": {"en": "Hello", "fr": ""},'
                                          ' "bye": {"en": "Bye"}}')
    monkeypatch.setattr(words, "PAGE_WORDS", tmp_path)
    monkeypatch.setattr(words, "GAMES", tmp_path / "none")
    words.catalog.cache_clear()
    try:
        assert words.missing() == ["fr: bye", "fr: hello"]
    finally:
        words.catalog.cache_clear()


def test_phrases_are_said_in_each_language_with_their_arguments():
    assert words.say(["turn", ["blue"]], "fr") == "À bleu de jouer"
    assert words.say(["over", [["result.won", {"who": "green"}]]], "en") == "Game over: green won"
    assert words.say(["over", ["result.draw"]], "fr") == (
        "Partie terminée : match nul, personne n'a gagné")
    assert words.say("no-such-key", "fr") == "no-such-key"


def test_the_pages_get_the_catalog_as_a_script(live):
    response = httpx.get(f"{live.url}/words.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.text.startswith("const WORDS = {")
    assert "À vous de jouer" in response.text


def test_every_games_rule_choices_have_names_for_the_lobby():
    from marbleboard.games.registry import GAMES

    catalog = words.catalog()
    for game in GAMES.values():
        for name in game.rule_choices():
            for lang in words.LANGUAGES:
                assert catalog[lang].get(f"{game.name}.option.{name}"), (game.name, name, lang)


def test_counts_take_the_plural_the_browsers_give_them():
    """The pages choose a plural form with Intl.PluralRules; the service says the
    same phrases in Python (the terminal, the records): one rule for both. Node's
    Intl (full ICU, as in the browsers) is asked for every count a game shows."""
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    assert node, "node is needed (.ci/run installs it)"
    counts = [0, 1, 2, 3, 5, 10, 21, 100, 1.5, 0.5]
    script = ("const counts = " + json.dumps(counts) + ";"
              "console.log(JSON.stringify(Object.fromEntries(['en', 'fr'].map((l) => "
              "[l, counts.map((n) => new Intl.PluralRules(l).select(n))]))))")
    browsers = json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True,
                                         check=True).stdout)
    assert {lang: [words.plural(lang, n) for n in counts] for lang in ("en", "fr")} == browsers


def test_a_counted_fact_is_said_in_its_plural_form():
    assert words.say(["fact.games", [1]], "en") == "1 game won"
    assert words.say(["fact.games", [2]], "en") == "2 games won"
    assert words.say(["fact.games", [0]], "en") == "0 games won"
    assert words.say(["fact.games", [0]], "fr") == "0 partie gagnée"
    assert words.say(["fact.games", [2]], "fr") == "2 parties gagnées"
    assert words.say(["wampum.fact.wampums", [1]], "en") == "1 wampum"
    # Every counting text (one with no text of its own) has its "other" form.
    for lang, texts in words.catalog().items():
        for key in texts:
            if key.endswith(".one") and key[:-4] not in texts:
                assert texts.get(key[:-4] + ".other"), f"{lang}: {key} has no other form"
