"""The scene manager: push, pop and replace run the enter/exit/pause/resume hooks."""

from cardtable.ui.scenes import Scene, SceneManager


class Recording(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__(app=None)  # type: ignore[arg-type]
        self.name = name
        self.log = log

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def pause(self) -> None:
        self.log.append(f"pause {self.name}")

    def resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def update(self, dt: float) -> None:
        self.log.append(f"update {self.name}")


def test_push_covers_and_pop_uncovers():
    log: list[str] = []
    manager = SceneManager()
    title, menu = Recording("title", log), Recording("menu", log)
    manager.push(title)
    manager.push(menu)
    assert manager.top is menu
    assert manager.pop() is menu
    assert manager.top is title
    assert log == ["enter title", "pause title", "enter menu", "exit menu", "resume title"]


def test_replace_swaps_the_top_only():
    log: list[str] = []
    manager = SceneManager()
    title, table, results = (Recording(n, log) for n in ("title", "table", "results"))
    manager.push(title)
    manager.push(table)
    log.clear()
    manager.replace(results)
    assert manager.stack == [title, results]
    assert log == ["exit table", "enter results"]


def test_only_the_top_scene_updates():
    log: list[str] = []
    manager = SceneManager()
    manager.push(Recording("below", log))
    manager.push(Recording("above", log))
    log.clear()
    manager.update(0.1)
    assert log == ["update above"]


def test_reset_leaves_every_scene():
    log: list[str] = []
    manager = SceneManager()
    manager.push(Recording("a", log))
    manager.push(Recording("b", log))
    log.clear()
    manager.reset(Recording("title", log))
    assert log == ["exit b", "exit a", "enter title"]
    assert len(manager.stack) == 1


def test_pop_of_an_empty_stack_is_harmless():
    assert SceneManager().pop() is None


def test_results_write_shared_places_as_score_sheets_do(app):
    from cardtable.ui.launch import Launch
    from cardtable.ui.scenes.results import ResultsScene

    launch = Launch("mean", 6, ("human",) + ("easy",) * 5)
    result = {"scores": [1, 1, 0, 0, 0, -1], "ranking": [[0, 1], [2, 3, 4], [5]]}
    names = ["You", "Ada", "Bo", "Cy", "Di", "Ed"]
    scene = ResultsScene(app, launch, names, result, "MEAN!")
    assert [line[0] for line in scene.lines] == ["=1st", "=1st", "=3rd", "=3rd", "=3rd", "6th"]
    assert [line[1] for line in scene.lines] == names
