"""A string looked up in another object is that object's key, not declared surface
(docs/concepts/anchoring-rules.md#literals): werkzeug reads WSGI's ``environ["PATH_INFO"]``,
which the WSGI spec declares, and a dunder is Python's name."""

from __future__ import annotations

import pytest

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.typescript import extract_typescript


def _literals(language: str, source: str, lines: set[int]) -> tuple[str, ...]:
    data = source.encode()
    if language == "python":
        return extract_python(data, frozenset(lines)).literals
    return extract_typescript(data, frozenset(lines), language).literals


@pytest.mark.parametrize(("language", "source", "lines"), [
    ("python", "def f(environ):\n    return environ['PATH_INFO']\n", {2}),
    ("python", "def f(self):\n    return self.environ.get('CONTENT_TYPE')\n", {2}),
    ("python", "def f(environ):\n    environ['PATH_INFO'] = ''\n", {2}),
    ("python", "def f(env):\n    return env.get('REQUEST_METHOD', 'GET')\n", {2}),
    ("python", "def f(env):\n    return env.pop('SCRIPT_NAME')\n", {2}),
    ("python", "def f(env):\n    return _get_wsgi_string(env, 'PATH_INFO')\n", {2}),
    ("python", "def f(obj):\n    return getattr(obj, 'SOME_FLAG')\n", {2}),
    ("python", "def f():\n    return _get_wsgi_string('PATH_INFO')\n", {2}),
    ("python", "def f(environ):\n    return 'HTTP_HOST' in environ\n", {2}),
    ("python", "__slots__ = ('__name__', '__wrapped__')\n", {1}),
    ("python", "class P:\n    __slots__ = ('__name__',)\n", {2}),
    ("typescript", "export function f(env) {\n  return env['PATH_INFO'];\n}\n", {2}),
    ("typescript", "export function f(m) {\n  return m.get('REQUEST_METHOD');\n}\n", {2}),
    ("typescript", "export function f(env) {\n  return 'HTTP_HOST' in env;\n}\n", {2}),
])
def test_a_looked_up_key_or_a_dunder_anchors_nothing(language: str, source: str,
                                                    lines: set[int]) -> None:
    assert _literals(language, source, lines) == ()


@pytest.mark.parametrize(("language", "source", "lines", "expected"), [
    # the process environment is the package's settings: its variables are what docs name
    ("python", "def f():\n    return os.environ['OPENAI_API_KEY']\n", {2},
     ("OPENAI_API_KEY",)),
    ("python", "def f():\n    return os.environ.get('OPENAI_API_KEY')\n", {2},
     ("OPENAI_API_KEY",)),
    ("python", "def f():\n    return os.getenv('OPENAI_API_KEY')\n", {2}, ("OPENAI_API_KEY",)),
    ("typescript", "export function f() {\n  return process.env['API_TOKEN'];\n}\n", {2},
     ("API_TOKEN",)),
    ("python", "def f():\n    return get_setting('API_TOKEN')\n", {2}, ("API_TOKEN",)),
    ("python", "def f():\n    return load('API_TOKEN')\n", {2}, ("API_TOKEN",)),  # no read
    # so is a configuration object: flask's config page lists the keys it reads
    ("python", "def f(self):\n    return self.config['SERVER_NAME']\n", {2}, ("SERVER_NAME",)),
    ("python", "def f():\n    return current_app.config.get('MAX_CONTENT_LENGTH')\n", {2},
     ("MAX_CONTENT_LENGTH",)),
    ("typescript", "export function f(settings) {\n  return settings['API_TOKEN'];\n}\n", {2},
     ("API_TOKEN",)),
    # declared: a dict literal's keys, a Literal[…], a table registration, a constant, an enum
    ("python", "def f(path):\n    return {'PATH_INFO': path}\n", {2}, ("PATH_INFO",)),
    ("python", "Mode = Literal['fast_path', 'slow_path']\n", {1}, ("fast_path", "slow_path")),
    ("python", "HANDLERS['JSON_BODY'] = parse_json\n", {1}, ("JSON_BODY",)),
    ("python", "ERROR = 'SERVER_DOWN'\n", {1}, ("SERVER_DOWN",)),
    ("python", "class Color(Enum):\n    RED = 'red_one'\n", {2}, ("red_one",)),
    ("typescript", "export type Code = 'not_found' | 'bad_input';\n", {1},
     ("not_found", "bad_input")),
    ("typescript", "export enum E {\n  A = 'first_value',\n}\n", {2}, ("first_value",)),
    ("typescript", "export function f(res) {\n  send(res, 'PERMISSION_DENIED');\n}\n", {2},
     ("PERMISSION_DENIED",)),                                   # an error code, not a lookup
])
def test_declared_and_environment_literals_still_anchor(language: str, source: str,
                                                        lines: set[int],
                                                        expected: tuple[str, ...]) -> None:
    assert _literals(language, source, lines) == expected
