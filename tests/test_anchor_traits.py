"""A trait an anchor has only when every declaration it names has it: a container anchored
only by a member it gained or lost is a bare name (docs/concepts/anchoring-rules.md#plain-words),
and a function changed only in its body is body-only
(docs/concepts/anchoring-rules.md#what-anchors), in every file that yields the anchor."""

from __future__ import annotations

from govern.drift.affected import bare_names, body_only_anchors
from govern.drift.anchors.extract import Candidate
from govern.drift.anchors.model import Declaration


def _symbol(file: str, declaration: Declaration, token: str | None = None) -> Candidate:
    return Candidate("symbol", token or declaration.name, file, "head", declaration)


COMMAND_BY_MEMBERS = Declaration("Command", None, bridgeable=False, by_members=True)
COMMAND = Declaration("Command", None, bridgeable=False)


def test_a_container_anchored_by_its_members_alone_is_a_bare_name() -> None:
    candidates = [_symbol("a.ts", COMMAND_BY_MEMBERS), _symbol("b.ts", COMMAND_BY_MEMBERS)]
    assert bare_names(candidates) == {("symbol", "Command")}


def test_a_container_one_file_changes_on_its_own_lines_is_no_bare_name() -> None:
    assert bare_names([_symbol("a.ts", COMMAND_BY_MEMBERS), _symbol("b.ts", COMMAND)]) == set()
    assert bare_names([_symbol("b.ts", COMMAND), _symbol("a.ts", COMMAND_BY_MEMBERS)]) == set()


def test_a_member_literal_or_binding_is_bare_wherever_else_its_name_is_declared() -> None:
    member = Declaration("start", "Plugin", bridgeable=True)
    binding = Declaration("app", None, bridgeable=True, binding=True)
    function = Declaration("start", None, bridgeable=True)
    candidates = [_symbol("a.py", function), _symbol("b.py", member),
                  _symbol("c.py", binding), Candidate("literal", "MAX_SIZE", "d.py", "head"),
                  _symbol("e.py", Declaration("send", "Client", bridgeable=True),
                          "Client.send")]
    assert bare_names(candidates) == {("symbol", "start"), ("symbol", "app"),
                                      ("literal", "MAX_SIZE")}


def _send(file: str, body_only: bool) -> Candidate:
    return _symbol(file, Declaration("send", "Client", bridgeable=True, body_only=body_only),
                   "Client.send")


def test_an_anchor_is_body_only_when_every_declaration_of_it_changed_in_its_body() -> None:
    assert body_only_anchors([_send("a.py", True), _send("b.py", True)]) == {
        ("symbol", "Client.send")}


def test_an_anchor_is_not_body_only_when_one_declaration_changed_its_signature() -> None:
    assert body_only_anchors([_send("a.py", True), _send("b.py", False)]) == frozenset()
    assert body_only_anchors([_send("b.py", False), _send("a.py", True)]) == frozenset()
    # a name a TS file re-exports carries no declaration, so no body it changed in alone
    assert body_only_anchors([_send("a.py", True),
                              Candidate("symbol", "Client.send", "c.py", "head")]) == frozenset()
