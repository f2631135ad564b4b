"""Issue 42, item 2: the files ``blueprint --tests`` (and ``coverage --tests``) read are
regular files only, each to a bound, with no FIFO, device or link out of the folder. Each is
refused in one line, exit 2, at once, before anything is opened or written (a link to
/dev/zero took the memory past 2 GB in 7.5 s; a FIFO blocked ``open()`` for 300 s)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from casino_proofs.analyses.assurance.coverage import _tests
from casino_proofs.command.main import main
from casino_proofs.untrusted.files import FolderRefused, folder_files, read_text


def _tests_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "tests"
    (folder / "sub").mkdir(parents=True)
    (folder / "test_hop.py").write_text("def test_r3_95_15_1_s1(): pass\n")
    return folder


def _refused(capsys: pytest.CaptureFixture[str], folder: Path, *said: str,
             more: tuple[str, ...] = ()) -> None:
    site = folder.parent / "site"
    for argv in (["blueprint", "--tests", str(folder), "--output", str(site), "--quiet"],
                 ["coverage", "--tests", str(folder)]):
        started = time.monotonic()
        assert main([*argv, *more]) == 2
        out, err = capsys.readouterr()
        assert time.monotonic() - started < 60
        assert out == "" and err.count("\n") == 1, err
        assert f"--tests {folder}: " in err and "nothing was read" in err, err
        for text in said:
            assert text in err, err
        assert not site.exists()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_link_to_dev_zero_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    folder = _tests_folder(tmp_path)
    (folder / "test_zero.py").symlink_to("/dev/zero")
    _refused(capsys, folder, "test_zero.py is a symbolic link out of the folder")


def test_a_fifo_is_refused_never_opened(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _tests_folder(tmp_path)
    os.mkfifo(folder / "sub" / "test_fifo.py")
    _refused(capsys, folder, "sub/test_fifo.py is a FIFO; only regular files are read")


def test_a_link_out_of_the_folder_is_refused(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    folder = _tests_folder(tmp_path)
    secret = tmp_path / "secret.py"
    secret.write_text("token = 'not yours'\n")
    (folder / "test_secret.py").symlink_to(secret)
    _refused(capsys, folder, "test_secret.py is a symbolic link out of the folder")


def test_a_file_over_the_bound_is_refused_and_the_option_raises_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _tests_folder(tmp_path)
    (folder / "test_big.py").write_text("#" * 5000 + "\n")
    _refused(capsys, folder, "test_big.py is 5,001 bytes, over the bound of 4,096",
             "--max-test-file-bytes raises it", more=("--max-test-file-bytes", "4096"))
    assert len(folder_files(folder, ".py", 5001)) == 2  # raised: read


def test_regular_files_and_links_inside_the_folder_are_read(tmp_path: Path) -> None:
    folder = _tests_folder(tmp_path)
    (folder / "sub" / "test_again.py").symlink_to(folder / "test_hop.py")
    (folder / "test_latin.py").write_bytes(b"# \xe9 r3-95.15-1.s1\n")  # not UTF-8: read
    assert [p.name for p in folder_files(folder, ".py", 100)] == [
        "test_again.py", "test_hop.py", "test_latin.py"]
    assert "\ufffd" in read_text(folder / "test_latin.py", folder, 100)
    assert set(_tests(folder)["r3-95.15-1.s1"]) == {
        "tests/test_hop.py", "tests/sub/test_again.py", "tests/test_latin.py"}


@pytest.mark.exhaustive  # (a file over the bound when looked at: the default run's)
def test_a_file_that_grows_past_the_bound_after_it_was_looked_at_is_not_read_past_it(
        tmp_path: Path) -> None:
    folder = _tests_folder(tmp_path)
    path = folder / "test_hop.py"
    files = folder_files(folder, ".py", 100)
    path.write_text("#" * 200)
    with pytest.raises(FolderRefused, match="over the bound of 100"):
        read_text(files[0], folder, 100)
