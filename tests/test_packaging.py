"""The wheel carries the templates, workflows and schemas: build it, install it into a fresh
virtual environment, and load and render a template from the installed copy."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import jinja2
import jinja2.meta

from govern.core.markdown import environment

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_templates_and_renders_one(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(tmp_path / "dist"), str(ROOT)], check=True, capture_output=True)
    wheel = next((tmp_path / "dist").glob("repo_govern-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True)
    # jinja2 and markupsafe come from this environment: the check is that *govern's data*
    # is found inside the installed wheel, not that pip can resolve dependencies offline.
    deps = {str(Path(jinja2.__file__).parent.parent)}
    probe = (
        "import govern, govern.core.resources as r, govern.core.markdown as m\n"
        "print(govern.__file__)\n"
        "print(r.data_dir('templates'))\n"
        "print(sorted(p.name for p in r.data_dir('workflows').iterdir()))\n"
        "print(sorted(p.name for p in r.data_dir('schemas').iterdir()))\n"
        "print(m.render_template('docs-drift.md.j2', **PROBE_CONTEXT).splitlines()[0])\n"
    )
    context = _drift_context()
    result = subprocess.run(
        [str(python), "-c", f"PROBE_CONTEXT = {context!r}\n{probe}"],
        capture_output=True, text=True, cwd=tmp_path,
        env={"PYTHONPATH": ":".join(deps), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    module, templates, workflows, schemas, first_line = result.stdout.splitlines()
    assert module.startswith(str(env_dir))
    assert templates.startswith(str(env_dir)) and templates.endswith("govern/_data/templates")
    assert "README.md" in workflows
    # every schema a reader validates against ships (caches are dropped without theirs)
    assert schemas == str(sorted(p.name for p in (ROOT / "schemas").iterdir()))
    assert "cache-bridge-scans.schema.json" in schemas
    assert first_line == "<!-- govern:docs-drift -->"


def _drift_context() -> dict[str, object]:
    """The smallest context the shipped drift template renders with."""
    source = (ROOT / "templates" / "docs-drift.md.j2").read_text(encoding="utf-8")
    env = environment()
    names = jinja2.meta.find_undeclared_variables(env.parse(source))
    return {name: _EMPTY.get(name, "") for name in names}


_EMPTY: dict[str, object] = {"docs": [], "summary": "probe"}
