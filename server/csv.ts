/**
 * CSV, once (issue 64): every export the organisers download (the inbox's forms, the attendees, the feedback,
 * the Rota) is written here, RFC 4180, so a spreadsheet opens them alike and runs none of their cells.
 * csv-stringify: quotes a cell with a comma, quote or line break (quoted_match adds a lone CR or LF);
 * escape_formulas puts an apostrophe before a cell starting with = + - @ tab or CR (OWASP "CSV injection").
 */
import { stringify } from "csv-stringify/sync";

export function toCsv(rows: string[][]): string {
  return stringify(rows, { bom: true, record_delimiter: "windows", escape_formulas: true, quoted_match: /[\r\n]/ });
}
