"""Shōgun no Katana's words (data.words, views.components): every card, hall, honour card, favour and
resource a page shows has a name and a text, in words built from the numbers the engine plays by."""
import re

from engine_ext.shogun import data, views

CODE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b[A-Z]+_[A-Z0-9_]+\b")


def test_every_component_a_page_names_has_words_and_no_code():
    words = views.components()
    assert set(words["cards"]) == {c.key for c in data.CARDS}
    assert set(words["halls"]) == {h.key for h in data.HALLS}
    assert set(words["honours"]) == {h.key for h in data.HONOURS}
    assert set(words["tiles"]) == {t.key for t in data.TILES}
    assert set(words["phases"]) == set(views.PHASE_NAMES)
    assert list(words["resources"].values()) == ["lacquer", "wood", "steel", "galuchat"]
    texts = [v for card in words["cards"].values() for v in (card["name"], card["effect"], card["permanent"])]
    texts += [h["text"] for h in words["halls"].values()] + [h["name"] for h in words["honours"].values()]
    texts += [h["text"] for h in words["honours"].values()] + list(words["favours"].values())
    texts += list(words["phases"].values()) + list(words["komainu_effects"].values())
    assert all(text and not CODE.search(text) for text in texts), [t for t in texts if not t or CODE.search(t)]


def test_the_words_say_the_numbers_the_engine_plays_by():
    words = views.components()
    # market n°4's effect and its permanent (1 wood for 1 coin); Daimyō B's galuchat at the market
    assert words["cards"]["m4_second_advantage"]["name"] == "Market n°4"
    assert words["cards"]["m4_second_advantage"]["permanent"] == \
        "Permanent for 1 coin: 1 wood at each delivery from its line"
    assert words["cards"]["b_galuchat"]["effect"] == "Take 1 galuchat (at the market)"
    assert words["cards"]["b_bois"]["effect"] == "Take 2 wood"
    assert words["cards"]["m7_temple"]["effect"] == "Take as many coins as the temple costs this round"
    # the halls of E6: 2 coins; 1 coin for a galuchat; 2 coins for a lacquer
    assert [words["halls"][k]["text"] for k in ("coins", "galuchat", "laque")] == \
        ["Take 2 coins", "Pay 1 coin for 1 galuchat", "Pay 2 coins for 1 lacquer"]
    assert words["halls"]["discount"] == {"text": "Always: your permanents cost 1 coin less", "passive": True}
    # E21: 1 point per 4 coins, at most 12 (RULEBOOK: no honour card gives more)
    assert words["honours"]["coins"]["text"] == "1 point per 4 coins, at most 12"
    assert words["honours"]["swords_galuchat"]["text"] == "3 points per delivered sword with galuchat, at most 12"
    assert words["forge"]["column_advantages"][1] == "3 coins"          # E14
    assert words["forge"]["row_advantages"][0] == "1 lacquer"           # E14
    assert words["favours"]["I"].startswith("the first to deliver a Shōgun no Katana scores 6 points")
    assert words["tiles"]["gabb"] == {"points": 4, "coins": 5, "power": 2,
                                      "composition": ["galuchat", "acier", "bois", "bois"]}
