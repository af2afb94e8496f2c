"""armdyn.view: the page's placements against armdyn.frame_placement, a simulation result as the
motion, the notebook display (a sandboxed frame), long motions, a model whose file changed since it
was loaded, and the errors."""
import json
import os
import re
import shutil
from html.parser import HTMLParser

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR


def scene_of(page):
    match = re.search(r'<script type="application/json" id="scene">(.*?)</script>', page, re.S)
    return json.loads(match.group(1))


@pytest.mark.parametrize("spec", ["puma560", os.path.join(MODELS_DIR, "ur5.urdf")])
def test_placements_equal_frame_placement(spec):
    model = armdyn.load(spec)
    rng = np.random.default_rng(2)
    Q = rng.uniform(-2, 2, size=(3, model.nq))
    page = armdyn.view(model, Q, t=[0.0, 0.5, 1.0])
    assert isinstance(page, str) and page.startswith("<!doctype html>")
    scene = scene_of(page)
    assert scene["samples"]["t"] == [0.0, 0.5, 1.0]
    for k, q in enumerate(Q):
        for index, frame in enumerate(scene["frames"]):
            X = armdyn.frame_placement(model, None, q, frame["name"])
            placed = np.array(scene["samples"]["frames"][k][index])
            np.testing.assert_allclose(placed[:9].reshape(3, 3), X[:3, :3], atol=1e-12, rtol=0)
            np.testing.assert_allclose(placed[9:], X[:3, 3], atol=1e-12, rtol=0)


def test_simulation_result_is_a_motion_with_its_torques(tmp_path):
    model = armdyn.load("planar2r")
    result = armdyn.simulate(model, [0.3, 0.0], [0.0, 0.0], 0.2, "rk4")
    page = armdyn.view(model, trajectory=result, frame=None)
    scene = scene_of(page)
    assert len(scene["samples"]["t"]) == len(result.t)
    np.testing.assert_allclose(np.array(scene["samples"]["tau"]), result.tau, atol=0, rtol=0)
    assert scene["path"] is not None and len(scene["path"]["achieved"]) == len(result.t)
    assert "<iframe " in page._repr_html_()
    path = tmp_path / "page.html"
    page.save(str(path))
    assert path.read_text() == page


def test_bad_inputs_raise():
    model = armdyn.load("puma560")
    with pytest.raises(ValueError, match="q"):
        armdyn.view(model, [0.0, 1.0])
    with pytest.raises(ValueError, match="t"):
        armdyn.view(model, np.zeros((2, 6)), t=[0.0])
    with pytest.raises(armdyn.InputError, match="nowhere"):
        armdyn.view(model, np.zeros(6), frame="nowhere")
    with pytest.raises(armdyn.InputError, match="no such file"):
        armdyn.view(model, trajectory="/nonexistent/motion.csv")


class _Frames(HTMLParser):
    """The elements of an HTML fragment, each as (tag, attributes), and its text outside them."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elements, self.text = [], ""
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, attrs))

    def handle_data(self, data):
        self.text += data


def test_notebook_frame_is_sandboxed_and_holds_the_page_exactly():
    """The page shows itself in one iframe that may run scripts but has an origin of its own (no
    allow-same-origin: the notebook's cookies, storage and DOM are out of its reach); the escaped
    srcdoc attribute reads back as the very page, whatever its names hold."""
    model = armdyn.load("planar2r")
    page = armdyn.view(model, np.zeros((2, 2)), t=[0.0, 1.0])
    hostile = armdyn.ViewPage(page + '<!-- " \' & &amp; <script>"x"</script> -->')
    for p in (page, hostile):
        parsed = _Frames(p._repr_html_())
        assert [tag for tag, _ in parsed.elements] == ["iframe"] and parsed.text == ""
        attrs = dict(parsed.elements[0][1])
        assert len(parsed.elements[0][1]) == len(attrs)  # no attribute given twice
        assert attrs["sandbox"] == "allow-scripts"
        assert attrs["srcdoc"] == str(p)


def test_long_motions_are_shown_by_at_most_max_samples():
    model = armdyn.load("planar2r")
    m = 10001
    Q = np.column_stack([np.linspace(0, 1, m), np.linspace(0, -1, m)])
    T = np.linspace(0, 10, m)
    scene = scene_of(armdyn.view(model, Q, t=T))
    assert len(scene["samples"]["t"]) == 2000
    assert scene["samples"]["t"][0] == T[0] and scene["samples"]["t"][-1] == T[-1]
    scene = scene_of(armdyn.view(model, Q, t=T, max_samples=11))
    np.testing.assert_array_equal(scene["samples"]["t"], T[::1000])
    assert len(scene_of(armdyn.view(model, Q[:5], t=T[:5], max_samples=5))["samples"]["t"]) == 5
    with pytest.raises(armdyn.InputError, match="max_samples"):
        armdyn.view(model, Q, t=T, max_samples=1)


def test_model_is_drawn_as_loaded_not_as_its_file_is_now(tmp_path):
    """armdyn.view reads a URDF model's visuals from its file: a file that changed since the model
    was loaded (another arm under the same name) is refused, not drawn as that model."""
    source = os.path.join(MODELS_DIR, "view_primitives.urdf")
    path = tmp_path / "arm.urdf"
    shutil.copy(source, path)
    model = armdyn.load(str(path))
    q0 = np.zeros(model.nq)
    shapes = scene_of(armdyn.view(model, q0))["shapes"]
    assert [s["kind"] for s in shapes].count("box") == 1
    text = path.read_text()
    path.write_text(text.replace('<origin xyz="0.4 0 0" rpy="1.5707963267948966 0 0"/>',
                                 '<origin xyz="0.9 0 0" rpy="1.5707963267948966 0 0"/>'))
    with pytest.raises(armdyn.InputError, match="no longer the file"):
        armdyn.view(model, q0)
    path.write_text(text.replace('<joint name="joint2" type="revolute">', '<joint name="joint2" type="prismatic">'))
    with pytest.raises(armdyn.InputError, match="no longer the file"):
        armdyn.view(model, q0)
    path.write_text(text.replace('<box size="0.3 0.2 0.1"/>', '<box size="0.3 0.2 0.5"/>'))  # a visual alone
    shapes = scene_of(armdyn.view(model, q0))["shapes"]
    assert [s["size"] for s in shapes if s["kind"] == "box"] == [[0.3, 0.2, 0.5]]
    assert scene_of(armdyn.view(armdyn.load(str(path)), q0))["joints"] == model.joint_names
