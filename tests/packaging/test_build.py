"""The double-click build: PyInstaller bundling, icons, the Linux menu entry, and a real
build that must pass ``--smoke``.

The fast tests check what goes into the bundle without running PyInstaller. The build
test runs ``packaging/build.py`` once per test session into a temporary folder (so it
never races a developer's own ``build/``) and runs the built executable's ``--smoke``
under SDL's dummy drivers. Set ``CARDTABLE_BUILT`` to an existing ``dist`` folder to test
that build instead of making one (CI does, right after its own build).
"""

from __future__ import annotations

import configparser
import importlib.util
import io
import json
import os
import shutil
import stat
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.games import registry
from cardtable.ui import resources

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
ICONS = ROOT / "assets" / "icons"
IS_LINUX = sys.platform.startswith("linux")


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bundle = _load("cardtable_bundle", PACKAGING / "bundle.py")
builder = _load("cardtable_build", PACKAGING / "build.py")
launcher = _load("cardtable_launcher", PACKAGING / "launcher.py")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


# -- what the spec bundles ---------------------------------------------------------------


def test_spec_bundles_every_font_sound_and_icon():
    bundled = {(Path(source).resolve(), folder) for source, folder in bundle.datas()}
    for kind in ("fonts", "sounds"):
        for path in (ROOT / "assets" / kind).rglob("*"):
            if path.is_file() and not path.name.startswith("."):
                assert (path.resolve(), path.parent.relative_to(ROOT).as_posix()) in bundled
    for size in bundle.ICON_SIZES:
        assert ((ICONS / f"cardtable-{size}.png").resolve(), "assets/icons") in bundled
    assert any(folder == "assets/fonts" for _, folder in bundle.datas())
    assert all(Path(source).is_file() for source, _ in bundle.datas())


def test_every_games_rules_help_is_the_markdown_file_bundled_beside_its_rules():
    bundled = {(Path(source).resolve(), folder) for source, folder in bundle.datas()}
    for info in registry.all():
        package = Path(sys.modules[info.state_class.__module__].__file__).parent
        help_file = package / "rules_help.md"
        assert help_file.read_text(encoding="utf-8") == info.rules_help
        assert (help_file.resolve(), package.relative_to(ROOT).as_posix()) in bundled


def test_spec_reads_the_bundle_list_and_collects_every_cardtable_module():
    spec = (PACKAGING / "cardtable.spec").read_text(encoding="utf-8")
    assert "datas=bundle.datas()" in spec
    assert 'collect_submodules("cardtable")' in spec  # games and bots load lazily
    assert 'collect_submodules("websockets")' in spec and 'collect_submodules("zeroconf")' in spec
    assert "console=False" in spec  # no console window on a Windows double-click
    assert "BUNDLE(" in spec  # a .app on macOS


def test_excludes_keep_out_tools_but_never_what_the_app_imports():
    excluded = set(bundle.excludes())
    assert {"tkinter", "unittest", "pytest", "numpy", "hypothesis"} <= excluded
    assert not excluded & {
        *("pygame", "platformdirs", "pytweening", "tqdm", "filelock", "json", "cardtable")
    }
    assert not excluded & {"websockets", "zeroconf", "asyncio", "ssl", "socket"}


def test_fonts_are_bundled_files_loaded_by_path_never_pygames_default():
    # pygame's default font (Font(None)) and system fonts have broken frozen builds before.
    for module in (ROOT / "cardtable").rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        assert "SysFont(" not in text, module
        assert "Font(None" not in text, module
        assert "get_default_font" not in text, module


# -- one resource function, source and bundle ----------------------------------------------


def test_asset_path_from_source_finds_the_checkout_assets():
    assert resources.asset_path("fonts", "DejaVuSans.ttf") == (
        ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
    )


def test_asset_path_in_a_frozen_build_looks_inside_the_bundle(tmp_path, monkeypatch):
    (tmp_path / "assets" / "fonts").mkdir(parents=True)
    font = tmp_path / "assets" / "fonts" / "DejaVuSans.ttf"
    font.write_bytes(b"font")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert resources.asset_path("fonts", "DejaVuSans.ttf") == font
    with pytest.raises(FileNotFoundError, match="cardtable-64.png"):
        resources.asset_path("icons", "cardtable-64.png")


# -- the icon ------------------------------------------------------------------------------


def test_icon_pngs_have_their_sizes():
    for size in bundle.ICON_SIZES:
        assert _png_size((ICONS / f"cardtable-{size}.png").read_bytes()) == (size, size)


def test_ico_parses_back_with_windows_sizes():
    data = (ICONS / "cardtable.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        side = width or 256
        assert (width, height, planes, bits) == (width, height, 1, 32)
        assert _png_size(data[offset : offset + length]) == (side, side)
        sizes.add(side)
    assert {16, 32, 48, 256} <= sizes


def test_icns_parses_back_with_macos_sizes():
    data = (ICONS / "cardtable.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"icp4": 16, b"icp5": 32, b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
    found = {}
    offset = 8
    while offset < len(data):
        kind, length = (
            data[offset : offset + 4],
            struct.unpack(">I", data[offset + 4 : offset + 8])[0],
        )
        found[kind] = _png_size(data[offset + 8 : offset + length])[0]
        offset += length
    assert offset == len(data)
    for kind, size in expected.items():
        assert found[kind] == size


def test_committed_icon_is_what_our_script_draws():
    import pygame

    maker = _load("cardtable_make_icon", PACKAGING / "make_icon.py")
    drawn = maker.draw_icon(64)
    committed = pygame.image.load(io.BytesIO((ICONS / "cardtable-64.png").read_bytes()), "x.png")
    assert drawn.get_size() == committed.get_size() == (64, 64)
    # Pixel by pixel within a hair: smoothing may round differently on another machine.
    a, b = pygame.image.tobytes(drawn, "RGBA"), pygame.image.tobytes(committed, "RGBA")
    assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a) < 2
    assert drawn.get_at((0, 0)).a == 0 and drawn.get_at((32, 32)).a == 255


# -- the Linux menu entry --------------------------------------------------------------------


def test_desktop_file_has_the_required_keys():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(PACKAGING / "linux" / "cardtable.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application"
    assert desktop["Name"] == "Card Table"
    assert desktop["Exec"] and desktop["Icon"] == "cardtable"
    assert desktop["Terminal"] == "false"
    assert "Game" in desktop["Categories"].split(";")
    assert desktop["Categories"].endswith(";")


def _fake_build(folder: Path) -> Path:
    """A build folder as build.py leaves it on Linux, with a stand-in executable."""
    icons = folder / bundle.CONTENTS / "assets" / "icons"
    icons.mkdir(parents=True)
    for size in bundle.ICON_SIZES:
        shutil.copy2(ICONS / f"cardtable-{size}.png", icons)
    exe = folder / "CardTable"
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    for name in ("install.sh", "cardtable.desktop"):
        shutil.copy2(PACKAGING / "linux" / name, folder / name)
    return folder


# install.sh is a POSIX shell script for Linux menus; it runs wherever a POSIX sh does,
# which Windows lacks, so there the test is not defined rather than skipped.
if sys.platform != "win32":

    def test_install_script_puts_card_table_in_the_menu_and_takes_it_out(tmp_path):
        build = _fake_build(tmp_path / "unpacked with space" / "CardTable")
        data = tmp_path / "data"
        env = {**os.environ, "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
        subprocess.run(["sh", str(build / "install.sh")], env=env, check=True, capture_output=True)
        installed = data / "CardTable" / "CardTable"
        assert installed.is_file() and os.access(installed, os.X_OK)
        entry = (data / "applications" / "cardtable.desktop").read_text()
        assert f'Exec="{installed}"' in entry.splitlines()
        assert "Icon=cardtable" in entry.splitlines()
        for size in bundle.ICON_SIZES:
            icon = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "cardtable.png"
            assert _png_size(icon.read_bytes()) == (size, size)
        # Running it again from the installed copy is harmless.
        subprocess.run(["sh", str(installed.parent / "install.sh")], env=env, check=True)
        assert installed.is_file()
        subprocess.run(
            ["sh", str(installed.parent / "install.sh"), "--uninstall"], env=env, check=True
        )
        assert not (data / "applications" / "cardtable.desktop").exists()
        assert not installed.exists()
        assert not (data / "icons" / "hicolor" / "64x64" / "apps" / "cardtable.png").exists()


# -- the launcher ----------------------------------------------------------------------------


def test_windowed_launch_without_console_writes_to_a_log(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *args, **kwargs: str(tmp_path))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    launcher._console_or_log()
    assert sys.stdout is not None and sys.stderr is not None
    print("hello from a windowed build", file=sys.stderr)
    sys.stderr.close()
    assert "hello from a windowed build" in (tmp_path / "cardtable.log").read_text()


# -- the real build --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def built_dist(tmp_path_factory) -> Path:
    """The ``dist`` folder of one build made with the README's command, once a session."""
    given = os.environ.get("CARDTABLE_BUILT")
    if given:
        return Path(given).resolve()
    folder = tmp_path_factory.mktemp("build")
    subprocess.run(
        [
            sys.executable,
            str(PACKAGING / "build.py"),
            "--dist",
            str(folder / "dist"),
            "--work",
            str(folder / "work"),
        ],
        cwd=ROOT,
        check=True,
        timeout=900,
    )
    return folder / "dist"


def _smoke_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CARDTABLE_HOME"}
    # The player's folders, moved into tmp: the build must write there, not into itself.
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
        APPDATA=str(tmp_path / "appdata"),
        LOCALAPPDATA=str(tmp_path / "localappdata"),
        WIN_PD_OVERRIDE_APPDATA=str(tmp_path / "appdata"),
        WIN_PD_OVERRIDE_LOCAL_APPDATA=str(tmp_path / "localappdata"),
    )
    return env


def _files(folder: Path) -> dict[str, int]:
    return {
        str(path.relative_to(folder)): path.stat().st_size
        for path in folder.rglob("*")
        if path.is_file()
    }


def _log_text(tmp_path: Path) -> str:
    """What a windowed Windows build, which may have no stderr, wrote to its log."""
    import platformdirs

    logs = [
        *tmp_path.rglob("cardtable.log"),
        Path(platformdirs.user_log_dir("CardTable", appauthor=False)) / "cardtable.log",
    ]
    return next((log.read_text() for log in logs if log.is_file()), "")


@pytest.mark.slow
def test_build_has_the_executable_and_every_asset(built_dist):
    exe = builder.executable(dist=built_dist)
    assert exe.is_file() and os.access(exe, os.X_OK)
    inside = builder.bundle_folder(built_dist)
    for source, folder in bundle.datas():
        assert (inside / folder / Path(source).name).is_file(), f"{source} not bundled"
    if IS_LINUX:
        assert (exe.parent / "install.sh").is_file()
        assert (exe.parent / "cardtable.desktop").is_file()
    if sys.platform == "darwin":
        assert (built_dist / "CardTable.app" / "Contents" / "Info.plist").is_file()


@pytest.mark.slow
def test_built_app_passes_smoke_and_writes_only_to_the_users_folders(built_dist, tmp_path):
    exe = builder.executable(dist=built_dist)
    before = _files(builder.app_folder(built_dist))
    done = subprocess.run(
        [str(exe), "--smoke"],
        env=_smoke_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, (
        f"--smoke exited {done.returncode}:\n{done.stdout}\n{done.stderr or _log_text(tmp_path)}"
    )
    assert _files(builder.app_folder(built_dist)) == before, "the build wrote inside itself"


@pytest.mark.slow
def test_built_app_serves_tables_on_loopback_through_websockets(built_dist, tmp_path):
    """The packaged build carries the network: ``serve`` listens and a table is created."""
    import asyncio

    from websockets.asyncio.client import connect

    from cardtable.play import protocol

    exe = builder.executable(dist=built_dist)
    server = subprocess.Popen(
        [str(exe), "serve", "--loopback", "--port", "0", "--seconds", "30"],
        env=_smoke_env(tmp_path),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = server.stdout.readline().split()[-1]
        assert url.startswith("ws://127.0.0.1:"), url

        async def create() -> dict:
            async with connect(url, open_timeout=10) as websocket:
                ask = protocol.create("mean", ["remote", "easy"], [], {}, 30.0)
                await websocket.send(protocol.to_json(ask))
                return protocol.from_json(await asyncio.wait_for(websocket.recv(), 10))

        assert asyncio.run(create())["type"] == "created"
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.slow
def test_built_app_reports_a_wrong_game_with_status_2(built_dist, tmp_path):
    exe = builder.executable(dist=built_dist)
    done = subprocess.run(
        [str(exe), "sim", "no-such-game", "--games", "1"],
        env=_smoke_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    message = done.stderr or _log_text(tmp_path)
    assert "unknown game" in message
    # The games register lazily through their catalog; each must be in the build.
    for game_id in registry.ids():
        assert game_id in message


@pytest.mark.slow
def test_built_app_runs_headless_bot_games_on_two_processes(built_dist, tmp_path):
    # Spawned worker processes re-run the frozen executable: freeze_support must catch them.
    exe = builder.executable(dist=built_dist)
    game_id = registry.ids()[0]
    done = subprocess.run(
        [str(exe), "sim", game_id, "--games", "4", "--jobs", "2", "--json"],
        env=_smoke_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    if done.stdout:  # a windowed Windows build may have no stdout to capture
        assert json.loads(done.stdout)["games"] == 4


def test_the_emoji_font_ships_with_its_licence():
    # Issue 35: emoji in names were empty boxes.
    bundled = {Path(source).name: folder for source, folder in bundle.datas()}
    assert bundled.get("NotoEmoji-Regular.ttf") == "assets/fonts"
    assert bundled.get("LICENSE-NotoEmoji.txt") == "assets/fonts"
    licence = (ROOT / "assets" / "fonts" / "LICENSE-NotoEmoji.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License, Version 1.1" in licence
