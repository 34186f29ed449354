"""The report's sentences in English and Spanish (issue 25 section 2), from its structured figures.

The report sends both the figures (``next_step.kind``, ``relation``,
``count``, ``example``...) and these sentences (``text: {"en", "es"}``): a
page may show the sentence as it is or write its own from the figures.  Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.splittissimo.relations import (
    COMBINED_ORDERS,
    EQUIVALENT_FRACTIONS,
    SAME_CARD,
    SAME_DENOMINATOR_SUM,
    TOPPINGS_MATCHED,
    UNLIKE_DENOMINATOR_SUM,
    WHOLE_PIZZA,
)

LANGUAGES = ("en", "es")

RELATION_WORDS: dict[str, dict[str, str]] = {
    SAME_CARD: {"en": "the same card", "es": "la misma carta"},
    EQUIVALENT_FRACTIONS: {"en": "equivalent fractions", "es": "fracciones equivalentes"},
    SAME_DENOMINATOR_SUM: {"en": "adding with the same denominator", "es": "sumas con el mismo denominador"},
    UNLIKE_DENOMINATOR_SUM: {"en": "adding with different denominators", "es": "sumas con distinto denominador"},
    WHOLE_PIZZA: {"en": "a whole pizza", "es": "una pizza entera"},
    COMBINED_ORDERS: {"en": "combined orders", "es": "pedidos combinados"},
    TOPPINGS_MATCHED: {"en": "matching toppings", "es": "ingredientes que coinciden"},
}


def relation_words(relation: str, lang: str) -> str:
    return RELATION_WORDS.get(relation, {}).get(lang, relation.replace("_", " "))


def times(n: int, lang: str) -> str:
    if lang == "es":
        return {1: "una vez", 2: "dos veces", 3: "tres veces"}.get(n, f"{n} veces")
    return {1: "once", 2: "twice", 3: "three times"}.get(n, f"{n} times")


def both(make: object) -> dict[str, str]:
    """``{"en": make("en"), "es": make("es")}``."""
    return {lang: make(lang) for lang in LANGUAGES}  # type: ignore[operator]


def next_step(kind: str, name: str, relation: str | None, count: int, example: str | None) -> dict[str, str]:
    """The student's one-line next step (docs/classroom.md, "Next step")."""

    def say(lang: str) -> str:
        rel = relation_words(relation or "", lang)
        if kind == "missed":
            if example:
                return (
                    f"{name} no vio que {example} {times(count, lang)} ({rel})."
                    if lang == "es"
                    else f"{name} did not see that {example} {times(count, lang)} ({rel})."
                )
            return (
                f"{name} dejó pasar {rel} {times(count, lang)}."
                if lang == "es"
                else f"{name} missed {rel} {times(count, lang)}."
            )
        if kind == "refused":
            # the example is "hand | table" (the cards tried on each side)
            tried = example.replace(" | ", " con " if lang == "es" else " with ") if example else ""
            eg = (f", p. ej. {tried}" if lang == "es" else f", e.g. {tried}") if example else ""
            return (
                f"Los intentos de {name} con {rel} no valieron {times(count, lang)}{eg}."
                if lang == "es"
                else f"{name}'s tries at {rel} were refused {times(count, lang)}{eg}."
            )
        if kind == "keep_going":
            return (
                f"{name} tomó todas las bazas posibles: puede jugar con más puntos."
                if lang == "es"
                else f"{name} took every trick on offer: ready for more dots."
            )
        return f"{name} todavía no ha jugado ningún turno." if lang == "es" else f"{name} has not played a turn yet."

    return both(say)


def most_missed_line(relation: str, students: int, of: int) -> dict[str, str]:
    return both(
        lambda lang: (
            f"{students} de {of} no vieron {relation_words(relation, lang)} al menos una vez."
            if lang == "es"
            else f"{students} of {of} missed {relation_words(relation, lang)} at least once."
        )
    )


def never_used_line(relation: str, students: int, of: int) -> dict[str, str]:
    return both(
        lambda lang: (
            f"{students} de {of} nunca usaron {relation_words(relation, lang)}."
            if lang == "es"
            else f"{students} of {of} never used {relation_words(relation, lang)}."
        )
    )


def used_line(counts: Sequence[tuple[str, int]]) -> dict[str, str]:
    def say(lang: str) -> str:
        if not counts:
            return "Todavía no se ha tomado ninguna baza." if lang == "es" else "No trick taken yet."
        listed = ", ".join(f"{relation_words(r, lang)} ({n})" for r, n in counts)
        return f"La clase usó: {listed}." if lang == "es" else f"The class used: {listed}."

    return both(say)


def _dots(dots: Sequence[int]) -> str:
    return ", ".join(str(d) for d in dots)


def level_line(
    table: int, change: str, dots: Sequence[int], suggested: Sequence[int], reason: Mapping[str, Any]
) -> dict[str, str]:
    """Table N's suggested dot levels, and why (docs/classroom.md, "Suggested dot levels")."""

    def why(lang: str) -> str:
        kind = reason.get("reason")
        n, of = reason.get("count", 0), reason.get("of", 0)
        rel = relation_words(str(reason.get("relation") or ""), lang)
        if kind == "misses":
            return (
                f"se dejaron pasar {n} de {of} bazas posibles, sobre todo {rel}"
                if lang == "es"
                else f"{n} of {of} tricks on offer were missed, most often {rel}"
            )
        if kind == "no_misses":
            return f"{n} bazas tomadas y ninguna se dejó pasar" if lang == "es" else f"{n} tricks taken and none missed"
        if kind == "top":
            return "ya juega con todos los puntos" if lang == "es" else "already plays with every dot level"
        if kind == "bottom":
            return "ya juega solo con 1 punto" if lang == "es" else "already plays with 1 dot only"
        if kind == "too_little_play":
            return "aún hay pocas jugadas para decidir" if lang == "es" else "too little play yet to tell"
        return (
            f"se dejaron pasar {n} de {of} bazas posibles"
            if lang == "es"
            else f"{n} of {of} tricks on offer were missed"
        )

    def say(lang: str) -> str:
        mesa = f"Mesa {table}" if lang == "es" else f"Table {table}"
        if change == "same":
            keep = "sigue con puntos" if lang == "es" else "keeps dots"
            return f"{mesa}: {keep} {_dots(dots)} ({why(lang)})."
        word = {"up": ("más puntos", "more dots"), "down": ("menos puntos", "fewer dots")}[change]
        if lang == "es":
            return f"{mesa}: {word[0]} ({_dots(suggested)} en vez de {_dots(dots)}): {why(lang)}."
        return f"{mesa}: {word[1]} ({_dots(suggested)} instead of {_dots(dots)}): {why(lang)}."

    return both(say)


def change_line(table: int, before: Sequence[int], after: Sequence[int], by: str) -> dict[str, str]:
    def say(lang: str) -> str:
        if lang == "es":
            who = "automáticamente" if by == "auto" else "por el profesor"
            return f"Mesa {table}: puntos {_dots(before)} -> {_dots(after)} ({who}) desde su siguiente partida."
        who = "automatically" if by == "auto" else "by the teacher"
        return f"Table {table}: dots {_dots(before)} -> {_dots(after)} ({who}) from its next game."

    return both(say)
