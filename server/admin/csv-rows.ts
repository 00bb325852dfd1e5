/**
 * A CSV file of the admin area read into rows by column name (orders, issue 33; expected
 * deliveries, issue 34), as a spreadsheet exports it: ';' (French Excel), ',' or tab, quoted
 * fields that may hold a line break, a byte-order mark. csv-parse reads the file; this names the
 * columns (other spellings and aliases allowed), refuses an unknown or missing one in French, and
 * keeps each row's first line in the file, so a refusal names the line a person fixes.
 */
import { parse } from 'csv-parse/sync'

export interface CsvRow<C extends string> {
  line: number
  values: Partial<Record<C, string>>
}

export interface CsvShape<C extends string> {
  columns: readonly C[]
  required: readonly C[]
  /** Other names spreadsheets (and French speakers) give the columns, keyed as `key` writes them. */
  aliases: Readonly<Record<string, C>>
  messages: {
    empty: string
    missing: (columns: string[]) => string
    unknown: (columns: string[]) => string
    unreadable: (line: number) => string
  }
}

/** A header's name as the columns are keyed: lower case, no accents, '_' between words. */
function key(name: string, aliases: Readonly<Record<string, string>>): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s.-]+/g, '_')
    .replace(/^_|_$/g, '')
  return aliases[plain] ?? plain
}

function separatorOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/))
  const count = (c: string) => first.split(c).length - 1
  return ['\t', ',', ';'].reduce((best, c) => (count(c) > count(best) ? c : best), ';')
}

/** The file's rows by column name, each with its first line in the file; or why it cannot be read. */
export function readCsvRows<C extends string>(
  text: string,
  shape: CsvShape<C>,
): { rows: CsvRow<C>[] } | { refused: string } {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    // With `info`, csv-parse answers each record with its position (its types do not say so).
    // Line breaks made '\n' first: csv-parse counts a quoted '\r\n' as two lines.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      // A quote inside an unquoted field ('12 rue du "Moulin"') is a letter, as spreadsheets read it.
      relax_quotes: true,
      info: true,
    }) as unknown as typeof records
  } catch (error) {
    // csv-parse's own message is English: the line it stopped at is what a person needs.
    return { refused: shape.messages.unreadable((error as { lines?: number }).lines ?? 1) }
  }
  const [head, ...body] = records
  if (!head || body.length === 0) return { refused: shape.messages.empty }
  const names = head.record.map((name) => key(name, shape.aliases))
  const unknown = head.record.filter(
    (name, i) => name.trim() !== '' && !(shape.columns as readonly string[]).includes(names[i] ?? ''),
  )
  if (unknown.length > 0) return { refused: shape.messages.unknown(unknown) }
  const missing = shape.required.filter((c) => !names.includes(c))
  if (missing.length > 0) return { refused: shape.messages.missing([...missing]) }
  return {
    rows: body.flatMap(({ record, info }) => {
      // info.lines is the record's last line: a quoted line break inside it moves its first one up.
      const breaks = record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0)
      const values: CsvRow<C>['values'] = {}
      record.forEach((value, i) => {
        const column = names[i] as C
        if (column && value.trim() !== '') values[column] = value.trim()
      })
      // A row of separators only (';;;;', as a spreadsheet leaves under its data) is an empty line.
      return Object.keys(values).length === 0 ? [] : [{ line: info.lines - breaks, values }]
    }),
  }
}
