"""A small GitHub REST server on 127.0.0.1 for tests: PyGithub talks to it through
``GITHUB_API_URL``, so the real client code runs, never a mock.

It holds one repository in memory: PRs (listed open by base branch), issue comments
(Link-header pagination with ``per_page``/``page``), labels and check-runs; ``GET /user``
answers 403 as it does for the Actions token, and GraphQL's ``viewer`` names ``actor``, the
account the token comments as (``as_app`` makes it a GitHub App's ``some-app[bot]``). As GitHub
does, a comment body over 65,536 characters is 422 and an edit of a deleted comment is 404.
``fail`` queues faults (a status, or a dropped connection; ``secondary_rate_limit`` and
``primary_rate_limit`` are GitHub's own, with ``Retry-After`` / ``x-ratelimit-reset``)
answered before the real response, for retry tests; ``read_only`` answers every write 403 as a
fork PR's token gets; ``login`` makes ``GET /user`` answer (a person's token);
``before_create`` runs a callback as a comment is created (a parallel run racing this one),
``before_edit`` as one is edited (a comment deleted between listing and editing).
Use the ``fake_github`` fixture (import it into a test module: ``from tests.fakegithub import
fake_github as fake_github``), which also points the environment at the server.
"""

from __future__ import annotations

import json
import re
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlencode, urlsplit

import pytest

EPOCH = datetime(2026, 11, 6, 12, 0, tzinfo=UTC)
TOKEN = "fake-token"


@dataclass(frozen=True)
class Fault:
    """One injected failure: an HTTP status with a message and headers, or (``status`` None)
    a connection closed without an answer."""

    status: int | None
    message: str = "injected fault"
    headers: dict[str, str] = field(default_factory=dict)
    path: str = ""
    """Only a request whose path starts with this meets the fault (default: the next one)."""
    method: str = ""
    """Only a request with this method meets the fault (default: any)."""


RATE_LIMITED = Fault(403, "API rate limit exceeded for installation ID 1.",
                     {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "0"})
DROPPED = Fault(None)
COMMENT_LIMIT = 65_536
"""GitHub's longest comment body, in characters."""


def primary_rate_limit(reset: int, status: int = 403) -> Fault:
    """An exhausted quota, as GitHub answers it: remaining 0, and when it resets (epoch s)."""
    return Fault(status, "API rate limit exceeded for installation ID 1.",
                 {"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "0",
                  "X-RateLimit-Reset": str(reset)})


def secondary_rate_limit(retry_after: int | None = None, status: int = 403) -> Fault:
    """A secondary (abuse) limit: GitHub's message, with a Retry-After when it names a time."""
    return Fault(status, "You have exceeded a secondary rate limit. Please wait a few minutes "
                 "before you try again.",
                 {"Retry-After": str(retry_after)} if retry_after is not None else {})


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class FakeGitHub:
    """The server's state and its controls; one repository, ``owner/name``."""

    def __init__(self, full_name: str = "acme/widgets", token: str | None = TOKEN) -> None:
        self.full_name = full_name
        self.default_branch = "main"
        self.token = token
        """The token requests must carry (None: any or none)."""
        self.actor = "github-actions[bot]"
        """Who authors the comments the client creates."""
        self.actor_association = "NONE"
        self.pulls: dict[int, dict[str, Any]] = {}
        self.comments: dict[int, list[dict[str, Any]]] = {}
        self.labels: dict[int, list[str]] = {}
        self.check_runs: dict[str, list[dict[str, Any]]] = {}
        self.faults: deque[Fault] = deque()
        self.read_only = False
        """Answer writes 403 "Resource not accessible by integration" (a fork PR's token)."""
        self.login: str | None = None
        """Who ``GET /user`` says the token is; None: 403, as for the Actions token."""
        self.before_create: deque[Callable[[FakeGitHub], None]] = deque()
        """Callbacks run, one per comment created, just before it is stored."""
        self.before_edit: deque[Callable[[FakeGitHub], None]] = deque()
        """Callbacks run, one per comment edit, before the comment is looked up."""
        self.requests: list[tuple[str, str]] = []
        """Every request answered, as (method, path with query)."""
        self.permissions: dict[str, str] = {"maintainer": "write"}
        """Each collaborator's role by login: admin, maintain, write, triage or read (the
        permission block at the end of this file); ``add_comment``'s default author writes."""
        self.linked_issues: dict[int, list[tuple[str, int]]] = {}
        """Issues linked to a PR in the sidebar, as (OWNER/NAME, number), beside its keywords."""
        self.lock = threading.Lock()
        self._ids = 1000
        self._server: ThreadingHTTPServer | None = None
        self.base_url = ""

    # -- controls ---------------------------------------------------------------------------

    def next_id(self) -> int:
        self._ids += 1
        return self._ids

    def add_pull(self, number: int, head_sha: str, body: str = "",
                 labels: tuple[str, ...] = (), author: str = "contributor", base: str = "main",
                 state: str = "open", head_repo: str | None = None) -> dict[str, Any]:
        """A PR; its head branch is in this repository unless ``head_repo`` names a fork."""
        self.pulls[number] = {"number": number, "head_sha": head_sha, "body": body,
                              "author": author, "base": base, "state": state,
                              "head_repo": head_repo or self.full_name}
        self.labels[number] = list(labels)
        return self.pulls[number]

    def add_comment(self, number: int, body: str, login: str = "maintainer",
                    association: str = "MEMBER", minutes: int | None = None) -> dict[str, Any]:
        """A comment on issue/PR ``number``; ``minutes`` after EPOCH (default: after the last)."""
        thread = self.comments.setdefault(number, [])
        ident = self.next_id()
        created = EPOCH + timedelta(minutes=minutes if minutes is not None else ident - 1000)
        comment = {"id": ident, "number": number, "body": body, "login": login,
                   "association": association, "created_at": created, "updated_at": created}
        thread.append(comment)
        return comment

    def add_check_run(self, sha: str, name: str, status: str = "completed",
                      conclusion: str | None = "success") -> None:
        self.check_runs.setdefault(sha, []).append(
            {"id": self.next_id(), "name": name, "status": status, "conclusion": conclusion})

    def as_app(self, login: str = "some-app[bot]") -> None:
        """The token is a GitHub App's installation token: ``GET /user`` refuses it (403), its
        comments carry the App's bot login, and GraphQL's ``viewer`` names that login."""
        self.login = None
        self.actor = login

    def fail(self, *faults: Fault | int) -> None:
        """Answer the next requests with these faults, in order, then normally."""
        self.faults.extend(f if isinstance(f, Fault) else Fault(f) for f in faults)

    # -- lifecycle --------------------------------------------------------------------------

    def start(self) -> None:
        handler = type("Handler", (_Handler,), {"fake": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}"
        # A short poll interval so shutdown (every test's teardown) takes milliseconds.
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.01},
                         daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    # -- JSON shapes, as GitHub answers them -----------------------------------------------

    def repo_url(self) -> str:
        return f"{self.base_url}/repos/{self.full_name}"

    def comment_json(self, comment: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": comment["id"], "node_id": f"IC_{comment['id']}",
            "url": f"{self.repo_url()}/issues/comments/{comment['id']}",
            "html_url": f"https://github.example/{self.full_name}/pull/{comment['number']}"
                        f"#issuecomment-{comment['id']}",
            "issue_url": f"{self.repo_url()}/issues/{comment['number']}",
            "body": comment["body"],
            "user": {"login": comment["login"], "id": 1, "type": "User"},
            "author_association": comment["association"],
            "created_at": iso(comment["created_at"]), "updated_at": iso(comment["updated_at"]),
        }

    def pull_json(self, pull: dict[str, Any]) -> dict[str, Any]:
        number = pull["number"]
        return {
            "number": number, "state": pull["state"], "title": f"PR {number}",
            "body": pull["body"],
            "url": f"{self.repo_url()}/pulls/{number}",
            "html_url": f"https://github.example/{self.full_name}/pull/{number}",
            "user": {"login": pull["author"], "id": 2, "type": "User"},
            "head": {"sha": pull["head_sha"], "ref": f"pr-{number}",
                     "label": f"{pull['head_repo'].split('/')[0]}:pr-{number}",
                     "repo": {"full_name": pull["head_repo"],
                              "name": pull["head_repo"].split("/")[1],
                              "owner": {"login": pull["head_repo"].split("/")[0]}}},
            "base": {"sha": "0" * 40, "ref": pull["base"]},
            "labels": [{"name": name} for name in self.labels.get(number, [])],
        }


class _Handler(BaseHTTPRequestHandler):
    """Routes one request against ``fake``; every answer is JSON with a Content-Length."""

    fake: FakeGitHub
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Quiet: pytest shows the request log on failure through ``fake.requests``."""

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def do_PATCH(self) -> None:
        self._serve("PATCH")

    def do_DELETE(self) -> None:
        self._serve("DELETE")

    def _serve(self, method: str) -> None:
        fake = self.fake
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        with fake.lock:
            fake.requests.append((method, self.path))
            fault = next((f for f in fake.faults if self.path.startswith(f.path)
                          and f.method in ("", method)), None)
            if fault is not None:
                fake.faults.remove(fault)
            if fault is not None and fault.status is None:
                self.close_connection = True
                return
            if fault is not None:
                self._send(fault.status or 500, {"message": fault.message}, fault.headers)
                return
            if fake.token and self.headers.get("Authorization") not in (
                    f"token {fake.token}", f"Bearer {fake.token}"):
                self._send(401, {"message": "Bad credentials"})
                return
            url = urlsplit(self.path)
            try:
                body = json.loads(raw or b"{}")
                if method == "POST" and url.path == "/graphql" and _is_viewer_query(body):
                    # whose token this is: answered for any token GitHub accepts
                    self._send(200, {"data": {"viewer": {"login": fake.actor}}})
                    return
                self._route(method, url.path, parse_qs(url.query), body)
            except Exception as exc:  # a bug in the fake or a bad request: say which, loudly
                self._send(500, {"message": f"fake GitHub failed: {type(exc).__name__}: {exc}"})

    def _send(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        payload = b"" if status == 204 else json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(payload)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(payload)

    def _page(self, path: str, query: dict[str, list[str]], items: list[Any],
              wrap: str | None = None) -> None:
        """One page of ``items`` with GitHub's Link header (next, last, prev, first); the
        links keep the request's other parameters (a filter), as GitHub's do."""
        kept = {key: values[-1] for key, values in query.items() if key not in ("per_page",
                                                                                "page")}
        per_page = int(query.get("per_page", ["30"])[0])
        page = int(query.get("page", ["1"])[0])
        last = max(1, -(-len(items) // per_page))
        chunk = items[(page - 1) * per_page: page * per_page]
        base = f"{self.fake.base_url}{path}"
        rels = {"next": page + 1, "last": last} if page < last else {}
        if page > 1:
            rels.update({"prev": page - 1, "first": 1})
        link = ", ".join(
            f'<{base}?{urlencode({**kept, "per_page": per_page, "page": n})}>; rel="{rel}"'
            for rel, n in rels.items())
        data = {"total_count": len(items), wrap: chunk} if wrap else chunk
        self._send(200, data, {"Link": link} if link else {})

    def _route(self, method: str, path: str, query: dict[str, list[str]],
               body: dict[str, Any]) -> None:
        fake = self.fake
        if method == "GET" and path == "/user":
            if fake.login is None:
                self._send(403, {"message": "Resource not accessible by integration"})
            else:
                self._send(200, {"login": fake.login, "id": 4, "type": "User"})
            return
        if method == "POST" and path == "/graphql":  # a read, even on a read-only token
            graphql(self, body)
            return
        if fake.read_only and method != "GET":
            self._send(403, {"message": "Resource not accessible by integration"})
            return
        prefix = f"/repos/{fake.full_name}"
        if not path.startswith(prefix):
            self._send(404, {"message": "Not Found"})
            return
        rest = path[len(prefix):]
        for pattern, verb, handler in (*_ROUTES, *_PERMISSION_ROUTES):
            match = re.fullmatch(pattern, rest)
            if match and verb == method:
                handler(self, path, query, body, *match.groups())
                return
        self._send(404, {"message": "Not Found"})

    # -- handlers ---------------------------------------------------------------------------

    def repo(self, path: str, query: dict[str, list[str]], body: dict[str, Any]) -> None:
        owner, name = self.fake.full_name.split("/")
        self._send(200, {"full_name": self.fake.full_name, "name": name,
                         "owner": {"login": owner}, "url": self.fake.repo_url(),
                         "default_branch": self.fake.default_branch})

    def pull(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
             number: str) -> None:
        pull = self.fake.pulls.get(int(number))
        if pull is None:
            self._send(404, {"message": "Not Found"})
            return
        self._send(200, self.fake.pull_json(pull))

    def list_pulls(self, path: str, query: dict[str, list[str]], body: dict[str, Any]) -> None:
        """``GET /pulls?state=…&base=…``: newest first, GitHub's default order."""
        state = query.get("state", ["open"])[0]
        base = query.get("base", [None])[0]
        found = [self.fake.pull_json(pull)
                 for _, pull in sorted(self.fake.pulls.items(), reverse=True)
                 if state in ("all", pull["state"]) and base in (None, pull["base"])]
        self._page(path, query, found)

    def issue(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
              number: str) -> None:
        """Issues and PRs share numbers; an issue not added as a PR is a bare open issue."""
        pull = self.fake.pulls.get(int(number))
        data = self.fake.pull_json(pull) if pull else {
            "number": int(number), "state": "open", "title": f"Issue {number}", "body": "",
            "user": {"login": "reporter", "id": 3, "type": "User"},
            "labels": [{"name": n} for n in self.fake.labels.get(int(number), [])]}
        self._send(200, {**data, "url": f"{self.fake.repo_url()}/issues/{number}"})

    def list_comments(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
                      number: str) -> None:
        thread = self.fake.comments.get(int(number), [])
        self._page(path, query, [self.fake.comment_json(c) for c in thread])

    def _refuse_body(self, body: dict[str, Any]) -> bool:
        """Answer 422 as GitHub does for a missing or too long comment body; True if refused."""
        text = body.get("body")
        if not isinstance(text, str):
            self._send(422, {"message": "Validation Failed"})
            return True
        if len(text) > COMMENT_LIMIT:
            self._send(422, {"message": "Validation Failed", "errors": [
                {"resource": "IssueComment", "code": "custom", "field": "body",
                 "message": f"body is too long (maximum is {COMMENT_LIMIT} characters)"}],
                "documentation_url": "https://docs.github.com/rest/issues/comments"})
            return True
        return False

    def create_comment(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
                       number: str) -> None:
        if self._refuse_body(body):
            return
        if self.fake.before_create:
            self.fake.before_create.popleft()(self.fake)
        comment = self.fake.add_comment(int(number), body["body"], self.fake.actor,
                                        self.fake.actor_association)
        self._send(201, self.fake.comment_json(comment))

    def _find_comment(self, ident: str) -> dict[str, Any] | None:
        """The comment with this id, or None after answering 404."""
        found = next((c for thread in self.fake.comments.values() for c in thread
                      if c["id"] == int(ident)), None)
        if found is None:
            self._send(404, {"message": "Not Found"})
        return found

    def update_comment(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
                       ident: str) -> None:
        if self.fake.before_edit:
            self.fake.before_edit.popleft()(self.fake)
        comment = self._find_comment(ident)
        if comment is None or self._refuse_body(body):
            return
        comment["body"] = body["body"]
        comment["updated_at"] = comment["updated_at"] + timedelta(seconds=1)
        self._send(200, self.fake.comment_json(comment))

    def delete_comment(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
                       ident: str) -> None:
        comment = self._find_comment(ident)
        if comment is None:
            return
        self.fake.comments[comment["number"]].remove(comment)
        self._send(204, None)

    def list_labels(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
                    number: str) -> None:
        self._page(path, query, [{"name": n} for n in self.fake.labels.get(int(number), [])])

    def add_labels(self, path: str, query: dict[str, list[str]], body: Any,
                   number: str) -> None:
        labels = self.fake.labels.setdefault(int(number), [])
        # GitHub takes a bare list or {"labels": [...]}; PyGithub sends the list.
        added = body if isinstance(body, list) else body.get("labels", [])
        labels.extend(name for name in added if name not in labels)
        self._send(200, [{"name": n} for n in labels])

    def remove_label(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
                     number: str, name: str) -> None:
        labels, name = self.fake.labels.get(int(number), []), unquote(name)
        if name not in labels:
            self._send(404, {"message": "Label does not exist"})
            return
        labels.remove(name)
        self._send(200, [{"name": n} for n in labels])

    def list_check_runs(self, path: str, query: dict[str, list[str]], body: dict[str, Any],
                        ref: str) -> None:
        runs = [{**run, "head_sha": ref, "url": f"{self.fake.repo_url()}/check-runs/{run['id']}"}
                for run in self.fake.check_runs.get(ref, [])]
        self._page(path, query, runs, wrap="check_runs")


def _is_viewer_query(body: Any) -> bool:
    """GraphQL's ``query { viewer { login } }``, however it is spaced."""
    query = body.get("query") if isinstance(body, dict) else None
    return isinstance(query, str) and "".join(query.split()) == "query{viewer{login}}"


_ROUTES = (
    (r"", "GET", _Handler.repo),
    (r"/pulls", "GET", _Handler.list_pulls),
    (r"/pulls/(\d+)", "GET", _Handler.pull),
    (r"/issues/(\d+)", "GET", _Handler.issue),
    (r"/issues/(\d+)/comments", "GET", _Handler.list_comments),
    (r"/issues/(\d+)/comments", "POST", _Handler.create_comment),
    (r"/issues/comments/(\d+)", "PATCH", _Handler.update_comment),
    (r"/issues/comments/(\d+)", "DELETE", _Handler.delete_comment),
    (r"/issues/(\d+)/labels", "GET", _Handler.list_labels),
    (r"/issues/(\d+)/labels", "POST", _Handler.add_labels),
    (r"/issues/(\d+)/labels/([^/]+)", "DELETE", _Handler.remove_label),
    (r"/commits/([^/]+)/check-runs", "GET", _Handler.list_check_runs),
)


@pytest.fixture
def fake_github(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGitHub]:
    """A running fake GitHub; GITHUB_API_URL, GITHUB_TOKEN and GITHUB_REPOSITORY point at it."""
    fake = FakeGitHub()
    fake.start()
    monkeypatch.setenv("GITHUB_API_URL", fake.base_url)
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.setenv("GITHUB_REPOSITORY", fake.full_name)
    yield fake
    fake.stop()


# -- repository permissions and the issues a PR closes (issue 13) ----------------------------
# ``GET /repos/{o}/{r}/collaborators/{login}/permission`` as GitHub answers it: the legacy
# ``permission`` folds maintain into write and triage into read, ``role_name`` keeps the role,
# and a login that is not a collaborator is 404. ``POST /graphql`` answers the one query govern
# sends, ``closingIssuesReferences``: the issues (never PRs) a PR's body closes with GitHub's
# keywords, when the PR targets the default branch, plus those linked in its sidebar.

_LEGACY_PERMISSION = {"admin": "admin", "maintain": "write", "write": "write",
                      "triage": "read", "read": "read"}
_CLOSING = re.compile(
    r"(?i)\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?[ \t]+"
    r"(?:https://github\.example/(?P<url_repo>[\w.-]+/[\w.-]+)/issues/"
    r"|(?P<repo>[\w.-]+/[\w.-]+)?#)(?P<number>\d+)\b")


def _permission(handler: _Handler, path: str, query: dict[str, list[str]], body: dict[str, Any],
                login: str) -> None:
    role = handler.fake.permissions.get(unquote(login))
    if role is None:
        handler._send(404, {"message": "Not Found",
                            "documentation_url": "https://docs.github.com/rest/collaborators/"
                                                 "collaborators#get-repository-permissions-"
                                                 "for-a-user"})
        return
    handler._send(200, {"permission": _LEGACY_PERMISSION[role], "role_name": role,
                        "user": {"login": unquote(login), "id": 5, "type": "User"}})


def closing_references(fake: FakeGitHub, number: int) -> list[tuple[str, int]]:
    """What GitHub lists as closed by PR #number: keyword references in its body (into the
    default branch only), then sidebar links; PRs are never closed; no repeats."""
    pull = fake.pulls[number]
    found: list[tuple[str, int]] = []
    if pull["base"] == fake.default_branch:
        for match in _CLOSING.finditer(pull["body"]):
            repo = match.group("url_repo") or match.group("repo") or fake.full_name
            found.append((repo, int(match.group("number"))))
    found.extend(fake.linked_issues.get(number, []))
    unique = dict.fromkeys((repo.lower(), issue) for repo, issue in found
                           if not (repo.lower() == fake.full_name.lower()
                                   and issue in fake.pulls))
    return list(unique)


def graphql(handler: _Handler, body: dict[str, Any]) -> None:
    """GitHub answers a GraphQL query 200, with ``errors`` for what it could not resolve."""
    fake, variables = handler.fake, body.get("variables") or {}
    query = body.get("query") or ""
    if "closingIssuesReferences" not in query:
        handler._send(200, {"errors": [{"message": "the fake knows only closingIssuesReferences"}]})
        return
    if f"{variables.get('owner')}/{variables.get('name')}" != fake.full_name:
        handler._send(200, {"data": {"repository": None}, "errors": [{
            "type": "NOT_FOUND", "path": ["repository"],
            "message": "Could not resolve to a Repository with the name "
                       f"'{variables.get('owner')}/{variables.get('name')}'."}]})
        return
    number = variables.get("number")
    if number not in fake.pulls:
        handler._send(200, {"data": {"repository": {"pullRequest": None}}, "errors": [{
            "type": "NOT_FOUND", "path": ["repository", "pullRequest"],
            "message": f"Could not resolve to a PullRequest with the number of {number}."}]})
        return
    nodes = [{"number": issue, "repository": {"nameWithOwner": repo}}
             for repo, issue in closing_references(fake, number)][: variables.get("first", 0)]
    handler._send(200, {"data": {"repository": {"pullRequest": {
        "closingIssuesReferences": {"nodes": nodes}}}}})


_PERMISSION_ROUTES = ((r"/collaborators/([^/]+)/permission", "GET", _permission),)
