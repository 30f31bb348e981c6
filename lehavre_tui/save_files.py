"""Save files on disk: read only within the bounds of a real save, written atomically.

At every instant a complete game is at the autosave path: a new save is written to a
temporary file (`autosave.json<random>.tmp`) and renamed over the old one, and the game
saved before a new one is copied aside (`previous-autosave.json`) before the new one
replaces it. Temporary files left by a killed write are removed once they are stale.
"""

from __future__ import annotations

import glob
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from .engine.message import Msg
from .engine.save import MAX_SAVE_BYTES, SaveError

STALE_SECONDS = 60.0  # a write takes milliseconds: an older temporary file was left by a killed one


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and rename, so a crash never leaves half a save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _not_a_file(path: Path, mode: int) -> SaveError:
    p = str(path)
    if stat.S_ISDIR(mode):
        return SaveError(Msg(
            "{path} is a folder, not a save file; give the path of a save the game wrote (ctrl+s).",
            path=p,
        ))
    if stat.S_ISFIFO(mode):
        return SaveError(Msg(
            "{path} is a pipe, not a save file; give the path of a save the game wrote (ctrl+s).",
            path=p,
        ))
    if stat.S_ISSOCK(mode):
        return SaveError(Msg(
            "{path} is a socket, not a save file; give the path of a save the game wrote (ctrl+s).",
            path=p,
        ))
    return SaveError(Msg(
        "{path} is a device, not a save file; give the path of a save the game wrote (ctrl+s).",
        path=p,
    ))


def _cannot_read(path: Path, exc: OSError) -> SaveError:
    return SaveError(Msg(
        "The save file {path} cannot be read ({reason}).", path=str(path), reason=str(exc.strerror or exc)
    ))


def read_save_file(path: Path) -> str:
    """The text of a save file. Only a regular file is opened, and no more than a save can
    be is read; anything else is refused at once with a SaveError."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SaveError(Msg("There is no save file at {path}.", path=str(path))) from None
    except OSError as exc:
        raise _cannot_read(path, exc) from None
    if not stat.S_ISREG(info.st_mode):
        raise _not_a_file(path, info.st_mode)
    if info.st_size > MAX_SAVE_BYTES:
        raise SaveError(Msg(
            "{path} is {size} MB, far more than any game's save (under {limit} MB); "
            "give the path of a save the game wrote (ctrl+s).",
            path=str(path), size=f"{info.st_size / 1e6:.1f}", limit=MAX_SAVE_BYTES // 1_000_000,
        ))
    try:
        # never wait: should the path have become a pipe since, opening it must not block
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise SaveError(Msg(
                    "{path} is not a save file; give the path of a save the game wrote (ctrl+s).", path=str(path)
                ))
            data = fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise _cannot_read(path, exc) from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(Msg(
            "{path} is larger than any game's save; give the path of a save the game wrote (ctrl+s).", path=str(path)
        ))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(Msg(
            "{path} is not a text file, so not a save of this game; it may be damaged.", path=str(path)
        )) from None


def keep_copy(path: Path, kept: Path) -> None:
    """Copy `path` to `kept` atomically (a temporary file renamed), so `kept` is always whole."""
    fd, tmp = tempfile.mkstemp(dir=kept.parent, prefix=kept.name, suffix=".tmp")
    os.close(fd)
    try:
        shutil.copyfile(path, tmp)
        os.replace(tmp, kept)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def clean_stale_temps(path: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of writes of `path` (and of its kept copy) killed before
    their rename; a fresh one may belong to a write under way elsewhere and stays."""
    now = time.time() if now is None else now
    removed = []
    for prefix in (path.name, "previous-" + path.name):
        for tmp in path.parent.glob(f"{glob.escape(prefix)}*.tmp"):
            try:
                info = tmp.lstat()
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                    tmp.unlink()
                    removed.append(tmp)
            except OSError:
                continue  # gone already, or not ours to remove
    return removed
