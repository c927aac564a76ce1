"""Packaging benchmark: Card Table's build against a bare pygame-ce window's, same run.

    .venv/bin/python benchmarks/packaging.py [--runs 7] [--reuse]

Builds both with PyInstaller (Card Table through ``packaging/build.py``, the yardstick
``benchmarks/baseline_window.py`` with plain ``pyinstaller --onedir --windowed`` into
``build/bench-baseline/``), then measures each:

- size: bytes of every file in the onedir folder;
- start to first frame: wall time from launching the executable with ``--frames 1`` (it
  quits right after its first ``display.flip``) to the process ending, and the CPU time
  it took; ``--runs`` pairs after one warm-up, Card Table and the window alternating so
  drift hits both alike, the ratio taken pair by pair (median, min and max);
- the same from source: ``python -m cardtable --frames 1`` against ``python
  benchmarks/baseline_window.py --frames 1``, both with their bytecode compiled first (as
  an installed copy has it; into a scratch folder, ``PYTHONPYCACHEPREFIX``).

Targets (issue 32): start within 1.5x the window's, from source and from the build; size
within 1.3x. Writes ``benchmarks/packaging.md`` and exits 1 if a target is missed. Runs
under SDL's dummy video and audio drivers unless ``--display`` is given, so it works on
a headless machine. ``--quick``: three pairs, the build reused if there is one.
"""

from __future__ import annotations

import argparse
import contextlib
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
START_TARGET = 1.5
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


def first_frame(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, of the process and its children) from
    launching ``command --frames 1`` to its exit; raises if it fails."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command, "--frames", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode(errors="replace") if process.stderr else ""
    if process.returncode != 0:
        raise RuntimeError(f"{command[-1]} --frames 1 exited {process.returncode}:\n{error}")
    return seconds, usage.ru_utime + usage.ru_stime


def paired(
    app: list[str], base: list[str], env: dict[str, str], runs: int
) -> dict[str, list[float]]:
    """``runs`` alternating starts of each after one warm-up of each."""
    first_frame(app, env)  # warm-up: the first start reads the files from disk
    first_frame(base, env)
    times: dict[str, list[float]] = {"app": [], "app_cpu": [], "base": [], "base_cpu": []}
    for _ in range(runs):
        for name, command in (("app", app), ("base", base)):
            wall, cpu = first_frame(command, env)
            times[name].append(wall)
            times[f"{name}_cpu"].append(cpu)
    return times


def spread(values: list[float]) -> str:
    """``median (min-max)``"""
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def load() -> str:
    with contextlib.suppress(OSError):
        return " / ".join(Path("/proc/loadavg").read_text().split()[:3])
    return "unknown"


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
    parser.add_argument("--runs", type=int, default=15, help="timed pairs (default 15)")
    parser.add_argument("--reuse", action="store_true", help="reuse build/dist/CardTable if built")
    parser.add_argument("--display", action="store_true", help="use the real display and audio")
    parser.add_argument("--no-write", action="store_true", help="print, do not write the report")
    parser.add_argument("--quick", action="store_true", help="3 pairs, the build reused")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.reuse = 3, True

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app_exe, app_build = build_cardtable(args.reuse)
    base_exe, base_build = build_baseline()

    env = dict(os.environ)
    if not args.display:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    home = tempfile.mkdtemp(prefix="cardtable-bench-")
    env["CARDTABLE_HOME"] = home  # the benchmark never touches the player's own settings
    source_env = dict(env, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(Path(home) / "pyc"))
    source_env.pop("PYTHONDONTWRITEBYTECODE", None)
    loads = [load()]
    try:
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", "cardtable", "benchmarks"],
            env=source_env,
            cwd=ROOT,
            check=True,
        )
        built = paired([str(app_exe)], [str(base_exe)], env, args.runs)
        loads.append(load())
        source = paired(
            [sys.executable, "-m", "cardtable"],
            [sys.executable, str(ROOT / "benchmarks" / "baseline_window.py")],
            source_env,
            args.runs,
        )
        loads.append(load())
    finally:
        shutil.rmtree(home, ignore_errors=True)

    def ratios(times: dict[str, list[float]], cpu: bool = False) -> list[float]:
        tail = "_cpu" if cpu else ""
        return [a / b for a, b in zip(times[f"app{tail}"], times[f"base{tail}"], strict=True)]

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.0f} ms"

    start_ok = all(statistics.median(ratios(times)) <= START_TARGET for times in (built, source))
    app_folder, base_folder = build_folder(app_exe), build_folder(base_exe)
    app_size = builder.folder_size(app_folder)
    base_size = builder.folder_size(base_folder)
    size_ratio = app_size / base_size
    size_ok = size_ratio <= SIZE_TARGET

    def verdict(ok: bool) -> str:
        return "meets" if ok else "MISSES"

    def runs(times: list[float]) -> str:
        return ", ".join(f"{t * 1000:.0f}" for t in times)

    built_in = (
        f"Card Table {app_build:.0f} s (`python packaging/build.py`, warm PyInstaller cache), "
        if app_build is not None
        else "Card Table reused from an earlier build, "
    )
    built_in += f"baseline window {base_build:.0f} s"
    command = COMMAND + (f" --runs {args.runs}" if args.runs != 15 else "")
    command += " --reuse" if args.reuse else ""
    drivers = "real display and audio" if args.display else "SDL dummy video and audio drivers"
    rows = []
    for name, times in (("the onedir build", built), ("from source", source)):
        wall, cpu = ratios(times), ratios(times, cpu=True)
        ok = statistics.median(wall) <= START_TARGET
        rows.append(
            f"| Start to first frame, {name}: wall | {ms(times['app'])} | {ms(times['base'])} "
            f"| {spread(wall)} | <= {START_TARGET:g}x | {verdict(ok)} |"
        )
        rows.append(
            f"| Start to first frame, {name}: CPU | {ms(times['app_cpu'])} "
            f"| {ms(times['base_cpu'])} | {spread(cpu)} | | |"
        )
    table = "\n".join(rows)
    report = f"""# Packaging benchmark

Card Table's PyInstaller build against a PyInstaller build of a pygame-ce window that only
opens and flips (`benchmarks/baseline_window.py`, built with plain
`pyinstaller --onedir --windowed`), both built and measured in the same run; and the same
two from source.

Command: `{command}`

| | Card Table | Baseline window | Ratio: median (min-max) of {args.runs} pairs | Target | |
|---|---:|---:|---:|---:|---|
{table}
| Size of the onedir folder | {app_size / 1e6:.1f} MB \
| {base_size / 1e6:.1f} MB | {size_ratio:.2f}x | <= {SIZE_TARGET:g}x | {verdict(size_ok)} |

- Start to first frame: from launching `<exe> --frames 1` (from source `python -m
  cardtable --frames 1`) until it exits right after its first `pygame.display.flip()`;
  wall ms of the build, Card Table {runs(built["app"])}; baseline {runs(built["base"])};
  from source, Card Table {runs(source["app"])}; baseline {runs(source["base"])}. One
  warm-up run of each first; the two alternate. From source the bytecode is compiled
  first, as an installed copy has it. Under the {drivers}.
- Load average (1, 5, 15 min) before, between and after: {"; ".join(loads)} (2 cores).
- Size: every file under `{app_folder.relative_to(ROOT).as_posix()}/` ({app_size:,} bytes) and
  `{base_folder.relative_to(ROOT).as_posix()}/` ({base_size:,} bytes).
- Build time: {built_in}.
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
