"""Names: rude words are refused through their disguises, real names pass, look-alikes of a name in the room are taken."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from name_table import HARMLESS, RUDE

from server import lobby, roomstate
from server.names import NAME_MAX, BadName, clean_name, is_rude, same_name, skeleton

#: A few disguises the table below does not spell out, each a case of its own.
RUDE_DISGUISES = [
    "ＦＵＣＫ",  # fullwidth letters
    "fսck",  # Armenian "u"
    "shіt",  # Cyrillic "i"
    "ƒuck",  # Latin small f with hook
]


@pytest.mark.parametrize("name", RUDE + RUDE_DISGUISES)
def test_a_rude_name_is_refused_as_unkind_whatever_its_disguise_or_language(name):
    assert is_rude(name)
    with pytest.raises(BadName) as refused:
        clean_name(name)
    assert refused.value.reason == "unkind"
    assert refused.value.params == {"reason": "unkind", "max": NAME_MAX}


@pytest.mark.parametrize("name", HARMLESS)
def test_a_harmless_name_is_accepted_as_typed(name):
    assert not is_rude(name)
    assert clean_name(f"  {name} ") == " ".join(name.split())


def test_the_table_is_large_and_bilingual():
    assert len(HARMLESS) + len(RUDE) >= 200
    for spanish in ("Rocío", "Concha", "Íñigo"):
        assert spanish in HARMLESS
    for spanish in ("puta", "mierda", "pendejo", "gilipollas"):
        assert spanish in RUDE


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("A" * (NAME_MAX + 1), "too_long"),  # refused with the limit, never cut to fit
        ("Ana\u0007", "unprintable"),
        ("Fuckface", "unkind"),  # a rude name is refused for being rude, not for its length
    ],
)
def test_each_refusal_says_its_real_reason(typed, reason):
    with pytest.raises(BadName) as refused:
        clean_name(typed)
    assert refused.value.reason == reason
    assert refused.value.params["max"] == NAME_MAX


def test_a_name_of_exactly_the_limit_is_kept_whole():
    assert clean_name("A" * NAME_MAX) == "A" * NAME_MAX


@pytest.mark.parametrize(
    "lookalike",
    [
        "Mаrta",  # Cyrillic a
        "Mαrta",  # Greek alpha
        "Μarta",  # Greek capital Mu
        "Ｍａｒｔａ",  # fullwidth
        "MARTA",  # case
        "Marta",
    ],
)
def test_a_lookalike_of_a_name_is_the_same_name(lookalike):
    assert skeleton(lookalike) == "marta"
    assert same_name("Marta", lookalike)


@pytest.mark.parametrize("other", ["Márta", "Martha", "Mart", "lan"])
def test_different_names_stay_different(other):
    assert not same_name("Marta" if other != "lan" else "Ian", other)


def test_the_lobby_refuses_a_lookalike_of_a_name_already_in_the_room():
    # given a room with Marta in it
    room = lobby.Room(id="r1", code="BCDF")
    for event in lobby.decide_join(room, "Marta", "h1"):  # she joins (and, first in, may host from her phone)
        room = roomstate.evolve(room, event, {})
    # when someone joins as "Marta" with a Cyrillic a, or in fullwidth letters, then it is refused as taken
    for name in ("Mаrta", "Ｍａｒｔａ"):
        with pytest.raises(lobby.RoomRejected) as refused:
            lobby.decide_join(room, name, "h2")
        assert refused.value.code == lobby.RoomCode.NAME_TAKEN
    # and a different name gets in
    assert lobby.decide_join(room, "Martha", "h3")


ascii_names = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=16)


@given(ascii_names)
def test_an_ascii_name_in_fullwidth_letters_or_another_case_is_the_same_name(name):
    fullwidth = "".join(chr(ord(ch) + 0xFEE0) for ch in name)
    assert same_name(name, fullwidth)
    assert same_name(name.upper(), name.lower())


@given(ascii_names, ascii_names)
def test_ascii_names_are_the_same_only_when_equal_ignoring_case(a, b):
    assert same_name(a, b) == (a.casefold() == b.casefold())
