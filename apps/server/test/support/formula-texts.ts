// Texts a user may type that a spreadsheet would take for a formula (OWASP's CSV-injection starts:
// `=`, `+`, `-`, `@`, a tab, a carriage return), for the formula-injection tests (ADR 0024).
export const FORMULA_TEXTS = [
  '=HYPERLINK("http://x","y")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  "=cmd|' /C calc'!A0",
] as const;

/** What a text reads back as from XML: a carriage return becomes a line feed (XML's line ends). */
export const asXmlReadsIt = (text: string) => text.replace(/\r\n?/g, '\n');
