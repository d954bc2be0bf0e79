/** A readers CSV (`npm run readers -- import`): its readers, or every malformed line by number. Pure. */
import {parse as parseCsv} from 'csv-parse/sync';
import {normaliseEmail} from '../../contracts/email';
import {inviteProblem} from './commandLine';

export interface CsvReader {
  email: string;
  /** From a `name` column, for the new account's displayName; null when absent or blank. */
  name: string | null;
  line: number;
}

export interface CsvProblem {
  line: number;
  message: string;
}

/**
 * One CSV record on one line (csv-parse, RFC 4180: double quotes protect commas, `""` is a quote).
 * Null for a line that is not one record (an unclosed quote). Line by line, so that every problem
 * keeps its line number.
 */
function splitCsvLine(line: string): string[] | null {
  try {
    const [record] = parseCsv(line, {trim: true, relax_quotes: true}) as string[][];
    return record ?? [];
  } catch {
    return null;
  }
}

/**
 * A readers CSV: a header naming an `email` column (other columns allowed; `name` is used), then
 * one reader a line; blank lines are skipped. Every line is checked, so that the operator sees
 * all problems at once, by line number (from 1), and an import changes nothing unless there is none.
 */
export function parseReadersCsv(text: string): {readers: CsvReader[]; problems: CsvProblem[]} {
  // Spreadsheets often save a byte-order mark before the header.
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex === -1) return {readers: [], problems: [{line: 1, message: 'the file is empty; expected a header line "email"'}]};
  const header = (splitCsvLine(lines[headerIndex]!) ?? []).map((column) => column.trim().toLowerCase());
  const emailColumn = header.indexOf('email');
  if (emailColumn === -1) {
    return {
      readers: [],
      problems: [{line: headerIndex + 1, message: 'the header line must name an "email" column, such as "email" or "email,name"'}],
    };
  }
  const nameColumn = header.indexOf('name');
  const readers: CsvReader[] = [];
  const problems: CsvProblem[] = [];
  const firstLineOf = new Map<string, number>();
  lines.forEach((text, index) => {
    const line = index + 1;
    if (index <= headerIndex || text.trim() === '') return;
    const fields = splitCsvLine(text);
    if (fields === null) return problems.push({line, message: 'a quoted field is not closed'});
    if (fields.length !== header.length) {
      return problems.push({line, message: `${fields.length} field(s), but the header has ${header.length}`});
    }
    const raw = fields[emailColumn]!;
    const problem = inviteProblem(raw);
    if (problem) return problems.push({line, message: problem});
    const email = normaliseEmail(raw);
    const first = firstLineOf.get(email);
    // Twice the same address is likely a copy mistake (which name is right?): let the operator decide.
    if (first !== undefined) return problems.push({line, message: `${email} is already on line ${first}`});
    firstLineOf.set(email, line);
    readers.push({email, name: nameColumn === -1 ? null : fields[nameColumn]!.trim() || null, line});
  });
  return {readers, problems};
}
