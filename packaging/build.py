"""Build Card Table into ``build/dist/`` with PyInstaller: ``python packaging/build.py``.

Needs only the ``build`` extra (``pip install .[build]``, i.e. PyInstaller); installs
nothing itself. Leaves:

- Linux:   ``build/dist/CardTable/CardTable`` plus ``install.sh`` and ``cardtable.desktop``
           beside it (``install.sh`` puts Card Table in the user's applications menu)
- Windows: ``build/dist/CardTable/CardTable.exe``
- macOS:   ``build/dist/CardTable.app`` (PyInstaller also leaves the bare folder beside it)

``--onefile`` builds one self-unpacking executable in ``build/dist/onefile/`` instead
(slower to start: it unpacks itself on every start). ``--archive`` also packs the result
as ``build/CardTable-<version>-<system>-<machine>.tar.gz`` (Linux) or ``.zip``, the file
a player downloads. ``--clean`` discards PyInstaller's cache first.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent


def _load(name: str, path: Path):
    """A module from a file by path: packaging/ is a folder of scripts, not a package."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bundle = _load("cardtable_bundle", PACKAGING / "bundle.py")

ROOT = bundle.ROOT
SPEC = PACKAGING / "cardtable.spec"
BUILD = ROOT / "build"
DIST = BUILD / "dist"
WORK = BUILD / "work"
NAME = bundle.NAME
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""


def system() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def app_folder(dist: Path = DIST) -> Path:
    """The onedir build a player gets: ``CardTable.app`` on macOS, else ``CardTable/``."""
    return dist / f"{NAME}.app" if sys.platform == "darwin" else dist / NAME


def executable(onefile: bool = False, dist: Path = DIST) -> Path:
    """Where the built executable lands."""
    if onefile:
        return dist / "onefile" / f"{NAME}{EXE_SUFFIX}"
    if sys.platform == "darwin":
        return app_folder(dist) / "Contents" / "MacOS" / NAME
    return app_folder(dist) / f"{NAME}{EXE_SUFFIX}"


def bundle_folder(dist: Path = DIST) -> Path:
    """The folder the frozen app sees as ``sys._MEIPASS``, where ``assets/`` is."""
    if sys.platform == "darwin":
        return app_folder(dist) / "Contents" / "Frameworks"
    return app_folder(dist) / bundle.CONTENTS


def build(onefile: bool = False, clean: bool = False, dist: Path = DIST, work: Path = WORK) -> Path:
    """Run PyInstaller on the spec; returns the executable's path."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit("build.py: PyInstaller is missing; install the build extra: pip install .[build]")
    target = dist / "onefile" if onefile else dist
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(SPEC),
        "--noconfirm",
        "--log-level=WARN",
        "--distpath",
        str(target),
        "--workpath",
        str(work / ("onefile" if onefile else "onedir")),
    ]
    if clean:
        command.append("--clean")
    if onefile:
        command += ["--", "--onefile"]
    print("build.py:", " ".join(command), flush=True)
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    subprocess.run(command, cwd=ROOT, env=env, check=True)
    if not onefile and sys.platform.startswith("linux"):
        for name in ("install.sh", "cardtable.desktop"):
            shutil.copy2(PACKAGING / "linux" / name, dist / NAME / name)
    built = executable(onefile, dist)
    if not built.exists():
        sys.exit(f"build.py: PyInstaller finished but {built} is missing")
    return built


def archive(onefile: bool = False, dist: Path = DIST) -> Path:
    """Pack the build as the file a player downloads; returns its path."""
    stem = f"{NAME}-{bundle.version()}-{system()}-{platform.machine().lower()}"
    if onefile:
        stem += "-onefile"
    source = executable(True, dist).parent if onefile else dist / NAME
    if sys.platform == "darwin" and not onefile:
        # ditto keeps the .app's symlinks and signature, which a zip of copies would break.
        target = BUILD / f"{stem}.zip"
        target.unlink(missing_ok=True)
        subprocess.run(
            ["ditto", "-c", "-k", "--keepParent", str(dist / f"{NAME}.app"), str(target)],
            check=True,
        )
        return target
    # A tar keeps the executable bit on Linux; Windows players expect a zip.
    kind = "zip" if sys.platform == "win32" else "gztar"
    base = BUILD / stem
    return Path(shutil.make_archive(str(base), kind, root_dir=source.parent, base_dir=source.name))


def folder_size(path: Path) -> int:
    """Bytes of every file under ``path`` (symlinks counted once, as links)."""
    if path.is_file():
        return path.stat().st_size
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(folder, name)).st_size
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one self-unpacking executable")
    parser.add_argument("--archive", action="store_true", help="also pack it for download")
    parser.add_argument("--clean", action="store_true", help="discard PyInstaller's cache first")
    parser.add_argument("--dist", type=Path, default=DIST, help="output folder (build/dist)")
    parser.add_argument("--work", type=Path, default=WORK, help="work folder (build/work)")
    args = parser.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    started = time.perf_counter()
    built = build(onefile=args.onefile, clean=args.clean, dist=dist, work=work)
    seconds = time.perf_counter() - started
    size = folder_size(built if args.onefile else app_folder(dist))
    print(f"build.py: built {built} in {seconds:.0f} s, {size / 1e6:.1f} MB")
    if args.archive:
        packed = archive(onefile=args.onefile, dist=dist)
        print(f"build.py: packed {packed}, {packed.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
