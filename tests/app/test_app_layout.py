"""Where cards go on the table: rows per kind of permanent, tapped turned, attachments tucked, fanned hands."""
from __future__ import annotations

from app.demo import crowded_snapshot, midgame_snapshot
from app.demo import card_obj
from app.table.layout import (CARD_H, CARD_W, FIELD_BOTTOM, FIELD_LEFT, FIELD_RIGHT, FIELD_TOP, PHASE_BAR_Y,
                              READABLE_PX, SCENE_H, battlefield_row, drop_zone, item_key, layout, panel_pos, pile_key,
                              pile_pos)


def _by_name(places, name):
    return [(o, p) for o, p in places.values() if o.get("name") == name]


def test_rows_by_kind_and_side():
    places = layout(midgame_snapshot(), bottom=0)
    (bears, bp), = _by_name(places, "Grizzly Bears")
    (garruk, gp), = _by_name(places, "Garruk Wildspeaker")
    forest = _by_name(places, "Forest")[0][1]
    assert battlefield_row(bears) == "creatures" and battlefield_row(garruk) == "others"
    # Bottom player: creatures nearest the middle, behind them the other permanents, then the lands.
    assert PHASE_BAR_Y < bp.y < gp.y and abs(gp.y - forest.y) < CARD_H / 2 and gp.x < forest.x
    (angel, ap), = _by_name(places, "Serra Angel")
    island = _by_name(places, "Island")[0][1]
    assert island.y < ap.y < PHASE_BAR_Y  # the top player mirrors it


def test_seats_swap_with_the_viewer():
    snap = midgame_snapshot(viewer=None)
    (_, bottom_view), = _by_name(layout(snap, bottom=0), "Serra Angel")
    (_, top_view), = _by_name(layout(snap, bottom=1), "Serra Angel")
    assert bottom_view.y < PHASE_BAR_Y < top_view.y


def test_tapped_cards_are_turned():
    places = layout(midgame_snapshot(), bottom=0)
    (_, guide), = _by_name(places, "Goblin Guide")
    (_, finks), = _by_name(places, "Kitchen Finks")
    assert guide.rotation == 90.0 and finks.rotation == 0.0


def test_attachments_tuck_under_their_host():
    places = layout(midgame_snapshot(), bottom=0)
    (_, guide), = _by_name(places, "Goblin Guide")
    (_, splitter), = _by_name(places, "Bonesplitter")
    assert splitter.x == guide.x and splitter.z < guide.z and splitter.y != guide.y
    (_, bears), = _by_name(places, "Grizzly Bears")
    (_, pacifism), = _by_name(places, "Pacifism")  # an opponent's Aura on my creature goes with the creature
    assert pacifism.x == bears.x


def test_opponent_hand_is_face_down_and_mine_face_up():
    places = layout(midgame_snapshot(viewer=0), bottom=0)
    hands = [(o, p) for o, p in places.values() if p.zone == "hand"]
    assert {p.face_up for o, p in hands if p.owner == 0} == {True}
    assert {p.face_up for o, p in hands if p.owner == 1} == {False}
    assert all(p.y > PHASE_BAR_Y for o, p in hands if p.owner == 0)


def test_hand_over_hides_both_hands():
    places = layout(midgame_snapshot(viewer=None), bottom=0, hidden_hands=frozenset({0, 1}))
    assert not any(p.face_up for o, p in places.values() if p.zone == "hand")


def test_only_the_top_of_graveyard_and_exile_is_an_item():
    snap = midgame_snapshot()
    places = layout(snap, bottom=0)
    graveyard = [o for o, p in places.values() if p.zone == "graveyard" and p.owner == 0]
    assert [o["name"] for o in graveyard] == [snap["players"][0]["graveyard"][-1]["name"]]


def test_items_are_keyed_by_physical_card():
    snap = midgame_snapshot()
    card = snap["players"][0]["hand"][0]
    assert item_key(card) == f"c{card['card_id']}"
    assert item_key({"id": 7, "hidden": True}) == "o7"


def test_crowded_rows_stay_on_the_table():
    places = layout(crowded_snapshot(120), bottom=0)
    assert len(places) == 120
    for obj, p in places.values():
        assert 0 <= p.y <= SCENE_H
        if p.zone == "battlefield":
            assert FIELD_LEFT - 1 <= p.x <= FIELD_RIGHT + 1


def test_drop_zones():
    assert drop_zone(800, 700, bottom=0) == ("battlefield", 0)
    assert drop_zone(800, 400, bottom=0) == ("battlefield", 1)
    assert drop_zone(*pile_pos("graveyard", "bottom"), bottom=0) == ("graveyard", 0)
    assert drop_zone(*pile_pos("exile", "top"), bottom=0) == ("exile", 1)
    assert drop_zone(800, 1150, bottom=0) == ("hand", 0)
    assert drop_zone(5, 5, bottom=0) is None
    assert drop_zone(*panel_pos("top"), bottom=0) == ("player", 1)
    assert drop_zone(*panel_pos("bottom"), bottom=1) == ("player", 1)


def _field(*names, tapped=(), token=False):
    """A snapshot whose bottom player controls these permanents (object ids from 1)."""
    snap = midgame_snapshot()
    snap["battlefield"] = [card_obj(i, 100 + i, name, 0, "battlefield", tapped=i in tapped)
                           for i, name in enumerate(names, 1)]
    for obj in snap["battlefield"]:
        obj["token"] = token
    return snap


def _field_scale(snap, view_scale=1.0):
    return {p.scale for o, p in layout(snap, 0, view_scale=view_scale).values() if p.zone == "battlefield"}


def test_cards_shrink_as_the_battlefield_fills_but_stay_readable():
    few, = _field_scale(_field(*["Grizzly Bears"] * 3, *["Forest"] * 2))
    more, = _field_scale(_field(*[f"Grizzly Bears"] * 12))
    assert few > more >= 1.0  # a dozen creatures still get full-size cards
    crowded, = _field_scale(_field(*["Grizzly Bears"] * 40), view_scale=0.5)
    assert CARD_W * crowded * 0.5 >= READABLE_PX - 0.01  # overlapping rather than unreadable
    for obj, p in layout(_field(*["Grizzly Bears"] * 40), 0, view_scale=0.5).values():
        if p.zone == "battlefield":  # and still on the table, within the bottom half
            assert FIELD_LEFT - 1 <= p.x <= FIELD_RIGHT + 1
            assert FIELD_TOP <= p.y - CARD_H * p.scale / 2 and p.y + CARD_H * p.scale / 2 <= FIELD_BOTTOM


def test_identical_lands_lie_in_one_pile_with_a_count():
    snap = _field("Forest", "Forest", "Forest", "Mountain", "Forest", tapped={5})
    places = layout(snap, 0)
    forests = sorted((p for o, p in places.values() if o.get("name") == "Forest" and not o.get("tapped")),
                     key=lambda p: p.z)
    assert [p.count for p in forests] == [0, 0, 3]  # the top one carries the count
    assert len({p.x for p in forests}) == 3 and max(abs(a.x - b.x) for a in forests for b in forests) < CARD_W
    (_, tapped), = [(o, p) for o, p in places.values() if o.get("tapped")]
    assert tapped.count == 1  # a tapped Forest is not interchangeable with untapped ones
    key = pile_key(snap["battlefield"][0])
    spread = layout(snap, 0, spread=frozenset({key}))
    # Spread out: side by side, the first one's badge (minus the count) gathers them again.
    assert sorted(p.count for o, p in spread.values() if o.get("name") == "Forest") == [-3, 1, 1, 1]
    assert min(abs(a.x - b.x) for a in [p for o, p in spread.values() if o.get("name") == "Forest"]
               for b in [p for o, p in spread.values() if o.get("name") == "Forest"] if a is not b) > CARD_W


def test_creatures_and_tokens_of_a_kind():
    creatures = layout(_field("Grizzly Bears", "Grizzly Bears"), 0)
    assert {p.count for o, p in creatures.values() if p.zone == "battlefield"} == {1}  # cards lie alone
    tokens = layout(_field("Grizzly Bears", "Grizzly Bears", token=True), 0)
    assert sorted(p.count for o, p in tokens.values() if p.zone == "battlefield") == [0, 2]


def test_a_freely_placed_card_keeps_its_place():
    snap = _field("Grizzly Bears", "Forest", "Forest")
    key = item_key(snap["battlefield"][1])
    places = layout(snap, 0, free={key: (400.0, 900.0)})
    obj, place = places[key]
    assert (place.x, place.y, place.count) == (400.0, 900.0, 1)
    other = places[item_key(snap["battlefield"][2])][1]
    assert other.count == 1  # the pile it left holds one card now
