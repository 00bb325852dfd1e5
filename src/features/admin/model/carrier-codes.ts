/**
 * The carriers whose integration the server has (server/carriers/registry.ts CARRIER_CODES): it
 * refuses any other code, so the form offers these only. Kept here, not imported: the client
 * never imports the server, and the contract types the code as free text.
 */
export const CARRIER_CODES = ['colissimo', 'chronopost', 'dpd', 'gls', 'mondial-relay', 'ups'] as const

/** The codes a new carrier may take: those of the list not added yet. */
export const freeCarrierCodes = (taken: readonly string[]): string[] =>
  CARRIER_CODES.filter((code) => !taken.includes(code))
