"""`govern check docs-refs`: docs lines that name code that does not exist (issue 15)."""
