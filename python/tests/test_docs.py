"""The walkthrough of docs/python.md runs as written, and says what it
prints."""

import re

import pytest

pytest.importorskip("pysat")


def python_blocks(root):
    text = (root / "docs" / "python.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_walkthrough_runs_and_its_comments_hold(root, capsys):
    blocks = python_blocks(root)
    assert len(blocks) >= 4
    scope = {}
    checked = 0
    for block in blocks:
        if "np.load" in block or "Client(" in block:
            # The batch sketch reads a file of the reader's own; the
            # cluster's runs in test_distributed.py.
            continue
        exec(compile(block, "docs/python.md", "exec"), scope)
        # A line `expression  # value` states what the expression gives.
        for line in block.splitlines():
            m = re.match(r"^([^#\s][^#]*?)\s+# ([\[('\dA-Z].*)$", line)
            if not m or "=" in m.group(1) or m.group(1).startswith("print("):
                continue
            shown = m.group(2).split(":")[0].split("…")[0].rstrip(", ")
            value = eval(m.group(1), scope)
            assert repr(value).startswith(shown.rstrip("]")), (line, repr(value))
            checked += 1
    assert checked >= 5
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "False", "the blocked solution leaves none"
