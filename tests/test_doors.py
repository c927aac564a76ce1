"""The table's parts reach it through narrow doors, and the ui has no import circle
(issue 29).

Coupling. Each part of ``cardtable/ui/tables`` (the input, frame, animator, choices, log,
tools, hints, replay, celebration, and the shared ``parts``) that is handed its table
declares what it touches of it as a ``typing.Protocol`` beside it (its door), and names
the table only by that door: no part imports ``base`` or ``TableScene``, even for typing.
What a part touches (``table.x`` or ``self.table.x``, read from its source) must be in its
door, so the door is the whole of its reach; its size is counted in two kinds:

- the table's machinery (its state, its other parts, its ways to act): at most
  ``MACHINERY`` (8) for every part. Eight is what a part that carries out intents needs
  (the view and the viewer, whether the table is still, which codes are legal, and the
  intents it hands back), and the input, the busiest part, now needs exactly that. Two
  parts are allowed more, as ceilings that may only come down:
  the frame (``FRAME``) is the table's own ``draw`` moved to a module: it lays every part
  in its layer (input, animator, log, choices, sheet, celebration, tools, moments,
  buttons) and the top bar says whose turn it is and whether a race between computers is
  being judged (the table's ``client``, its door to the match), so it names every part
  it draws (a refusal's words, time and place are one part, the ``notice``, since
  issue 35: 20 came down to 19); the
  choosers (``CHOICES``) ask "who must choose now" four ways (to act, out of turn, with
  which legal codes, whether still), hand back two intents (``act``, ``decline``) and are
  built for the window's size and the view's version (``app``, ``view``);
- the game's hooks: the public methods of ``TableScene``'s first section and its class
  settings (``describer``, ``banner_time``), and the game's vocabulary it takes
  (``TableVocabulary``: ``animations``, ``phrases``, ``defaulted``, ``outcome_words``),
  which every game's table overrides and ``docs/writing-a-table.md`` documents. A part
  exists to ask them (the input asks what a drop means), so they are named in its door
  but not capped: they are the table's published face, not its insides.

Measured at cbaec61, before the doors: the input touched 32 of the scene's attributes,
the frame 31, the animator 18, the tools 18, the hints 17, the choices 16.

Import circle. The import graph of ``cardtable/ui``, type-only imports (``if
TYPE_CHECKING:``) included, has no cycle: scenes name the app by ``services.AppServices``,
parts name their table by their door. At cbaec61, 49 modules were in one circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "cardtable" / "ui"
TABLES = UI / "tables"

MACHINERY = 8
FRAME = 19
CHOICES = 9

#: Every part handed its table, with the door it names it by.
PARTS = {
    "input.py": {"InputDoor"},
    "frame.py": {"FrameDoor"},
    "nameplate.py": {"NameplateDoor"},
    "animator.py": {"AnimatorDoor"},
    "choices.py": {"ChoicesDoor"},
    "log.py": {"LogDoor"},
    "tools.py": {"ToolsDoor"},
    "hints.py": {"HintsDoor"},
    "replay.py": {"ReplayDoor"},
    "celebration.py": {"CelebrationDoor"},
    "privacy.py": {"PrivacyDoor"},
    "network.py": {"NetworkDoor"},
    "parts/plates.py": {"SeatsDoor"},
    "parts/piles.py": {"HelpDoor"},
}
#: Parts handed no table at all (plain functions and small classes): they touch nothing;
#: the match among them (it never reads the table: the table reads it through its door).
PLAIN = ["match.py", "sheet.py", "drawing.py", "view.py", "saver.py", "notice.py"] + [
    f"parts/{name}.py" for name in ("describer", "moments", "painter", "rings", "slaps", "words")
]
ALLOWED = {"frame.py": FRAME, "choices.py": CHOICES}
#: A game's own parts: its table's code in modules of their own, with the game's own
#: members in their doors, so not capped; they too touch only what their door declares.
GAME_PARTS = {
    "hit_the_deck/marks.py": {"MarksDoor"},
    "hit_the_deck/slap_round.py": {"SlapRoundDoor"},
    "mean/marks.py": {"MarksDoor"},
    "copycat/field.py": {"FieldDoor"},
    "copycat/coins.py": {"CoinsDoor"},
}


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def protocols(only: Path | None = None) -> dict[str, ast.ClassDef]:
    """Every ``Protocol`` class declared in ``cardtable/ui/tables`` (or in ``only``), by
    name."""
    found = {}
    for path in [only] if only is not None else TABLES.rglob("*.py"):
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id == "Protocol" for base in node.bases
            ):
                found[node.name] = node
    return found


def members(name: str, known: dict[str, ast.ClassDef]) -> set[str]:
    """The members a door declares, with those of the doors it extends."""
    door = known[name]
    names = set()
    for node in door.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    for base in door.bases:
        if isinstance(base, ast.Name) and base.id in known:
            names |= members(base.id, known)
    return names


def touched(tree: ast.Module) -> set[str]:
    """The attributes read or written through ``table`` or ``self.table``."""
    names = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        value = node.value
        direct = isinstance(value, ast.Name) and value.id == "table"
        held = (
            isinstance(value, ast.Attribute)
            and value.attr == "table"
            and isinstance(value.value, ast.Name)
            and value.value.id == "self"
        )
        if direct or held:
            names.add(node.attr)
    return names


def hooks() -> set[str]:
    """The game's hooks: ``TableScene``'s methods before its "what tables use" section and
    its class settings, less any a part sets (``celebration`` is state, not a setting)."""
    text = (TABLES / "base.py").read_text(encoding="utf-8")
    end = next(n for n, line in enumerate(text.splitlines(), 1) if "-- what tables use" in line)
    scene = next(
        node
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.ClassDef) and node.name == "TableScene"
    )
    found = set()
    for node in scene.body:
        if node.lineno > end:
            break
        if isinstance(node, ast.FunctionDef) and node.name != "__init__":
            found.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
        elif isinstance(node, ast.Assign):
            found |= {target.id for target in node.targets if isinstance(target, ast.Name)}
    # The game's vocabulary (``tables/vocabulary.py``, which ``TableScene`` takes): its
    # looks, phrases, defaulted names and outcome words are hooks every game writes too.
    vocabulary = next(
        node
        for node in ast.walk(ast.parse((TABLES / "vocabulary.py").read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.name == "TableVocabulary"
    )
    for node in vocabulary.body:
        if isinstance(node, ast.FunctionDef):
            found.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
    set_by_parts = set()
    for path in TABLES.rglob("*.py"):
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    value = getattr(target, "value", None)
                    if isinstance(value, ast.Name) and value.id == "table":
                        set_by_parts.add(target.attr)
    return found - set_by_parts


def reach() -> dict[str, tuple[set[str], set[str]]]:
    """Each part's door: its machinery and its hooks."""
    known, game = protocols(), hooks()
    doors = {}
    for part, names in PARTS.items():
        declared = set().union(*(members(name, known) for name in names))
        doors[part] = (declared - game, declared & game)
    return doors


def test_the_measure_sees_the_doors_and_the_hooks():
    game = hooks()
    assert {"action_for", "draggable", "layout", "sheet_rows", "describer"} <= game
    assert not {"view", "input", "act", "celebration", "clock"} & game
    doors = reach()
    machinery, hooked = doors["input.py"]
    assert {"view", "viewer", "act"} <= machinery and "action_for" in hooked


def test_each_part_touches_only_what_its_door_declares():
    known = protocols()
    for part, names in PARTS.items():
        declared = set().union(*(members(name, known) for name in names))
        beyond = touched(parse(TABLES / part)) - declared
        assert not beyond, f"{part} touches {sorted(beyond)} outside its door"
    for part in PLAIN:
        assert not touched(parse(TABLES / part)), part
    for part, names in GAME_PARTS.items():
        known = protocols(TABLES / part)
        declared = set().union(*(members(name, known) for name in names))
        beyond = touched(parse(TABLES / part)) - declared
        assert not beyond, f"{part} touches {sorted(beyond)} outside its door"


def test_no_part_reaches_more_than_a_handful_of_the_tables_machinery():
    report = []
    for part, (machinery, _hooks) in sorted(reach().items()):
        allowed = ALLOWED.get(part, MACHINERY)
        if len(machinery) > allowed:
            report.append(f"{part}: {len(machinery)} > {allowed}: {sorted(machinery)}")
    assert not report, "; ".join(report)


def test_the_allowances_are_ceilings_that_are_met():
    # An exception larger than its part needs would let it grow unseen.
    for part, allowed in ALLOWED.items():
        assert len(reach()[part][0]) == allowed, part


def imports_of(path: Path, modules: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The modules ``path`` imports, anywhere in it (type-only imports included), as
    dotted names: ``from x import y`` as ``x.y`` when that is one of ``modules``, else
    ``x`` (and ``x.y`` too when no ``modules`` are given)."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module.rsplit(".", 1)[0]  # a package's ``__init__``: the package itself
    found = []
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                if not modules:
                    found += [source, full]
                else:
                    found.append(full if full in modules else source)
    return found


def ui_graph() -> dict[str, set[str]]:
    modules = {}
    for path in UI.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    names = frozenset(modules)
    return {
        name: {target for target in imports_of(path, names) if target in names and target != name}
        for name, path in modules.items()
    }


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the path now, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_cycle_check_finds_a_circle_and_reads_type_only_imports():
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None
    graph = ui_graph()
    # A type-only import is an edge: the input names its animator only for typing.
    assert "cardtable.ui.tables.animator" in graph["cardtable.ui.tables.input"]
    assert "cardtable.ui.services" in graph["cardtable.ui.scenes.base"]
    assert "cardtable.ui.tables" in graph["cardtable.ui.app"]


def test_the_ui_has_no_import_circle_type_only_imports_included():
    assert cycle_in(ui_graph()) is None


def test_no_part_imports_the_table_scene_nor_any_screen_the_app():
    # Only what subclasses the table scene (a game's table) or gathers the tables imports it.
    subclasses = {"base.py", "generic.py", "__init__.py", "table.py"}
    for path in TABLES.rglob("*.py"):
        if path.name not in subclasses:
            assert "cardtable.ui.tables.base.TableScene" not in imports_of(path), path
            assert "cardtable.ui.tables.base" not in imports_of(path), path
    for path in list(TABLES.rglob("*.py")) + list((UI / "scenes").rglob("*.py")):
        assert "cardtable.ui.app" not in imports_of(path), path


def test_the_app_opens_every_door_it_is_named_by_and_the_screens_use_no_other():
    """``AppServices`` is the app as a screen sees it: the ``App`` has each of its members,
    and no scene or table reaches the app for anything the door does not name."""
    door = members("AppServices", protocols(UI / "services.py"))
    app = next(
        node
        for node in ast.walk(parse(UI / "app.py"))
        if isinstance(node, ast.ClassDef) and node.name == "App"
    )
    has = {node.name for node in app.body if isinstance(node, ast.FunctionDef)}
    for node in ast.walk(app):
        stored = isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
        value = getattr(node, "value", None)
        if stored and isinstance(value, ast.Name) and value.id == "self":
            has.add(node.attr)
    assert door <= has, sorted(door - has)
    used = set()
    for path in list(TABLES.rglob("*.py")) + list((UI / "scenes").rglob("*.py")):
        for node in ast.walk(parse(path)):
            if not isinstance(node, ast.Attribute):
                continue
            value = node.value  # ``app.x``, ``self.app.x``, ``table.app.x``
            named = isinstance(value, ast.Name) and value.id == "app"
            if named or (isinstance(value, ast.Attribute) and value.attr == "app"):
                used.add(node.attr)
    assert {"size", "settings", "manager"} <= used  # the scan sees the screens
    assert used <= door, sorted(used - door)
