import io
import json

import pytest

from cardsdb.jsonstream import JsonStream, JsonStreamError


def stream(text: str, chunk: int = 3) -> JsonStream:
    return JsonStream(io.StringIO(text), chunk_size=chunk)


def test_array_members_are_read_one_at_a_time_across_chunk_boundaries():
    data = [{"name": "Shock", "n": 12345}, [1, 2, {"x": "y\"z"}], 1.5e3, True, None, "s"]
    reader = stream(json.dumps(data), chunk=4)
    out = []
    for _ in reader.iter_array():
        out.append(reader.value())
    reader.end()
    assert out == data


def test_number_split_by_a_chunk_boundary_is_not_cut_short():
    reader = stream("[123456789, 42]", chunk=5)
    values = [reader.value() for _ in reader.iter_array()]
    assert values == [123456789, 42]



@pytest.mark.parametrize("chunk", range(1, 40))
def test_a_unicode_escape_split_by_a_chunk_boundary_is_read_whole(chunk):
    # Found reading an AllPrintings-like file written with json.dump (ensure_ascii): "\u2014" cut at the
    # 2 MB buffer boundary was refused as an invalid escape. A surrogate pair may be cut too.
    value = {"type": "Creature \u2014 Goblin", "flavor": "\U0001F600\u00e9"}
    assert stream(json.dumps(value), chunk=chunk).value() == value


def test_an_invalid_unicode_escape_is_refused_at_any_chunk_size():
    for chunk in range(1, 12):
        with pytest.raises(JsonStreamError, match="escape"):
            stream('["\\u12x4"]', chunk=chunk).value()

def test_nested_object_can_be_entered_member_by_member():
    text = json.dumps({"meta": {"v": 1}, "data": {"A": {"cards": [1]}, "B": {"cards": [2]}}})
    reader = stream(text)
    seen = {}
    for key in reader.iter_object():
        if key == "data":
            for code in reader.iter_object():
                seen[code] = reader.value()
        else:
            reader.value()
    reader.end()
    assert seen == {"A": {"cards": [1]}, "B": {"cards": [2]}}


def test_empty_containers():
    reader = stream(' { "a" : [ ] , "b": {} } ')
    keys = []
    for key in reader.iter_object():
        keys.append(key)
        assert list(reader.iter_array()) == [] if key == "a" else list(reader.iter_object()) == []
    assert keys == ["a", "b"]


def drain(reader: JsonStream) -> None:
    """Walk every container level by level (as the importers do)."""
    ch = reader.peek()
    if ch == "[":
        for _ in reader.iter_array():
            drain(reader)
    elif ch == "{":
        for _ in reader.iter_object():
            drain(reader)
    else:
        reader.value()


@pytest.mark.parametrize("text", ['[{"name": "Sho', '[1, 2', '{"data": [1,', '[1, 2,', '{"a"',
                                  '{"a": {"b": tru'])
def test_truncated_input_is_reported_as_truncated(text):
    with pytest.raises(JsonStreamError, match="ends early"):
        drain(stream(text))


def test_invalid_json_names_the_position():
    reader = stream('[1, 2 3]')
    with pytest.raises(JsonStreamError, match="expected ',' or ']'") as info:
        for _ in reader.iter_array():
            reader.value()
    assert info.value.offset == 6


def test_trailing_garbage_is_refused():
    reader = stream('[1] x')
    for _ in reader.iter_array():
        reader.value()
    with pytest.raises(JsonStreamError, match="after the end"):
        reader.end()
