"""armdyn.view: the arm in 3-D as one self-contained HTML page (docs/view.md)."""
from __future__ import annotations

import html as _html
import os
from typing import Optional

from . import _armdyn


class ViewPage(str):
    """The page's HTML (a str: write it to a file and open it in any browser, offline). In a
    Jupyter notebook it displays itself in an iframe."""

    def _repr_html_(self) -> str:
        # The page holds names from model files: its frame runs scripts (three.js) but in an origin
        # of its own, without the notebook's rights (no allow-same-origin). The attribute is
        # double-quoted and escaped (& < > " ') so that the page cannot end it.
        return ('<iframe sandbox="allow-scripts" srcdoc="%s" style="width: 100%%; height: 520px; border: 0"></iframe>'
                % _html.escape(str(self), quote=True))

    def save(self, path: str) -> None:
        """Writes the page to `path`."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(str(self))


def view(model: _armdyn.Model, q=None, trajectory=None, *, t=None, tau=None, frame: Optional[str] = None,
         max_samples: int = _armdyn._VIEW_MAX_SAMPLES) -> ViewPage:
    """The arm in 3-D: `q` joint positions (n,) or a motion (m, n) with its times `t` (m,) and
    optionally torques `tau` (m, n); or `trajectory`, a CSV file that `armdyn simulate` or
    `armdyn task` wrote, or a result of armdyn.simulate (its t, q and tau). `frame` names the frame
    whose path is drawn (default: the model's last frame, for a motion). A motion of more than
    `max_samples` samples (default 2000, at least 2) is shown by that many of them, evenly spaced,
    the first and the last among them. The model is drawn as it was loaded: if its URDF file has
    changed since, InputError. Returns the page's HTML."""
    if trajectory is not None and not isinstance(trajectory, (str, os.PathLike)):
        if q is not None:
            raise ValueError("view: give either q or trajectory, not both")
        q, t, tau = trajectory.q, trajectory.t, getattr(trajectory, "tau", None)
        trajectory = None
    if trajectory is not None:
        trajectory = os.fspath(trajectory)
    return ViewPage(_armdyn._view_html(model, q=q, t=t, tau=tau, trajectory=trajectory, frame=frame,
                                       max_samples=max_samples))
