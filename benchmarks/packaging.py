"""Packaging benchmark: Card Table's build against a bare pygame-ce window's, same run.

    .venv/bin/python benchmarks/packaging.py [--runs 7] [--reuse]

Builds both with PyInstaller (Card Table through ``packaging/build.py``, the yardstick
``benchmarks/baseline_window.py`` with plain ``pyinstaller --onedir --windowed`` into
``build/bench-baseline/``), then measures each:

- size: bytes of every file in the onedir folder;
- start to first frame: wall time from launching the executable with ``--frames 1`` (it
  quits right after its first ``display.flip``) to the process ending; the median of
  ``--runs`` runs after one warm-up, the two builds alternating so drift hits both alike.

Targets (the packaging issue): start within 4x the window's, size within 1.3x. Writes
``benchmarks/packaging.md`` and exits 1 if a target is missed. Runs under SDL's dummy
video and audio drivers unless ``--display`` is given, so it works on a headless machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "build" / "bench-baseline"
REPORT = ROOT / "benchmarks" / "packaging.md"
START_TARGET = 4.0
SIZE_TARGET = 1.3
COMMAND = ".venv/bin/python benchmarks/packaging.py"


def _packaging_build():
    spec = importlib.util.spec_from_file_location(
        "cardtable_build", ROOT / "packaging" / "build.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


builder = _packaging_build()


def build_baseline() -> tuple[Path, float]:
    """Build the bare window with PyInstaller's defaults; returns (executable, seconds)."""
    shutil.rmtree(BASELINE, ignore_errors=True)
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(ROOT / "benchmarks" / "baseline_window.py"),
            "--onedir",
            "--windowed",
            "--noconfirm",
            "--log-level=WARN",
            "--name",
            "BaselineWindow",
            "--distpath",
            str(BASELINE / "dist"),
            "--workpath",
            str(BASELINE / "work"),
            "--specpath",
            str(BASELINE),
        ],
        cwd=ROOT,
        check=True,
    )
    seconds = time.perf_counter() - started
    if sys.platform == "darwin":  # --windowed makes an .app there, as Card Table's build does
        return (
            BASELINE / "dist" / "BaselineWindow.app" / "Contents" / "MacOS" / "BaselineWindow",
            seconds,
        )
    return BASELINE / "dist" / "BaselineWindow" / f"BaselineWindow{builder.EXE_SUFFIX}", seconds


def build_folder(exe: Path) -> Path:
    """The onedir folder (or .app) an executable sits in."""
    return exe.parents[2] if exe.parent.name == "MacOS" else exe.parent


def build_cardtable(reuse: bool) -> tuple[Path, float | None]:
    """Build Card Table with packaging/build.py; returns (executable, seconds or None)."""
    exe = builder.executable()
    if reuse and exe.exists():
        return exe, None
    started = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py")], cwd=ROOT, check=True)
    return exe, time.perf_counter() - started


def first_frame(exe: Path, env: dict[str, str]) -> float:
    """Seconds from launching ``exe --frames 1`` to its exit; raises if it fails."""
    started = time.perf_counter()
    done = subprocess.run(
        [str(exe), "--frames", "1"], env=env, capture_output=True, text=True, timeout=120
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"{exe.name} --frames 1 exited {done.returncode}:\n{done.stderr}")
    return seconds


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} logical CPUs"


def versions() -> str:
    import pygame
    import PyInstaller

    return (
        f"Python {platform.python_version()}, PyInstaller {PyInstaller.__version__}, "
        f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})"
    )


def commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per build (default 7)")
    parser.add_argument("--reuse", action="store_true", help="reuse build/dist/CardTable if built")
    parser.add_argument("--display", action="store_true", help="use the real display and audio")
    parser.add_argument("--no-write", action="store_true", help="print, do not write the report")
    args = parser.parse_args(argv)

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app_exe, app_build = build_cardtable(args.reuse)
    base_exe, base_build = build_baseline()

    env = dict(os.environ)
    if not args.display:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    home = tempfile.mkdtemp(prefix="cardtable-bench-")
    env["CARDTABLE_HOME"] = home  # the benchmark never touches the player's own settings
    try:
        first_frame(app_exe, env)  # warm-up: the first start reads the build from disk
        first_frame(base_exe, env)
        app_times, base_times = [], []
        for _ in range(args.runs):
            app_times.append(first_frame(app_exe, env))
            base_times.append(first_frame(base_exe, env))
    finally:
        shutil.rmtree(home, ignore_errors=True)

    app_start, base_start = statistics.median(app_times), statistics.median(base_times)
    app_folder, base_folder = build_folder(app_exe), build_folder(base_exe)
    app_size = builder.folder_size(app_folder)
    base_size = builder.folder_size(base_folder)
    start_ratio, size_ratio = app_start / base_start, app_size / base_size
    start_ok, size_ok = start_ratio <= START_TARGET, size_ratio <= SIZE_TARGET

    def verdict(ok: bool) -> str:
        return "meets" if ok else "MISSES"

    def runs(times: list[float]) -> str:
        return ", ".join(f"{t * 1000:.0f}" for t in times)

    built = (
        f"Card Table {app_build:.0f} s (`python packaging/build.py`, warm PyInstaller cache), "
        if app_build is not None
        else "Card Table reused from an earlier build, "
    )
    built += f"baseline window {base_build:.0f} s"
    command = COMMAND + (f" --runs {args.runs}" if args.runs != 7 else "")
    command += " --reuse" if args.reuse else ""
    drivers = "real display and audio" if args.display else "SDL dummy video and audio drivers"
    report = f"""# Packaging benchmark

Card Table's PyInstaller build against a PyInstaller build of a pygame-ce window that only
opens and flips (`benchmarks/baseline_window.py`, built with plain
`pyinstaller --onedir --windowed`), both built and measured in the same run.

Command: `{command}`

| | Card Table | Baseline window | Ratio | Target | |
|---|---:|---:|---:|---:|---|
| Start to first frame (median of {args.runs}) | {app_start * 1000:.0f} ms \
| {base_start * 1000:.0f} ms | {start_ratio:.2f}x | <= {START_TARGET:g}x | {verdict(start_ok)} |
| Size of the onedir folder | {app_size / 1e6:.1f} MB \
| {base_size / 1e6:.1f} MB | {size_ratio:.2f}x | <= {SIZE_TARGET:g}x | {verdict(size_ok)} |

- Start to first frame: from launching `<exe> --frames 1` until it exits right after its
  first `pygame.display.flip()`; runs in ms, Card Table {runs(app_times)}; baseline
  {runs(base_times)}. One warm-up run of each first; the two alternate. Under the
  {drivers}.
- Size: every file under `{app_folder.relative_to(ROOT).as_posix()}/` ({app_size:,} bytes) and
  `{base_folder.relative_to(ROOT).as_posix()}/` ({base_size:,} bytes).
- Build time: {built}.
- Machine: {machine()}; {versions()}.
- Measured {datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")} at commit {commit()}.
"""
    print(report)
    if not args.no_write:
        REPORT.write_text(report, encoding="utf-8")
        print(f"wrote {REPORT.relative_to(ROOT)}")
    return 0 if start_ok and size_ok else 1


if __name__ == "__main__":
    sys.exit(main())
