"""Text catalogues: every rule value has its sentence in every language, typography,
glyph coverage, and the composed rules say what the engine plays."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from boardgen.descriptor import load_all, load_variant
from boardgen.descriptor.model import Example, RulesSpec, Variant
from boardgen.errors import BoardgenError
from boardgen.foundation.fonts import missing_glyphs
from boardgen.rules import registry
from boardgen.rules.leaping.directions import DIRECTION_WORDS
from boardgen.rules.leaping.params import CHOICES, DEFAULTS
from boardgen.texts import compose
from boardgen.texts.catalogue import (
    NBSP,
    TEXTS_DIR,
    Catalogue,
    MissingText,
    Typography,
    catalogue,
    languages,
    placeholders,
    typeset,
)
from boardgen.texts.compose import Para, RuleSheet, param_keys, rule_sheet_text

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = load_all(ROOT / "variants")
LANGS = languages()
#: Values whose sentence may be empty: they need no mention on a sheet.
SILENT = (".none", ".false")


def sheet_words(sheet: RuleSheet) -> str:
    """Every text a sheet prints, as one string."""
    parts = [sheet.title, *sheet.intro, *sheet.components, sheet.start_caption, *sheet.about, *sheet.tips]
    for section in sheet.sections:
        parts.append(section.heading)
        for block in section.blocks:
            parts += [block.lead, block.text] if isinstance(block, Para) else [block.label, block.caption]
    return "\n".join(parts)


# -- the catalogues -------------------------------------------------------------------------


def test_the_three_languages_have_catalogues_and_descriptors_speak_them() -> None:
    assert {"en", "fr", "de"} <= set(LANGS)
    assert LANGS[0] == "en"
    for variant in load_all():
        assert set(variant.title) == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_value_of_every_switch_has_its_sentence(lang: str) -> None:
    """Both families, every value, not only those the bundled games use."""
    c = catalogue(lang)
    for family, keys in param_keys().items():
        assert keys, family
        for key in keys:
            assert c.has(key), f"{lang}: no sentence for {key}"
            if not key.endswith(SILENT):
                templates = [v for k, v in c.templates().items() if k == key or k.startswith(key + "[")]
                assert all(t.strip() for t in templates), f"{lang}: empty sentence for {key}"


def test_the_coverage_list_knows_every_leaping_value() -> None:
    keys = set(param_keys()["leaping"])
    for name, values in CHOICES.items():
        assert {f"params.leaping.{name}.{v}" for v in values} <= keys
    assert {f"directions.{word}" for word in DIRECTION_WORDS} <= keys
    for name in DEFAULTS:
        assert any(k.startswith(f"params.leaping.{name}") for k in keys), name
    assert {f"params.placement.{n}" for n in ("opening_stones", "stones_per_turn", "catchup_stones")} <= set(
        param_keys()["placement"]
    )


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_catalogues_have_the_same_keys_and_placeholders_as_english(lang: str) -> None:
    """Same keys; a language's template uses English's placeholders, a name perhaps in
    a case its ``meta.cases`` declines (German ``{region_acc}`` where English has ``{region}``)."""
    english, other = catalogue("en"), catalogue(lang)
    assert set(other.entries) == set(english.entries)
    for key, template in other.templates().items():
        base = key.split("[")[0]
        allowed = set().union(
            *(placeholders(t) for k, t in english.templates().items() if k.startswith(base))
        )
        allowed |= {f"{name}_{case}" for name in allowed for case in other.cases}
        assert placeholders(template) <= allowed, f"{lang}: {key} uses {placeholders(template) - allowed}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_fills_in(lang: str) -> None:
    c = catalogue(lang)
    for key, template in c.templates().items():
        values = dict.fromkeys(placeholders(template), "X")
        text = typeset(template.format_map(values), c.typography)
        assert "{" not in text and "}" not in text, key


def _game_texts(lang: str) -> list[str]:
    texts: list[str] = []
    for file in sorted((TEXTS_DIR / lang / "games").glob("*.yaml")):
        g = catalogue(lang).game(file.stem)
        texts += [*g.intro, *g.about, *g.tips, *g.components, *itertools.chain(*g.notes.values())]
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_no_character_falls_back_to_a_missing_glyph(lang: str) -> None:
    """Every character of every catalogue and game text, and of the descriptors' texts."""
    c = catalogue(lang)
    texts = [typeset(t, c.typography) for t in c.templates().values()] + _game_texts(lang)
    for variant in VARIANTS:
        texts += [variant.title[lang], *(p.name[lang] for p in variant.players)]
        texts += [example.caption[lang] for example in variant.examples]
    for text in texts:
        assert missing_glyphs(text) == "", text
        assert missing_glyphs(text, bold=True) == "", text


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
@pytest.mark.parametrize("lang", LANGS)
def test_every_game_has_its_free_text_in_every_language(variant: Variant, lang: str) -> None:
    if variant.sheet:  # a print-only library board writes its own words in its descriptor
        assert variant.sheet[lang].intro, "the game's own introduction"
        return
    texts = catalogue(lang).game(variant.id)
    assert len(texts.intro) == 2, "a two-line introduction"
    assert texts.about and texts.tips


def test_notes_name_sections_that_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    for lang, variant in itertools.product(LANGS, VARIANTS):
        sheet = rule_sheet_text(variant, lang)
        names = {section.name for section in sheet.sections}
        assert set(catalogue(lang).game(variant.id).notes) <= names, (lang, variant.id)
    english = catalogue("en")
    texts = english.game("kruzno-checkers")
    odd = replace(texts, notes={**texts.notes, "weather": ("Sunny.",)})
    monkeypatch.setattr(Catalogue, "game", lambda self, game_id: odd)
    with pytest.raises(BoardgenError, match="notes for 'weather'") as info:
        rule_sheet_text(next(v for v in VARIANTS if v.id == "kruzno-checkers"), "en")
    assert info.value.file and info.value.file.endswith("kruzno-checkers.yaml")


# -- typography -----------------------------------------------------------------------------


def test_typeset_french() -> None:
    rules = catalogue("fr").typography
    assert (
        typeset('Attention: le "coin double"!', rules)
        == f"Attention{NBSP}: le «{NBSP}coin double{NBSP}»{NBSP}!"
    )
    assert typeset("l'avant", rules) == "l\u2019avant"
    once = typeset("Qui commence ? 100 %", rules)
    assert once == f"Qui commence{NBSP}? 100{NBSP}%" and typeset(once, rules) == once


def test_typeset_german_and_english() -> None:
    assert typeset('Der "König" zieht', catalogue("de").typography) == "Der \u201eKönig\u201c zieht"
    assert typeset('the "double corner"', catalogue("en").typography) == "the \u201cdouble corner\u201d"
    with pytest.raises(ValueError, match="unbalanced"):
        typeset('a "b', Typography())


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_composed_texts_follow_each_language_s_typography(variant: Variant) -> None:
    for lang in LANGS:
        text = sheet_words(rule_sheet_text(variant, lang))
        assert '"' not in text and "'" not in text and "\u202f" not in text
    french = sheet_words(rule_sheet_text(variant, "fr"))
    assert not re.search(r"[^\u00a0][:;?!»]", french.replace("\n", " ")), "no-break space before : ; ? ! »"
    assert not re.search(r"«[^\u00a0]", french)
    german = sheet_words(rule_sheet_text(variant, "de"))
    assert german.count("\u201e") == german.count("\u201c")
    assert not re.search(r"\b(?:[Gg]ross|Weiss|[Ff]uer|[Uu]eber|[Zz]uege|koenn|muess)", german), (
        "umlauts and ß"
    )
    assert not re.search(r"\b(?:deja|apres|regles?|premiere|derniere|etre|tres|cote)\b", french), "accents"


def test_french_uses_vous_and_german_du() -> None:
    for variant in VARIANTS:
        fr = sheet_words(rule_sheet_text(variant, "fr"))
        de = sheet_words(rule_sheet_text(variant, "de"))
        assert not re.search(r"\b(tu|ton|ta|tes|toi)\b", fr), variant.id
        assert not re.search(r"\b(Sie können|Ihr(?:e|en)? )", de), variant.id


# -- the sentences follow the switches -------------------------------------------------------


def _with_params(variant: Variant, **params: Any) -> Variant:
    return replace(variant, rules=RulesSpec(variant.rules.family, {**variant.rules.params, **params}))


def _leaping_cases() -> list[tuple[str, str, Variant]]:
    """One variant per value of every one-word leaping switch: (switch, value, variant)."""
    square = load_variant("variante-dames", ROOT / "variants")
    hexes = load_variant("kruzno-checkers", ROOT / "variants")
    no_kings: dict[str, Any] = {"king": "none", "king_capture": "none", "promotion": "none"}
    no_kings["last_pieces_become_kings"] = False
    cases = []
    for name, values in CHOICES.items():
        for value in values:
            base, params = (
                square,
                {k: v for k, v in square.rules.params.items() if k != "flying_king_landing"},
            )
            if name == "restricted_rule":
                base, params = hexes, dict(hexes.rules.params)
            elif name == "quiet_move_count":
                params["quiet_move_draw"] = 25
            elif name in ("king", "king_capture") and value == "none":
                params.update(no_kings)
            elif name in ("king", "king_capture"):
                params.update(king=value, king_capture=value)
            if params.get("king_capture") == "flying":
                params["flying_king_landing"] = "any"
            params[name] = value
            cases.append((name, value, replace(base, rules=RulesSpec("leaping", params), examples=())))
    return cases


#: Switches whose sentence is on every sheet, word for word (no directions to fill in).
ALWAYS = ("capture", "capture_choice", "removal", "promotion", "no_legal_move", "restricted_rule")
#: Switches whose sentence holds a number: the number the cases above use.
COUNTED = {"quiet_move_count": 25}


@pytest.mark.parametrize("case", _leaping_cases(), ids=lambda c: f"{c[0]}={c[1]}")
def test_each_leaping_value_puts_its_own_sentence_on_the_sheet(case: tuple[str, str, Variant]) -> None:
    name, value, variant = case
    kind = variant.grid.kind
    for lang in LANGS:
        c = catalogue(lang)
        text = sheet_words(rule_sheet_text(variant, lang))
        if name in ALWAYS:
            nouns = {"cell": c.text(f"words.cell.{kind}"), "cells": c.text(f"words.cells.{kind}")}
            region = c.declined("region", c.text("words.restricted_region"), {})  # Kruzno's ring
            sentence = c.text(f"params.leaping.{name}.{value}", **nouns, **region)
            assert sentence in text, (lang, name, value)
        if name in COUNTED:
            assert c.count(f"params.leaping.{name}.{value}", COUNTED[name]) in text, (lang, name, value)


@pytest.mark.parametrize("lang", LANGS)
def test_counted_draws_are_worded_with_their_numbers(lang: str) -> None:
    pool = next(v for v in VARIANTS if v.id == "pool-checkers")
    text = sheet_words(rule_sheet_text(_with_params(pool, quiet_move_draw=31, three_kings_vs_one=17), lang))
    c = catalogue(lang)
    keys = {
        "quiet_move_draw": "quiet_move_count.each-player",
        "three_kings_vs_one": "three_kings_vs_one.count",
    }
    for key, n in (("quiet_move_draw", 31), ("three_kings_vs_one", 17)):
        sentence = c.count(f"params.leaping.{keys[key]}", n)
        assert sentence in text
        plain = sheet_words(rule_sheet_text(_with_params(pool, **{key: None}), lang))
        assert c.count(f"params.leaping.{keys[key]}", 25 if key == "quiet_move_draw" else 13) not in plain
    literal = sheet_words(rule_sheet_text(_with_params(pool, quiet_move_count="single-moves"), lang))
    assert c.count("params.leaping.quiet_move_count.single-moves", 25) in literal


@pytest.mark.parametrize("lang", LANGS)
def test_placement_numbers_choose_their_plural_forms(lang: str) -> None:
    catchup = next(v for v in VARIANTS if v.id == "catchup")
    one = sheet_words(rule_sheet_text(catchup, lang))
    more = sheet_words(
        rule_sheet_text(_with_params(catchup, opening_stones=2, stones_per_turn=4, catchup_stones=6), lang)
    )
    assert "6" in more and "4" in more and "3" in one
    assert one != more


def test_direction_words_combine_into_one_phrase() -> None:
    dames = next(v for v in VARIANTS if v.id == "variante-dames")
    en = sheet_words(rule_sheet_text(dames, "en"))
    assert "A man moves one square straight forward or sideways." in en
    kruzno = next(v for v in VARIANTS if v.id == "kruzno-checkers")
    assert "A man moves one cell in any direction." in sheet_words(rule_sheet_text(kruzno, "en"))


def test_a_missing_sentence_fails_with_file_and_key(monkeypatch: pytest.MonkeyPatch) -> None:
    french = catalogue("fr")
    key = "params.leaping.promotion.end-of-move"
    holed = replace(french, entries={k: v for k, v in french.entries.items() if k != key})
    monkeypatch.setattr(compose, "catalogue", lambda lang: holed)
    pool = next(v for v in VARIANTS if v.id == "pool-checkers")
    with pytest.raises(MissingText) as info:
        rule_sheet_text(pool, "fr")
    assert info.value.key == key and "fr/catalogue.yaml" in str(info.value)


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(BoardgenError, match="known: en"):
        catalogue("xx")


def test_an_example_with_an_unknown_topic_is_refused() -> None:
    pool = next(v for v in VARIANTS if v.id == "pool-checkers")
    odd = replace(
        pool, examples=(Example("odd", "weather", None, "11-15", {"en": "x", "fr": "x", "de": "x"}),)
    )
    with pytest.raises(BoardgenError, match="topic 'weather'"):
        rule_sheet_text(odd, "en")


def test_examples_sit_in_the_section_their_topic_names() -> None:
    for variant in VARIANTS:
        sheet = rule_sheet_text(variant, "en")
        placed = {b.example.id: s.name for s in sheet.sections for b in s.blocks if not isinstance(b, Para)}
        assert set(placed) == {e.id for e in variant.examples}
        family = registry.family(variant.rules.family)
        assert {s.name for s in sheet.sections} <= set(family.sections), variant.id
        for example in variant.examples:
            section = placed[example.id]
            assert section == example.topic or (
                section == "special" and example.topic in family.special_topics
            ), example.id


SEEDS = ROOT.parent / "shared" / "seeds"


def _all_texts() -> list[tuple[str, str]]:
    """Every sentence template, game text and example caption, with where it comes from."""
    found: list[tuple[str, str]] = []
    for lang in LANGS:
        found += [(f"{lang}:{key}", text) for key, text in catalogue(lang).templates().items()]
        found += [(f"{lang}:games", text) for text in _game_texts(lang)]
    for variant in VARIANTS:
        for example in variant.examples:
            found += [(f"{lang}:{variant.id}:{example.id}", t) for lang, t in example.caption.items()]
    return found


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rule sources are not next to the project")
def test_no_sentence_follows_a_source_word_for_word() -> None:
    """Written in our own words: no run of 7 words or more taken over from a source."""
    import difflib

    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.lower().replace("\u2019", "'"))

    sources = [words(path.read_text()) for path in sorted(SEEDS.glob("*.txt"))]
    copied = []
    for where, text in _all_texts():
        ours = words(text)
        for source in sources:
            match = difflib.SequenceMatcher(None, ours, source, autojunk=False)
            run = match.find_longest_match(0, len(ours), 0, len(source))
            if run.size >= 7:
                copied.append((where, " ".join(ours[run.a : run.a + run.size])))
    assert not copied, copied


# -- a restricted region's own name in the sentences --------------------------------------

LAKE_DRAUGHTS = (
    (ROOT / "variants" / "kruzno-checkers.yaml")
    .read_text("utf-8")
    .replace(
        "  restricted: {ring: 1}        # the shaded outer ring (30 cells)\n",
        "  lake:\n"
        "    where: {ring: 1}\n"
        "    name: {en: the lake, fr: le lac, de: der See}\n"
        '    colour: "#9cc3e6"\n'
        "    pattern: hatch\n",
    )
    .replace("except: restricted", "except: lake")
    .replace("restricted_region: restricted", "restricted_region: lake")
)
# none of Kruzno's own words: another id (its free texts), no examples (their captions)
LAKE_DRAUGHTS = LAKE_DRAUGHTS.replace("id: kruzno-checkers", "id: lake-draughts").split("examples:")[0]


def _lake_game(tmp_path: Path, text: str = LAKE_DRAUGHTS) -> Variant:
    path = tmp_path / "lake-draughts.yaml"
    path.write_text(text, "utf-8")
    return load_variant(str(path))


def test_the_restricted_regions_sentences_use_its_own_name_in_each_language(tmp_path: Path) -> None:
    """Every sentence about the region says "the lake", "le lac", "der See" in the case
    and with the preposition the sentence needs; none says the catalogue's "border"."""
    variant = _lake_game(tmp_path)
    en, fr, de = (sheet_words(rule_sheet_text(variant, lang)) for lang in ("en", "fr", "de"))
    for text, fixed in ((en, "border"), (fr, "bordure"), (de, "Randzone")):
        assert fixed not in text
    assert "Men never start on the lake." in en
    assert "The lake" in en.splitlines()  # the special rule's title
    assert "If one of your men stops on the lake, your next move must take it off again" in en
    assert "step to an empty cell off the lake" in en
    fr = fr.replace(NBSP, " ")
    assert "Aucun pion ne commence sur le lac." in fr and "Le lac" in fr.splitlines()
    assert "une case libre hors du lac" in fr and "s\u2019arrête sur le lac" in fr
    assert "de le lac" not in fr
    assert "Kein Stein beginnt im See." in de and "Der See" in de.splitlines()
    assert "Ziehst du einen Stein in den See," in de
    assert (
        "Solange einer deiner Steine im See auf ein freies Feld ziehen kann, das nicht zum See gehört" in de
    )
    assert "er muss den See verlassen" in de and "in dem See" not in de
    assert "Die 30 auf dem Brett markierten Felder bilden den See." in de


def test_a_region_name_gives_its_cases_where_its_article_cannot(tmp_path: Path) -> None:
    """A German plural gives its own forms; a name with no article it can decline is
    refused at its key, naming the forms to give."""
    plural = LAKE_DRAUGHTS.replace(
        "de: der See}", "de: {name: die Sümpfe, acc: die Sümpfe, dat: den Sümpfen}}"
    ).replace("en: the lake, fr: le lac", "en: the marshes, fr: les marais")
    de = sheet_words(rule_sheet_text(_lake_game(tmp_path, plural), "de"))
    assert "Kein Stein beginnt in den Sümpfen." in de and "das nicht zu den Sümpfen gehört" in de
    fr = sheet_words(rule_sheet_text(_lake_game(tmp_path, plural), "fr")).replace(NBSP, " ")
    assert "hors des marais" in fr and "sur les marais" in fr
    bare = LAKE_DRAUGHTS.replace("de: der See}", "de: Seeufer}")
    with pytest.raises(BoardgenError) as caught:
        rule_sheet_text(_lake_game(tmp_path, bare), "de")
    assert caught.value.key == "regions.lake.name.de" and "acc: ..., dat: ..." in caught.value.message
