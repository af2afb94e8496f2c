#!/usr/bin/env python3
"""Draws the scene of `armdyn view` (its JSON: every placement from armdyn's forward kinematics)
off-screen with matplotlib: one instant as a PNG (--t=SECONDS), or the motion as a GIF (--gif).

Usage: render_view.py SCENE.json OUT [--title=T] [--joint-name=NAME ...] (--t=SECONDS | --gif)

The links are the URDF's visual primitives (boxes as faces, cylinders as thick segments, spheres
as dots) or capsules (thick segments) between joint origins, as in the HTML page; the frame's path
and a task's prescribed path are lines. Errors: one line on stderr, exit status 1.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402
from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: E402

MAX_GIF_FRAMES = 80


def placement(x):
    """12 numbers (rotation rows, then position) -> (R, p)."""
    return np.array(x[:9]).reshape(3, 3), np.array(x[9:12])


def colour(body):
    return (0.55, 0.55, 0.55) if body < 0 else plt.cm.tab10(body % 10)


def point(scene, k, ref):
    if "frame" in ref:
        return placement(scene["samples"]["frames"][k][ref["frame"]])[1]
    body = ref["body"]
    return np.zeros(3) if body < 0 else placement(scene["samples"]["bodies"][k][body])[1]


def box_faces(R, p, size):
    corners = np.array([[sx, sy, sz] for sx in (-0.5, 0.5) for sy in (-0.5, 0.5) for sz in (-0.5, 0.5)]) * size
    world = corners @ R.T + p
    faces = [[0, 1, 3, 2], [4, 5, 7, 6], [0, 1, 5, 4], [2, 3, 7, 6], [0, 2, 6, 4], [1, 3, 7, 5]]
    return [world[f] for f in faces]


def draw(ax, scene, k, width):
    """The arm at sample k; returns nothing (clears the axes first)."""
    ax.cla()
    samples = scene["samples"]
    for shape in scene["shapes"]:
        Rf, pf = placement(samples["frames"][k][shape["frame"]])
        Ro, po = placement(shape["origin"])
        R, p = Rf @ Ro, Rf @ po + pf
        size = np.array(shape["size"])
        c = colour(shape["body"])
        if shape["kind"] == "box":
            ax.add_collection3d(Poly3DCollection(box_faces(R, p, size), facecolor=c, edgecolor="k", linewidths=0.3))
        elif shape["kind"] == "mesh":  # an STL or COLLADA mesh: at most some 3000 of its triangles
            triangles = np.array(shape["triangles"]).reshape(-1, 3, 3)[:: max(1, len(shape["triangles"]) // 27000)]
            ax.add_collection3d(Poly3DCollection(triangles @ R.T + p, facecolor=c, edgecolor="none"))
        elif shape["kind"] == "cylinder":
            half = 0.5 * size[1] * R[:, 2]
            a, b = p - half, p + half
            ax.plot(*zip(a, b), color=c, linewidth=max(2.0, width * size[0] / scene["radius"]), solid_capstyle="round")
        else:
            ax.scatter(*p, color=c, s=(width * size[0] / scene["radius"]) ** 2)
    for capsule in scene["capsules"]:
        a, b = point(scene, k, capsule["from"]), point(scene, k, capsule["to"])
        ax.plot(*zip(a, b), color=colour(capsule["body"]), linewidth=width, solid_capstyle="round")
        ax.scatter(*zip(a, b), color="k", s=width * 1.5, depthshade=False)
    path = scene.get("path")
    if path:
        if len(path["achieved"]) > 1:
            ax.plot(*np.array(path["achieved"]).T, color="#1f77b4", linewidth=1.2, label="path of " + path["frame"])
        if len(path["prescribed"]) > 1:
            ax.plot(*np.array(path["prescribed"]).T, color="#ff7f0e", linewidth=1.2, linestyle="--",
                    label="prescribed path")
        ax.legend(loc="upper left", fontsize=8)


def extent(scene):
    points = [np.zeros(3)]
    for placements in (scene["samples"]["bodies"], scene["samples"]["frames"]):
        for row in placements:
            points.extend(np.array(x[9:12]) for x in row)
    points = np.array(points)
    centre = 0.5 * (points.min(axis=0) + points.max(axis=0))
    half = max(0.5 * (points.max(axis=0) - points.min(axis=0)).max(), 3 * scene["radius"], 0.05) * 1.1
    return centre, half


def frame_axes(ax, centre, half, title, t, motion):
    for setter, c in zip((ax.set_xlim, ax.set_ylim, ax.set_zlim), centre):
        setter(c - half, c + half)
    ax.set_box_aspect((1, 1, 1))
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    ax.set_zlabel("z (m)")
    ax.view_init(elev=25, azim=-55)
    when = "t = %.3f s" % t if motion else ""
    ax.set_title(", ".join(part for part in (title, when) if part), fontsize=10)


def main(argv):
    positional = [a for a in argv if not a.startswith("--")]
    options = [a for a in argv if a.startswith("--")]
    if len(positional) != 2:
        raise SystemExit("render_view.py: expected SCENE.json OUT")
    scene_path, out = positional
    title, t, gif = "", 0.0, False
    for option in options:
        if option.startswith("--title="):
            title = option[len("--title="):]
        elif option.startswith("--t="):
            t = float(option[len("--t="):])
        elif option == "--gif":
            gif = True
        elif not option.startswith("--joint-name="):
            raise SystemExit("render_view.py: unknown option " + option)
    with open(scene_path) as f:
        scene = json.load(f)
    times = np.array(scene["samples"]["t"])
    centre, half = extent(scene)
    fig = plt.figure(figsize=(6.4, 6.0), dpi=70 if gif else 100)  # a GIF holds many frames: smaller
    ax = fig.add_subplot(projection="3d")
    width = 7.0

    def show(k):
        draw(ax, scene, k, width)
        frame_axes(ax, centre, half, title, times[k], len(times) > 1)

    if gif:
        frames = np.unique(np.linspace(0, len(times) - 1, min(len(times), MAX_GIF_FRAMES)).round().astype(int))
        duration = times[-1] - times[0]
        fps = max(1.0, min(25.0, len(frames) / duration)) if duration > 0 else 10.0
        images = []
        for k in frames:
            show(k)
            fig.canvas.draw()
            images.append(Image.frombuffer("RGBA", fig.canvas.get_width_height(), fig.canvas.buffer_rgba())
                          .convert("RGB").quantize(colors=64))
        # format given: the destination is a temporary name without the .gif ending
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=int(1000 / fps), loop=0)
    else:
        show(int(np.searchsorted(times, t, side="right")) - 1 if t >= times[0] else 0)
        fig.savefig(out, format="png")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except SystemExit:
        raise
    except Exception as error:  # one line for the tool's message
        print("render_view.py: %s: %s" % (type(error).__name__, error), file=sys.stderr)
        sys.exit(1)
