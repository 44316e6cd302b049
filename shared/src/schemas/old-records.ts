import { z } from 'zod';

/**
 * The answers of the old-record entry and its CSV import (spec 2 §2 "Old-application entry";
 * docs/decisions/039-old-records-import.md). Each schema is the contract the client reads and the
 * OpenAPI document shows.
 */

/** Rows one CSV file may hold; a longer register is sent as several files. */
export const OLD_IMPORT_MAX_ROWS = 10_000;
/** Bytes one CSV file may have: ten thousand rows of long Bangla text (3 bytes a letter) fit. */
export const OLD_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/**
 * Characters one row may have: a register row of 21 columns is a few hundred; this leaves room
 * for long addresses and notes. A longer one is refused as it is read, before csv-parse has to
 * hold it (an 8 MB one-line file took 37 s to refuse and held up other requests).
 */
export const OLD_IMPORT_MAX_RECORD_CHARS = 20_000;

/** POST /api/staff/old-records: what was created. */
export const oldRecordCreatedSchema = z.object({
  applicationId: z.string().uuid(),
  applicationNumber: z.number().int(),
  licenceId: z.string().uuid(),
  licenceNumber: z.number().int(),
});
export type OldRecordCreated = z.infer<typeof oldRecordCreatedSchema>;

/** One data row of the file: its row in the spreadsheet (the header is row 1) and what is wrong with it. */
export const oldImportRowSchema = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  licenceNumber: z.string(),
  applicantName: z.string(),
  /** Bangla, one per problem: "<field>: <message>". */
  errors: z.array(z.string()),
});
export type OldImportRow = z.infer<typeof oldImportRowSchema>;

/** The dry run's answer, and the report a refused import carries (IMPORT_ROWS_INVALID). */
export const oldImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True only on an import that wrote every row. */
  imported: z.boolean(),
  totals: z.object({ rows: z.number().int(), ok: z.number().int(), withErrors: z.number().int() }),
  /** Header cells that name no field: read past, never imported. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(oldImportRowSchema),
});
export type OldImportReport = z.infer<typeof oldImportReportSchema>;
