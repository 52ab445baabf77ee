// What an answer must never carry to a client: a stack trace, or SQL and database texts (the
// contract fuzz and the raw route fuzz check every message against these).

export const STACK = /\n\s+at |\bat [\w$.<>]+ \(.*:\d+:\d+\)|node_modules|\.ts:\d+/;
export const SQL_TEXT =
  /\b(select\s+[\w"*]+.*\bfrom|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|syntax error|relation "|violates|duplicate key|invalid input syntax|out of range for type|column "|pglite|postgres|drizzle)\b/i;
