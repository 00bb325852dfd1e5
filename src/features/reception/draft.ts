/**
 * What the reception screen keeps on the device between two visits (useScanFlow's draft,
 * docs/scan-screen.md): the destination, the lines, the refused write they correct and the
 * expected delivery chosen, so a reload or a killed tab gives them back with a banner. The figures
 * of the delivery are not kept: they are read again (model.ts `restore` puts a draft back).
 */
import { totalsText } from '@/features/scanning'
import type { ExpectedChoice } from './expected.ts'
import { countArticles, type Line, type ReceptionEvent, type ReceptionState } from './model.ts'
import { text } from './text.ts'

export interface SavedReception {
  destination: string | null
  lines: Line[]
  replaces: number | null
  /** Absent from a draft kept before expected deliveries: a reception without notice. */
  expected?: ExpectedChoice | null
}

/** Nothing to keep without lines, a correction or a delivery chosen. */
export function saveReception(state: ReceptionState): SavedReception | null {
  const { destination, lines, replaces, expected } = state
  if (lines.length === 0 && replaces === null && expected === null) return null
  return { destination, lines, replaces, expected }
}

/** What the banner says was restored: '2 lignes, 3 articles', with the delivery when one was chosen. */
export function describeSaved(saved: SavedReception) {
  const totals = totalsText(saved.lines.length, countArticles(saved.lines))
  if (!saved.expected) return totals
  const chosen = text.chosen(saved.expected.reference)
  return saved.lines.length === 0 ? chosen : `${chosen} · ${totals}`
}

export const receptionDraft = (shopSlug: string) => ({
  screen: 'reception',
  scope: shopSlug,
  save: saveReception,
  restore: (saved: unknown): ReceptionEvent => ({ type: 'restored', saved: saved as SavedReception }),
  describe: (saved: unknown) => describeSaved(saved as SavedReception),
})
