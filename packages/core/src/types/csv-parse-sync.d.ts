// The part of csv-parse's sync API that wellness/csv.ts uses, so that core typechecks before `npm install` has
// brought csv-parse (packages/core/package.json). Once it is installed its own types are the ones used: delete
// this file then.
declare module 'csv-parse/sync' {
  export class CsvError extends Error {
    readonly code: string;
    readonly lines?: number;
  }
  export function parse(
    input: string,
    options: {
      delimiter: string;
      on_record: (record: string[], context: { bytes: number; lines: number }) => null;
      [option: string]: unknown;
    },
  ): unknown[];
}
