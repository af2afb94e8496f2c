"""The Python blocks of docs/python.md run as they are (in order, in one namespace)."""
import os
import re

import pytest


def test_the_python_blocks_of_docs_python_md_run(tmp_path, monkeypatch):
    source = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
    page = os.path.join(source, "docs", "python.md")
    if not os.path.exists(page):
        pytest.skip("docs/python.md not found")
    blocks = re.findall(r"```python\n(.*?)```", open(page, encoding="utf-8").read(), re.S)
    assert len(blocks) >= 3
    monkeypatch.chdir(tmp_path)
    namespace = {}
    exec(compile("\n".join(blocks), page, "exec"), namespace)
    assert namespace["Ms"].shape == (10_000, 6, 6)
    assert (tmp_path / "fall.png").exists() and (tmp_path / "fall.csv").exists()
