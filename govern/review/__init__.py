"""Contract-review records (docs/how-to/review-records.md): a reviewer's verdict on a PR head, as
one comment. No I/O here; one module per job, every public name re-exported so callers import from
``govern.review``."""

from __future__ import annotations

from govern.review.check_runs import CHECK_OUTCOMES, count_check_runs, render_check_runs_line
from govern.review.lint import LintFinding, LintRule, lint_draft, lint_review
from govern.review.locate import (
    RECORD_MARK,
    WRITE_PERMISSIONS,
    CommentLike,
    Located,
    State,
    Trust,
    locate_review,
    names_login,
)
from govern.review.markdown_reader import (
    BULLET,
    EXAMPLE,
    FINDINGS,
    GRADED,
    HEAD_VALUE,
    HEADER_KEYS,
    HEADING,
    JUDGMENT_ANY,
    KEY_LINE,
    MAX_LINE_CHARS,
    NITS,
    NONE_MARK,
    RECORD_WRITTEN,
    RESERVED_KEY_PREFIXES,
    SECTION,
    SIGNATURE_KEYS,
    VERDICT,
    Draft,
    parse_review,
    read_draft,
    split_result,
    unescape,
)
from govern.review.model import (
    GRADES,
    REQUIRED_TEXT,
    RESULTS,
    VERDICTS,
    ContractReview,
    HeaderLine,
    Judgment,
    RecordError,
    ReviewFinding,
)
from govern.review.render import LIST_SECTIONS, TEMPLATE, render_review
from govern.review.shapes import (
    FULL_SHA,
    HEADER_KEY,
    HEX_SHA,
    ISO_TIME,
    MODEL_FAMILY,
    ROUND,
    collapse,
    collapse_paragraphs,
    is_full_head,
    is_hex_sha,
    is_model_id,
    is_null_sha,
    is_on_head,
    quote,
)
from govern.review.yaml_reader import (
    MISSING,
    OPTIONAL_DEFAULTS,
    YAML_REMEDY,
    parse_review_yaml,
    review_from_data,
)

__all__ = [
    # model
    "GRADES", "REQUIRED_TEXT", "RESULTS", "VERDICTS",
    "ContractReview", "ReviewFinding", "HeaderLine", "Judgment", "RecordError",
    # shapes
    "FULL_SHA", "HEADER_KEY", "HEX_SHA", "ISO_TIME", "MODEL_FAMILY", "ROUND",
    "collapse", "collapse_paragraphs", "is_full_head", "is_hex_sha", "is_model_id", "is_null_sha",
    "is_on_head", "quote",
    # YAML / JSON reader
    "MISSING", "OPTIONAL_DEFAULTS", "YAML_REMEDY", "parse_review_yaml", "review_from_data",
    # markdown renderer
    "LIST_SECTIONS", "TEMPLATE", "render_review",
    # markdown reader
    "BULLET", "EXAMPLE", "FINDINGS", "GRADED", "HEAD_VALUE", "HEADER_KEYS", "HEADING",
    "JUDGMENT_ANY", "KEY_LINE", "MAX_LINE_CHARS", "NITS", "NONE_MARK", "RECORD_WRITTEN",
    "RESERVED_KEY_PREFIXES", "SECTION", "SIGNATURE_KEYS", "VERDICT",
    "Draft", "parse_review", "read_draft", "split_result", "unescape",
    # linter
    "LintFinding", "LintRule", "lint_draft", "lint_review",
    # locator
    "RECORD_MARK", "WRITE_PERMISSIONS", "CommentLike", "Located", "State", "Trust",
    "locate_review", "names_login",
    # check-runs line
    "CHECK_OUTCOMES", "count_check_runs", "render_check_runs_line",
]
