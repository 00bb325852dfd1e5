/** Limits shared by the server's checks and the screens' own (one number, one place). */

/** The most units one line of a stock write may carry. */
export const MAX_LINE_QUANTITY = 100_000
