/** Limits shared by the server's checks and the screens' own (one number, one place). */

/** The most units one line of a stock write may carry. */
export const MAX_LINE_QUANTITY = 100_000

/** '100 000': French digit grouping with a plain space, as the messages have always read. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

/** The refusal of a line above MAX_LINE_QUANTITY, the same wherever a quantity is checked. */
export const MAX_LINE_QUANTITY_MESSAGE = `La quantité ne peut dépasser ${grouped(MAX_LINE_QUANTITY)}`

/**
 * A stock write's `validatedAt` (when the worker validated it on the handheld) is taken as a wrong
 * clock, and replaced by the arrival time, when it is further ahead of the server's clock than this:
 * a handheld clock a little fast is tolerated (and capped at the arrival), one that is wrong is not.
 */
export const VALIDATED_AT_MAX_AHEAD_MINUTES = 5
/** …or older than this: well past the 7 days an outbox keeps a write, so only a wrong clock or date. */
export const VALIDATED_AT_MAX_AGE_DAYS = 30
