import type { ScanResult } from './model/parse.ts'

/** What a screen says of a scan; the pipeline turns it into a tone, a vibration and a flash. */
export type ScanVerdict = 'success' | 'warning' | 'error'

/**
 * A screen's scan handler. Returning nothing means accepted (a warning when the code itself is
 * doubtful, e.g. a wrong check digit). A promise keeps the field busy until the server answers.
 */
export type ScanHandler = (result: ScanResult) => ScanVerdict | void | Promise<ScanVerdict | void>
