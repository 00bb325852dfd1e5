/**
 * An expected reception as the server answers it (contract reception-views.ts), for the reception
 * tests: 'LIV-2026-001' announces 2 cups and 1 bowl; `received` sets what the server has counted.
 */
import type { ExpectedReception, ExpectedReceptionSummary, ReceptionLineState } from '@contract'

export const cup = { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue' }
export const bowl = { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge' }
export const plate = { sku: 'SKU-3', ean13: '3700000000037', name: 'Assiette' }

const stateOf = (expected: number, received: number): ReceptionLineState =>
  received < expected ? 'short' : received === expected ? 'complete' : 'over'

export function notice(
  received: { cup?: number; bowl?: number; plate?: number } = {},
  over: Partial<ExpectedReception> = {},
): ExpectedReception {
  const line = (p: typeof cup, expected: number, got: number) => ({
    ...p,
    expected,
    received: got,
    difference: got - expected,
    state: stateOf(expected, got),
  })
  return {
    id: 7,
    reference: 'LIV-2026-001',
    expectedDate: '2026-12-01',
    status: 'open',
    createdAt: '2026-11-20T09:00:00.000Z',
    completedAt: null,
    completedBy: null,
    lines: [line(cup, 2, received.cup ?? 0), line(bowl, 1, received.bowl ?? 0)],
    unexpected: received.plate ? [{ ...plate, received: received.plate }] : [],
    ...over,
  }
}

/** The notice as the screen's list shows it. */
export function summary(n: ExpectedReception = notice()): ExpectedReceptionSummary {
  const { id, reference, expectedDate, status, createdAt, completedAt } = n
  return {
    id,
    reference,
    expectedDate,
    status,
    source: 'api',
    createdAt,
    completedAt,
    cancelledAt: null,
    lineCount: n.lines.length,
    expectedUnits: n.lines.reduce((s, l) => s + l.expected, 0),
    receivedUnits:
      n.lines.reduce((s, l) => s + l.received, 0) + n.unexpected.reduce((s, u) => s + u.received, 0),
  }
}

export const choice = { id: 7, reference: 'LIV-2026-001' }
