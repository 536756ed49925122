"""Every GitHub REST call govern makes, through PyGithub (docs/concepts/delivery.md): one client,
govern's own retry of transient failures, and HTTP failures turned into ``NotJudged`` errors with a
remedy.

PyGithub is imported only when a client is created (it costs ~350 ms), so commands that never
talk to GitHub do not pay for it. Results are small frozen dataclasses, never PyGithub objects.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

import click

from govern.core.errors import NotJudged
from govern.github.event import dig

if TYPE_CHECKING:
    from github.Repository import Repository

T = TypeVar("T")

DEFAULT_API_URL = "https://api.github.com"
RETRY_DELAYS = (3.0, 9.0)
"""Seconds to wait before the second and the third attempt after an outage (a 5xx, no answer)."""
SECONDARY_WAIT = 60.0
"""Seconds to wait on a rate limit that names no time (a secondary limit): GitHub asks for at
least a minute, doubled on each further attempt."""
RETRY_BUDGET = 300.0
"""The most seconds one client waits in all before it gives up (``comment.retry_budget``)."""
PER_PAGE = 100
TIMEOUT = 30


class GitHubError(NotJudged):
    """A GitHub call failed for good; ``status`` is the HTTP status (None: no answer)."""

    def __init__(self, message: str, remedy: str, status: int | None) -> None:
        super().__init__(message, remedy)
        self.status = status

    @property
    def is_forbidden(self) -> bool:
        """A plain 403: the token may not do this (a fork PR's read-only token, for one).
        Advisory commands degrade on it instead of failing (docs/concepts/delivery.md)."""
        return self.status == 403


@dataclass(frozen=True)
class Credentials:
    """How to reach GitHub: a token (None: anonymous) and the REST API base URL."""

    token: str | None
    api_url: str


@dataclass(frozen=True)
class Comment:
    """One issue or PR conversation comment."""

    id: int
    login: str
    """The author's login; ``ghost`` for a deleted account."""
    author_association: str
    """GitHub's OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE, …"""
    body: str
    created_at: datetime
    html_url: str


@dataclass(frozen=True)
class GitHubPull:
    """What govern reads of a PR from the GitHub API (a gate's view of the PR it judges is
    ``PullRequestInput``; the overlap matrix's, ``OverlapPull``)."""

    number: int
    head_sha: str
    body: str
    labels: tuple[str, ...]
    author: str
    head_repo: str = ""
    """``OWNER/NAME`` the head branch lives in (a fork's for a fork PR); empty when deleted."""


@dataclass(frozen=True)
class CheckRun:
    """One check-run on a commit; ``conclusion`` is None until it completes."""

    name: str
    status: str
    conclusion: str | None


def credentials_from_env(environ: Mapping[str, str]) -> Credentials:
    """``GITHUB_TOKEN`` (Actions), else ``GH_TOKEN`` (the gh CLI's, for shell mode); the API
    base from ``GITHUB_API_URL`` (GitHub Enterprise, tests), else api.github.com."""
    token = environ.get("GITHUB_TOKEN") or environ.get("GH_TOKEN") or None
    api_url = (environ.get("GITHUB_API_URL") or DEFAULT_API_URL).rstrip("/")
    return Credentials(token, api_url)


def _message_of(exc: Any) -> str:
    data = getattr(exc, "data", None)
    message = data.get("message") if isinstance(data, dict) else None
    return " ".join(str(message or exc).split())[:200]


def _is_rate_limited(status: int | None, headers: Mapping[str, str], message: str) -> bool:
    """429, or a 403 carrying GitHub's rate-limit signal (an exhausted quota, a Retry-After,
    or the primary/secondary rate-limit message); a plain 403 is a permission answer."""
    if status == 429:
        return True
    if status != 403:
        return False
    lowered = {key.lower(): value for key, value in headers.items()}
    return (lowered.get("x-ratelimit-remaining") == "0" or "retry-after" in lowered
            or "rate limit" in message.lower())


def _seconds(value: str | None) -> float | None:
    """A header's whole number of seconds (or epoch seconds); None when absent or not one."""
    return float(value) if value is not None and value.strip().isdigit() else None


def retry_wait(exc: Any, attempt: int, now: float) -> float:
    """Seconds to wait before retrying ``exc``, a transient failure, after ``attempt`` attempts:
    what GitHub asks for — ``Retry-After``, else the ``x-ratelimit-reset`` time of an exhausted
    quota — else at least a minute for a rate limit, else the outage back-off."""
    headers = {key.lower(): value for key, value in (getattr(exc, "headers", None) or {}).items()}
    if not _is_rate_limited(getattr(exc, "status", None), headers, _message_of(exc)):
        return RETRY_DELAYS[min(attempt, len(RETRY_DELAYS)) - 1]
    retry_after = _seconds(headers.get("retry-after"))
    if retry_after is not None:
        return retry_after
    reset = _seconds(headers.get("x-ratelimit-reset"))
    if headers.get("x-ratelimit-remaining") == "0" and reset is not None:
        return max(reset - now, 1.0)
    return SECONDARY_WAIT * 2 ** (attempt - 1)


def _is_transient(exc: Exception) -> bool:
    from github import GithubException
    from requests.exceptions import RequestException

    if isinstance(exc, RequestException):
        return True
    if isinstance(exc, GithubException):
        status = exc.status
        return (status is not None and status >= 500) or _is_rate_limited(
            status, exc.headers or {}, _message_of(exc))
    return False


def _failure(exc: Exception, action: str, api_url: str, attempts: int,
             over_budget: tuple[float, float] | None = None) -> GitHubError:
    """The NotJudged error for a call that failed for good, with what to do about it;
    ``over_budget`` is ``(wait asked, budget)`` when the next wait would overrun the budget."""
    from github import GithubException

    if over_budget is not None and isinstance(exc, GithubException):
        wait, budget = over_budget
        return GitHubError(
            f"GitHub asks govern to wait {wait:.0f} s more while {action} ({exc.status} "
            f"{_message_of(exc)!r}), beyond the {budget:.0f} s retry budget "
            f"(after {attempts} attempt(s))",
            "run again once the rate limit resets, or raise comment.retry_budget", exc.status)

    if not isinstance(exc, GithubException):
        return GitHubError(
            f"cannot reach the GitHub API at {api_url} while {action} "
            f"({type(exc).__name__}, {attempts} attempt(s))",
            "check GITHUB_API_URL and the network, then run again", None)
    status, message = exc.status, _message_of(exc)
    said = f"while {action}: {status} {message!r}"
    if status == 401:
        return GitHubError(f"GitHub rejected the token {said}",
                           "set GITHUB_TOKEN (or GH_TOKEN in shell mode) to a valid token",
                           status)
    if status == 403 and not _is_rate_limited(status, exc.headers or {}, message):
        return GitHubError(f"GitHub refused permission {said}",
                           "give the token the permission this needs (pull-requests and "
                           "issues: read, issues: write to post, checks: read); a fork PR's "
                           "token is read-only", status)
    if status == 404:
        return GitHubError(f"GitHub found nothing {said}",
                           "check --repo OWNER/NAME and the number, and that the token can "
                           "see the repository", status)
    if status == 422:
        return GitHubError(f"GitHub refused the request {said}",
                           "check the values passed (a sha must be a full commit id GitHub "
                           "knows)", status)
    return GitHubError(f"GitHub kept failing {said} (after {attempts} attempt(s))",
                       "run again later; https://www.githubstatus.com shows outages", status)


def say_on_stderr(notice: str) -> None:
    """A retry notice, on stderr where a person or a CI log sees why the run pauses; hushed
    by ``--quiet``, which the command line records on its root context (``Settings.quiet``),
    so every command's client honours it without passing it down."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and getattr(ctx.find_root().obj, "quiet", False):
        return
    click.echo(notice, err=True)


def retry_notice(exc: Any, action: str, wait: float, attempt: int) -> str:
    """What a retry wait says: what failed, how long govern waits, and which attempt is next."""
    status = getattr(exc, "status", None)
    what = (f"GitHub answered {status}" if status is not None
            else f"no answer from GitHub ({type(exc).__name__})")
    headers = {key.lower() for key in (getattr(exc, "headers", None) or {})}
    if "retry-after" in headers:
        what += " with Retry-After"
    return (f"govern: {what} while {action}; waiting {wait:.0f} s before attempt "
            f"{attempt + 1} of {len(RETRY_DELAYS) + 1}")


@dataclass(frozen=True)
class Pacing:
    """How a client waits between attempts (docs/concepts/delivery.md): ``sleep`` and ``clock``
    are injected so tests never sleep, ``budget`` bounds the seconds waited in all, ``notify``
    is told of each wait before it starts (``--quiet`` passes one that says nothing)."""

    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.time
    budget: float = RETRY_BUDGET
    notify: Callable[[str], None] = say_on_stderr


class GitHubRepo:
    """One repository on one GitHub host. Every call goes through ``_call``, which retries a
    transient failure as :func:`retry_wait` says, within the pacing's budget, and maps the
    final failure to a GitHubError."""

    def __init__(self, repo: Repository, full_name: str, api_url: str,
                 pacing: Pacing | None = None) -> None:
        self._repo = repo
        self.full_name = full_name
        self.api_url = api_url
        self._pacing = pacing or Pacing()
        self._waited = 0.0

    def _call(self, action: str, fn: Callable[[], T]) -> T:
        # Reads are idempotent; a retried write may land twice, which the sticky upsert
        # resolves by re-listing and review records tolerate (the newest on a head decides).
        from github import GithubException
        from requests.exceptions import RequestException

        pacing = self._pacing
        for attempt in range(1, len(RETRY_DELAYS) + 2):
            try:
                return fn()
            except (GithubException, RequestException) as exc:
                if attempt > len(RETRY_DELAYS) or not _is_transient(exc):
                    raise _failure(exc, action, self.api_url, attempt) from None
                wait = retry_wait(exc, attempt, pacing.clock())
                if self._waited + wait > pacing.budget:
                    raise _failure(exc, action, self.api_url, attempt,
                                   (wait, pacing.budget)) from None
                self._waited += wait
                pacing.notify(retry_notice(exc, action, wait, attempt))
                pacing.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def pull_request(self, number: int) -> GitHubPull:
        def read() -> GitHubPull:
            pull = self._repo.get_pull(number)
            return GitHubPull(number=pull.number, head_sha=pull.head.sha,
                               body=pull.body or "",
                               labels=tuple(label.name for label in pull.labels),
                               author=pull.user.login if pull.user else "ghost",
                               head_repo=pull.head.repo.full_name if pull.head.repo else "")

        return self._call(f"reading PR #{number} of {self.full_name}", read)

    def issue_comments(self, number: int) -> list[Comment]:
        """Every conversation comment of an issue or PR, all pages, oldest first."""

        def read() -> list[Comment]:
            return [_comment(item) for item in self._repo.get_issue(number).get_comments()]

        return self._call(f"listing the comments of #{number} of {self.full_name}", read)

    def create_comment(self, number: int, body: str) -> Comment:
        return self._call(f"commenting on #{number} of {self.full_name}",
                          lambda: _comment(self._repo.get_issue(number).create_comment(body)))

    def check_runs(self, sha: str) -> list[CheckRun]:
        """The latest check-run of each check on ``sha``, all pages."""

        def read() -> list[CheckRun]:
            return [CheckRun(run.name, run.status, run.conclusion)
                    for run in self._repo.get_commit(sha).get_check_runs()]

        return self._call(f"listing the check-runs of {sha} in {self.full_name}", read)


def _comment(item: Any) -> Comment:
    return Comment(id=item.id, login=item.user.login if item.user else "ghost",
                   author_association=item.author_association or "NONE",
                   body=item.body or "", created_at=item.created_at, html_url=item.html_url)


def connect(repo: str, credentials: Credentials, pacing: Pacing | None = None) -> GitHubRepo:
    """A client for ``OWNER/NAME``. Nothing is requested until a method is called.

    PyGithub's own retry is off (``retry=None``) so failures reach govern's retry, which knows
    what is transient and how long GitHub asks to wait; its request throttling is off too,
    since govern makes a handful of serial calls per run.
    """
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repo):
        raise NotJudged(f"{repo!r} is not an OWNER/NAME repository",
                        "pass --repo OWNER/NAME (in Actions GITHUB_REPOSITORY is used)")
    from github import Auth, Github

    client = Github(
        auth=Auth.Token(credentials.token) if credentials.token else None,
        base_url=credentials.api_url, per_page=PER_PAGE, timeout=TIMEOUT, retry=None,
        seconds_between_requests=None, seconds_between_writes=None, lazy=True,
    )
    return GitHubRepo(client.get_repo(repo), repo, credentials.api_url, pacing)


# -- the sticky comment (docs/concepts/delivery.md)
# One comment per PR and marker, owned by `comment.bot_login`: found across every page, updated
# in place, and de-duplicated after a write because two runs of one workflow can both find
# none and both create one. Another account's comment is never edited or deleted, whatever it
# holds: anyone can paste the marker into their own comment.


@dataclass(frozen=True)
class Delivery:
    """What an upsert did: ``created``, ``updated`` or ``unchanged`` the sticky comment, and
    the ids of newer bot duplicates it deleted."""

    action: str
    comment_id: int
    html_url: str
    deleted: tuple[int, ...]


def is_sticky(login: str, body: str, marker: str, bot_login: str) -> bool:
    """The bot's own comment whose first line is the marker."""
    return login == bot_login and body.split("\n", 1)[0].strip() == marker


def is_undeliverable(exc: GitHubError) -> bool:
    """A write GitHub refused for a reason an advisory command outlives: the token is
    read-only (a plain 403, as on a fork PR), or retries ran out (no answer, 429, 5xx)."""
    return exc.is_forbidden or exc.status is None or exc.status == 429 or exc.status >= 500


def _stickies(client: GitHubRepo, number: int, marker: str, bot_login: str) -> list[Any]:
    """The sticky candidates among all comment pages, oldest first (PyGithub objects, so an
    edit or delete needs no second read)."""

    def read() -> list[Any]:
        items = client._repo.get_issue(number).get_comments()
        return [item for item in items
                if is_sticky(item.user.login if item.user else "", item.body or "", marker,
                             bot_login)]

    found = client._call(f"listing the comments of #{number} of {client.full_name}", read)
    return sorted(found, key=lambda item: (item.created_at, item.id))


def _delete_duplicate(client: GitHubRepo, item: Any) -> bool:
    """Delete a newer bot duplicate; False when a parallel run deleted it first (404)."""
    try:
        client._call(f"deleting duplicate comment {item.id} in {client.full_name}", item.delete)
    except GitHubError as exc:
        if exc.status == 404:
            return False
        raise
    return True


def upsert_sticky(client: GitHubRepo, number: int, body: str, marker: str,
                  bot_login: str) -> Delivery:
    """Update the sticky comment on #number to ``body``, or create it; then re-list, keep the
    oldest and delete newer bot duplicates (a parallel run's), and make sure the one kept
    carries ``body``."""
    found = _stickies(client, number, marker, bot_login)
    if found and found[0].body == body:
        action, written = "unchanged", found[0]
    else:
        action, written = _write(client, number, found[0] if found else None, body)
    # A listing that lags behind the write still leaves the comment just written to report.
    kept, *newer = _stickies(client, number, marker, bot_login) or [written]
    deleted = tuple(item.id for item in newer if _delete_duplicate(client, item))
    if kept.body != body:  # a parallel run's older comment survived: it must say this run's
        _, kept = _write(client, number, kept, body)
    return Delivery(action, kept.id, kept.html_url, deleted)


def _write(client: GitHubRepo, number: int, item: Any, body: str) -> tuple[str, Any]:
    """Edit ``item`` to ``body``, or create the comment when there is none — or when it was
    deleted since it was listed (GitHub answers the edit 404): ``(action, comment written)``."""
    where = f"#{number} of {client.full_name}"
    if item is not None:
        try:
            client._call(f"updating comment {item.id} on {where}", lambda: item.edit(body))
            return "updated", item
        except GitHubError as exc:
            if exc.status != 404:
                raise
    return "created", client._call(f"commenting on {where}",
                                   lambda: client._repo.get_issue(number).create_comment(body))


def token_login(client: GitHubRepo) -> str | None:
    """The login the token acts as; None when GitHub will not say (an Actions token answers
    ``GET /user`` with 403)."""

    def read() -> str:
        _, data = client._repo.requester.requestJsonAndCheck("GET", "/user")
        return str(data.get("login", "")) if isinstance(data, dict) else ""

    try:
        return client._call("reading the token's login", read) or None
    except GitHubError as exc:
        if exc.status == 403:
            return None
        raise


def viewer_login(client: GitHubRepo) -> str | None:
    """The login the token's comments carry, from GraphQL's ``viewer``, which answers for a
    person's token, the Actions token (``github-actions[bot]``) and a GitHub App's installation
    token (``some-app[bot]``) alike; None when GitHub will not say. A rejected token is an
    error: nothing else would work either."""

    def read() -> str:
        _, data = client._repo.requester.graphql_query("query { viewer { login } }", {})
        answer = data.get("data") if isinstance(data, dict) else None
        viewer = answer.get("viewer") if isinstance(answer, dict) else None
        login = viewer.get("login") if isinstance(viewer, dict) else None
        return login if isinstance(login, str) else ""

    try:
        return client._call("reading whose token this is", read) or None
    except GitHubError as exc:
        if exc.status == 401:
            raise
        return None


def base_branch(client: GitHubRepo, number: int) -> str:
    """The branch PR #number targets (shell mode fetches it; GitHubPull does not carry it)."""
    return client._call(f"reading PR #{number} of {client.full_name}",
                        lambda: client._repo.get_pull(number).base.ref)


# -- open PRs to a base (PR overlap --github, docs/how-to/overlap.md)


@dataclass(frozen=True)
class OpenPull:
    """An open PR as the overlap matrix needs it: its number (attribution order) and head."""

    number: int
    head_sha: str
    head_ref: str
    """The head branch's name: text the PR author chose, never pasted into markdown."""


def open_pulls(client: GitHubRepo, base: str) -> list[OpenPull]:
    """Every open PR into branch ``base``, all pages, by number (lower = earlier PR)."""

    def read() -> list[OpenPull]:
        return [OpenPull(pull.number, pull.head.sha, pull.head.ref)
                for pull in client._repo.get_pulls(state="open", base=base)]

    found = client._call(f"listing the open PRs into {base!r} of {client.full_name}", read)
    return sorted(found, key=lambda pull: pull.number)


def default_branch(client: GitHubRepo) -> str:
    """The repository's default branch: the base when none is named outside a PR event."""
    return client._call(f"reading the default branch of {client.full_name}",
                        lambda: client._repo.default_branch)


# -- who may satisfy a gate, and where its records are (issue 13) ----------------------------
# docs/how-to/who-can-satisfy-a-gate.md: a gate trusts GitHub's own answers, never text a PR
# author wrote — a login's permission on the repository, and the issues GitHub lists as closed
# by a PR (not the numbers its body happens to mention).

CLOSING_ISSUES_LIMIT = 50
"""The issues of a PR searched for records, at most (GitHub's first page of them)."""
_CLOSING_ISSUES_QUERY = """
query($owner: String!, $name: String!, $number: Int!, $first: Int!) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      closingIssuesReferences(first: $first) {
        nodes { number repository { nameWithOwner } }
      }
    }
  }
}
"""


def permission(client: GitHubRepo, login: str) -> str:
    """GitHub's permission of ``login`` on the repository: ``admin``, ``write``, ``read`` or
    ``none`` (maintain reads as write, triage as read); a 404 (not a collaborator, or no such
    account) is ``none``."""

    def read() -> str:
        return str(client._repo.get_collaborator_permission(login))

    try:
        return client._call(f"reading the permission of {login!r} on {client.full_name}", read)
    except GitHubError as exc:
        if exc.status == 404:
            return "none"
        raise


def closing_issues(client: GitHubRepo, number: int) -> tuple[int, ...]:
    """The issues of this repository GitHub lists as closed by PR #number (its closing
    keywords and the sidebar's links), in GitHub's order; another repository's are left out."""
    owner, name = client.full_name.split("/")
    variables = {"owner": owner, "name": name, "number": number,
                 "first": CLOSING_ISSUES_LIMIT}

    def read() -> Any:
        return client._repo.requester.graphql_query(_CLOSING_ISSUES_QUERY, variables)[1]

    data = client._call(f"listing the issues PR #{number} of {client.full_name} closes", read)
    nodes = dig(data, "data", "repository", "pullRequest", "closingIssuesReferences", "nodes")
    if not isinstance(nodes, list):
        raise GitHubError(f"GitHub's answer for the issues PR #{number} of {client.full_name} "
                          f"closes has no list of issues", "run again; if it persists, check "
                          "that the token may read the repository's issues", None)
    found = [node["number"] for node in nodes
             if isinstance(node, dict) and isinstance(node.get("number"), int)
             and str(dig(node, "repository", "nameWithOwner")).lower()
             == client.full_name.lower()]
    return tuple(dict.fromkeys(found))


def review_comments(client: GitHubRepo, number: int, closing_issue_thread: bool,
                    ) -> tuple[list[Comment], tuple[int, ...]]:
    """The comments a contract-review record may be in: PR #number's, and with
    ``closing_issue_thread`` (``review.closing_issue_thread``) those of each issue GitHub
    lists as closed by it; also the issue numbers read."""
    issues = closing_issues(client, number) if closing_issue_thread else ()
    comments = client.issue_comments(number)
    for issue in issues:
        comments.extend(client.issue_comments(issue))
    return comments, issues
