// Rows into PostgreSQL by COPY … FROM STDIN (text format), for the scale seed (docs/scale.md, "The seed").
// The column list of every table comes from its Drizzle schema object: a row is a plain object keyed like a
// Drizzle insert, and only the keys the table has are written, so a row may always carry `athleteId` and a
// table that gains the column (Citus readiness, docs/scale.md) gets it without a change here. Values go
// through each column's own driver mapping (jsonb, timestamps, arrays), then COPY's text escaping.
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** COPY text escaping: backslash, and the three characters that end a field or a row. */
function escaped(text: string): string {
  return text.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

/** A value already in COPY text: a row may carry one in place of a value it shares with many rows. */
export class CopyField {
  constructor(readonly text: string) {}
}

/** A jsonb value as COPY text, serialised once (`text`: already JSON). */
export function jsonField(value: unknown, text = JSON.stringify(value)): CopyField {
  return new CopyField(escaped(text));
}

function field(column: PgColumn, value: unknown): string {
  if (value instanceof CopyField) return value.text;
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Uint8Array) return escaped(`\\x${Buffer.from(value).toString('hex')}`);
  const driver = column.mapToDriverValue(value);
  if (driver === null || driver === undefined) return '\\N';
  if (typeof driver === 'string') return escaped(driver);
  if (driver instanceof Date) return driver.toISOString();
  if (typeof driver === 'object') return escaped(JSON.stringify(driver));
  return String(driver);
}

/** One table's rows of a batch, as COPY text, in the order given. */
export class CopyBuffer {
  readonly name: string;
  private readonly all: Record<string, PgColumn>;
  private columns: Array<[string, PgColumn]> | null = null;
  private chunks: string[] = [];
  rows = 0;

  constructor(table: PgTable) {
    this.name = getTableName(table);
    this.all = getTableColumns(table) as Record<string, PgColumn>;
  }

  /**
   * The first row's keys are the columns written (keys the table lacks are dropped; columns no row names take
   * their defaults); every later row of the table has the same keys.
   */
  add(row: Record<string, unknown>): void {
    this.columns ??= Object.keys(row)
      .filter((key) => key in this.all)
      .map((key) => [key, this.all[key]!]);
    this.chunks.push(`${this.columns.map(([key, column]) => field(column, row[key])).join('\t')}\n`);
    this.rows += 1;
  }

  /** Takes the buffered text (leaves the buffer empty) and the COPY statement for it. */
  take(): { sql: string; text: string } | null {
    if (this.chunks.length === 0 || !this.columns) return null;
    const text = this.chunks.join('');
    this.chunks = [];
    const list = this.columns.map(([, column]) => `"${column.name}"`).join(', ');
    return { sql: `COPY "${this.name}" (${list}) FROM STDIN`, text };
  }
}

/** Runs one COPY of `text` on `client`. */
export async function copyText(client: pg.PoolClient | pg.Client, sql: string, text: string): Promise<void> {
  const stream = client.query(copyFrom(sql));
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
    // Slices of a few MB: one write of a very large string is copied whole into the socket's buffer.
    const SLICE = 4 * 1024 * 1024;
    let offset = 0;
    const pump = () => {
      while (offset < text.length) {
        const ok = stream.write(text.slice(offset, offset + SLICE));
        offset += SLICE;
        if (!ok) {
          stream.once('drain', pump);
          return;
        }
      }
      stream.end();
    };
    pump();
  });
}
