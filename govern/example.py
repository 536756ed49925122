"""The built-in example monorepo that ``govern demo`` builds: a Python package and a
TypeScript package, md/mdx/rst docs, a release-notes folder, and a PR branch with real
changes (a changed method, a removed function, a changed interface member, a new method no
page names yet, a test, a dev-only manifest edit, a stylesheet and a decision record), with the PR's
commit message and description the gates section judges."""

from __future__ import annotations

BASE_FILES: dict[str, str] = {
    "README.md": "# acme\n\nThe acme monorepo: `acme-billing` (Python) and `@acme/web-sdk`.\n",
    "packages/billing-py/pyproject.toml": (
        '[project]\nname = "acme-billing"\nversion = "1.2.0"\n\n'
        '[tool.pytest.ini_options]\naddopts = "-q"\n'
    ),
    "packages/billing-py/src/acme_billing/__init__.py": (
        '"""Billing for acme."""\n'
        "from ._client import BillingClient\n"
        "from .invoices import INVOICE_STATES, create_invoice, void_invoice\n\n"
        '__all__ = ["BillingClient", "INVOICE_STATES", "create_invoice", "void_invoice"]\n'
    ),
    "packages/billing-py/src/acme_billing/_client.py": (
        '"""The HTTP client of the billing service."""\n\n\n'
        "class BillingClient:\n"
        '    """Talks to the billing API."""\n\n'
        "    timeout: float = 10.0\n\n"
        "    def charge(self, customer_id: str, cents: int) -> dict:\n"
        '        payload = {"customer": customer_id, "amount": cents}\n'
        '        return self._post("/charges", payload)\n\n'
        "    def refund(self, charge_id: str) -> dict:\n"
        '        return self._post(f"/charges/{charge_id}/refund", {})\n\n'
        "    def _post(self, path: str, payload: dict) -> dict:\n"
        '        return {"path": path, **payload}\n'
    ),
    "packages/billing-py/src/acme_billing/invoices.py": (
        '"""Invoices."""\n\n'
        "INVOICE_STATES = {\n"
        '    "draft_state": "editable",\n'
        '    "issued_state": "sent to the customer",\n'
        "}\n\n\n"
        "def create_invoice(customer_id: str) -> dict:\n"
        '    return {"customer": customer_id, "state": "draft_state"}\n\n\n'
        "def void_invoice(invoice_id: str) -> None:\n"
        "    del invoice_id\n"
    ),
    "packages/billing-py/src/acme_billing/api.py": (
        '"""The billing service\'s HTTP routes."""\n'
        "from fastapi import APIRouter\n\n"
        "from ._client import BillingClient\n\n"
        'router = APIRouter(prefix="/api/v1")\n\n\n'
        '@router.post("/charges")\n'
        "def post_charge(body: dict) -> dict:\n"
        '    return BillingClient().charge(body["customer"], body["cents"])\n'
    ),
    "packages/billing-py/tests/test_client.py": (
        "from acme_billing import BillingClient\n\n\n"
        "def test_charge():\n"
        '    assert BillingClient().charge("c1", 5)["amount"] == 5\n'
    ),
    "packages/web-sdk/package.json": (
        '{\n  "name": "@acme/web-sdk",\n  "version": "2.0.0",\n'
        '  "exports": "./src/index.ts",\n'
        '  "devDependencies": {"typescript": "5.4.0"}\n}\n'
    ),
    "packages/web-sdk/src/audit.ts": (
        "export interface AuditOptions {\n"
        "  pageSize: number;\n"
        "  cursor?: string;\n"
        "}\n\n"
        "export class AuditClient {\n"
        "  getAudit(type: string, name: string, options?: AuditOptions) {\n"
        "    return fetch(`/api/v1/meta/${type}/${name}/audit`);\n"
        "  }\n\n"
        "  listEvents() {\n"
        "    return fetch('/api/v1/events');\n"
        "  }\n"
        "}\n\n"
        "export function formatAuditEntry(entry: { at: string }) {\n"
        "  return entry.at;\n"
        "}\n"
    ),
    "packages/web-sdk/src/theme.css": "body { color: black; }\n",
    "packages/web-sdk/src/print.css": "body { margin: 0; }\n",
    "packages/web-sdk/src/route-ledger.ts": (
        "export const ROUTE_LEDGER = [\n"
        "  { route: 'POST /api/v1/charges', client: 'billing.createCharge' },\n"
        "  { route: 'GET /api/v1/meta/:type/:name/audit', client: 'audit.getAudit' },\n"
        "];\n"
    ),
    "docs/billing/charges.md": (
        "# Charging customers\n\n"
        "Create a client and call `BillingClient.charge`:\n\n"
        "```python\nfrom acme_billing import BillingClient\n"
        'BillingClient().charge("cus_1", 500)\n```\n\n'
        "Refunds go through `BillingClient.refund`.\n"
    ),
    "docs/billing/invoices.rst": (
        "Invoices\n========\n\n"
        "Create one with :func:`acme_billing.create_invoice`; cancel one with\n"
        ":func:`acme_billing.void_invoice`.\n"
    ),
    # a sentence of its own: a page that only rendered the class would list no change to it
    "docs/billing/reference.md": ("# Reference\n\n::: acme_billing.BillingClient\n\n"
                                  "The client's methods, from its docstrings.\n"),
    "docs/sdk/audit.mdx": (
        "# Audit trail\n\n"
        "`AuditClient.getAudit` returns one page; tune it with `AuditOptions.pageSize`.\n"
    ),
    "docs/sdk/events.md": (
        "# Events\n\nList them with `AuditClient.listEvents`; each one links to its\n"
        "`AuditClient.getAudit` page.\n"
    ),
    "docs/api/rest.md": (
        "# REST API\n\n"
        "`POST /api/v1/charges` charges a customer; the body carries `customer` and `cents`.\n"
    ),
    "docs/sdk/billing.mdx": (
        "# Billing from the browser\n\n"
        "```ts\nawait client.billing.createCharge({ customer: 'cus_1', cents: 500 });\n```\n"
    ),
    "docs/guide.md": "# Guide\n\nInstall `@acme/web-sdk` and `acme-billing`, then read on.\n",
    "docs/sdk/theming.md": (
        "# Theming\n\nThe widget's colours live in `web-sdk/src/theme.css`; override them in "
        "your app.\n"
    ),
    "docs/releases/v2.0.md": (
        "# 2.0\n\n- New: `formatAuditEntry` renders one entry of the audit trail.\n"
    ),
}

PR_FILES: dict[str, str | None] = {
    "packages/billing-py/src/acme_billing/_client.py": BASE_FILES[
        "packages/billing-py/src/acme_billing/_client.py"
    ].replace(
        "    def charge(self, customer_id: str, cents: int) -> dict:\n"
        '        payload = {"customer": customer_id, "amount": cents}\n',
        '    def charge(self, customer_id: str, cents: int, currency: str = "usd") -> dict:\n'
        '        payload = {"customer": customer_id, "amount": cents, "currency": currency}\n',
    ),
    "packages/billing-py/src/acme_billing/invoices.py": BASE_FILES[
        "packages/billing-py/src/acme_billing/invoices.py"
    ].split("\n\ndef void_invoice")[0] + "\n",
    "packages/billing-py/src/acme_billing/__init__.py": (
        '"""Billing for acme."""\n'
        "from ._client import BillingClient\n"
        "from .invoices import INVOICE_STATES, create_invoice\n\n"
        '__all__ = ["BillingClient", "INVOICE_STATES", "create_invoice"]\n'
    ),
    "packages/billing-py/tests/test_client.py": (
        "from acme_billing import BillingClient\n\n\n"
        "def test_charge():\n"
        '    assert BillingClient().charge("c1", 5)["currency"] == "usd"\n'
    ),
    "packages/web-sdk/src/audit.ts": BASE_FILES["packages/web-sdk/src/audit.ts"].replace(
        "  pageSize: number;\n", "  pageSize?: number;\n"
    ).replace("return entry.at;", "return `${entry.at}`;").replace(
        "  listEvents() {\n",
        "  exportEvents(format: string) {\n    return fetch(`/api/v1/events/export/${format}`);\n"
        "  }\n\n  listEvents() {\n"),
    "packages/web-sdk/package.json": BASE_FILES["packages/web-sdk/package.json"].replace(
        '"5.4.0"', '"5.6.0"'
    ),
    "packages/web-sdk/src/theme.css": "body { color: #111; }\n",
    "packages/web-sdk/src/print.css": "body { margin: 1cm; }\n",
    "docs/adr/0002-charge-currency.md": (
        "# 2. Charges carry their currency\n\nEvery charge payload names its currency.\n"
    ),
}

PR_MESSAGE = "billing: charge in usd; drop void_invoice; sdk: audit tweaks\n\nCloses #12\n"
"""The PR's one commit: its closing keyword is what the contract preset's trailers gate refuses
(card relations belong in the PR body)."""

PR_BODY = "Charge in USD, drop `void_invoice`, and export audit events.\n"
"""The PR's description: no declaration lines, which only the contract preset asks for."""
