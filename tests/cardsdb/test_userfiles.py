"""Files a user names: read only when ordinary and within a limit, written atomically through symbolic
links with the file's own mode, stray temporary files of a killed write removed; a read-only card
database still searched and checked."""
import os
import stat
import subprocess
import sys

import pytest

from cardsdb import CardDatabase, Deck, DeckEntry
from cardsdb.cli import main
from cardsdb.userfiles import TEMP_SUFFIX, UserFileError, read_user_bytes, write_atomic


def test_only_ordinary_files_within_the_limit_are_read(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("4 Shock\n")
    assert read_user_bytes(path, 100) == b"4 Shock\n"
    with pytest.raises(UserFileError, match="larger than the 4 bytes a deck file may be"):
        read_user_bytes(path, 4, "deck file")
    with pytest.raises(UserFileError, match="a directory, not a file"):
        read_user_bytes(tmp_path, 100)
    with pytest.raises(UserFileError, match="a device"):
        read_user_bytes("/dev/zero", 100)
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(UserFileError, match="a pipe"):  # refused before opening: opening would block
        read_user_bytes(tmp_path / "pipe", 100)


def test_convert_writes_through_a_symbolic_link(tmp_path, capsys):
    source = tmp_path / "burn.txt"
    source.write_text("4 Shock\n20 Mountain\n")
    real = tmp_path / "decks" / "burn.dck"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.dck"
    link.symlink_to(real)
    assert main(["deck", "convert", str(source), "--to", "forge", "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert "4 Shock" in real.read_text()


def test_written_files_keep_their_mode_and_new_ones_follow_the_umask(tmp_path):
    kept = tmp_path / "shared.txt"
    kept.write_text("old")
    kept.chmod(0o640)
    write_atomic(kept, "new")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640 and kept.read_text() == "new"
    old_umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.txt"
        write_atomic(fresh, "x")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644


def test_a_write_killed_half_way_leaves_a_temp_file_the_next_write_removes(tmp_path):
    target = tmp_path / "game.json"
    script = ("import os, sys\n"
              "import cardsdb.userfiles as u\n"
              "os.replace = lambda *a: os._exit(9)\n"   # killed between writing and renaming
              f"u.write_atomic({str(target)!r}, 'half')\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=os.getcwd(), timeout=60)
    assert done.returncode == 9
    strays = [p.name for p in tmp_path.iterdir()]
    assert len(strays) == 1 and strays[0].startswith(".game.json.") and strays[0].endswith(TEMP_SUFFIX)
    write_atomic(target, "whole")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"] and target.read_text() == "whole"


def test_a_read_only_database_is_searched_and_checks_decks(tmp_path, monkeypatch, capsys, fixtures):
    path = tmp_path / "cards.sqlite"
    with CardDatabase(path) as db:
        db.import_file(fixtures / "mini-set.json")
    path.chmod(0o444)
    # the tests may run as root, whom no file mode stops: ask as an ordinary user would be answered
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if (mode & os.W_OK and str(p) == str(path))
                        else real_access(p, mode))
    with CardDatabase(path) as db:
        assert db.read_only and db.search("t:instant")
        with pytest.raises(Exception, match="readonly"):
            db.save_deck(Deck(name="x", main=[DeckEntry("Shock", 4)]))
    assert main(["search", "bolt", "--db", str(path)]) == 0
    assert "Lightning Bolt" in capsys.readouterr().out
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n")
    assert main(["deck", "check", str(deck), "--db", str(path)]) == 1  # read, checked: too small
    assert "not legal" in capsys.readouterr().out
    assert main(["import", str(fixtures / "mini-set.json"), "--db", str(path)]) == 2
    assert "read-only; nothing was imported" in capsys.readouterr().err


def test_a_folder_device_or_pipe_is_never_replaced_by_a_write(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    source = tmp_path / "deck.txt"
    source.write_text("4 Shock\n")
    for name, words in (("pipe", "a pipe"), ("folder", "a directory")):
        target = tmp_path / name
        with pytest.raises(OSError, match=words):
            write_atomic(target, "x")
        assert main(["deck", "convert", str(source), "--to", "text", "-o", str(target)]) == 2
        assert capsys.readouterr().err == f"error: {target}: {words}, not {'a file' if name == 'folder' else 'an ordinary file'}\n"
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe").st_mode) and (tmp_path / "folder").is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt", "folder", "pipe"]
