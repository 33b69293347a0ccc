// CSV for spreadsheets (RFC 4180), safe to open: every cell is quoted, and
// a cell a spreadsheet would run as a formula (starting with = + - @, or a
// tab or carriage return that some strip first) is prefixed with ' so it
// stays text (OWASP "CSV injection").

const formulaStart = /^[=+\-@\t\r]/;

/** csvCell quotes one value. */
export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** csv joins rows with CRLF, after a byte order mark so spreadsheets read UTF-8. */
export function csv(rows: string[][]): string {
  return '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
