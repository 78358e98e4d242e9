"""Card faces drawn with Pillow: size, colors of the frame, fitted text, user images, the disk cache."""
from __future__ import annotations

from PIL import Image

from app.cardface import (COLORLESS, FRAME_COLORS, GOLD, CardFace, card_height, fit_text, frame_color, render_back,
                          render_face, split_symbols, user_image_path)
from app.demo import card_obj

BOLT = CardFace("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", "R")


def test_face_has_card_proportions_and_transparent_corners():
    img = render_face(BOLT, 240)
    assert img.size == (240, card_height(240)) == (240, 335)
    assert img.getpixel((0, 0))[3] == 0  # rounded corner
    assert img.getpixel((120, 160))[3] == 255


def test_frame_color_follows_the_cards_colors():
    assert frame_color(BOLT) == FRAME_COLORS["R"]
    assert frame_color(CardFace("Watchwolf", "{G}{W}", "Creature — Wolf", colors="GW")) == (
        FRAME_COLORS["W"], FRAME_COLORS["G"])
    assert frame_color(CardFace("Kaleidoscope", colors="WUB")) == GOLD
    assert frame_color(CardFace("Sol Ring", "{1}", "Artifact")) == COLORLESS
    # The frame's pixels really are red for a red card.
    r, g, b, _ = render_face(BOLT, 200).getpixel((12, 200))
    assert r > g + 60 and r > b + 60


def test_mana_cost_symbols_are_parsed():
    assert split_symbols("{2}{W/U}{R}{X}") == ["2", "W/U", "R", "X"]
    assert split_symbols("") == []


def test_long_rules_text_gets_a_smaller_font_to_fit():
    short = fit_text("Flying", 150, 80, 14, 6)
    long = fit_text("Choose one — " + "Target creature gains double strike until end of turn. " * 4, 150, 80, 14, 6)
    assert short == 14
    assert 6 <= long < short


def test_power_toughness_and_loyalty_are_drawn_in_the_corner():
    plain = render_face(CardFace("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "G"), 200)
    with_pt = render_face(CardFace("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "G", "2", "2"), 200)
    box = (140, 250, 195, 275)
    assert plain.crop(box).tobytes() != with_pt.crop(box).tobytes()


def test_from_snapshot_object():
    face = CardFace.from_obj(card_obj(1, 101, "Serra Angel", 0, "battlefield"))
    assert (face.name, face.mana_cost, face.power, face.toughness) == ("Serra Angel", "{3}{W}{W}", "4", "4")


def test_back_is_the_same_size():
    assert render_back(128).size == (128, card_height(128))


def test_user_image_is_found_by_card_name(tmp_path):
    Image.new("RGB", (63, 88), "purple").save(tmp_path / "Lightning Bolt.jpg")
    assert user_image_path(tmp_path, "Lightning Bolt") == tmp_path / "Lightning Bolt.jpg"
    assert user_image_path(tmp_path, "Shock") is None
    assert user_image_path(None, "Lightning Bolt") is None
