import { describe, expect, it } from 'vitest'
import { restoredApplies } from '@/features/scanning'
import { packagingDraft } from './draft.ts'
import { initialPackaging } from './state.ts'
import { orderView } from '../../testing/packaging.ts'

const shown = (status: 'packed' | 'labelled', name = 'ML-P0001', edit: [] | null = null) => ({
  ...initialPackaging,
  view: orderView({ order: { ...orderView().order, name, status } }),
  edit,
})

describe('packaging draft banner (issue 31)', () => {
  it('drops a fully labelled order, keeps one with parcels to label or a change being made', () => {
    const saved = (state: ReturnType<typeof shown>) => packagingDraft.save(state)
    expect(packagingDraft.open?.(saved(shown('labelled')))).toBe(false)
    expect(packagingDraft.open?.(saved(shown('packed')))).toBe(true)
    expect(packagingDraft.open?.(saved(shown('labelled', 'ML-P0001', [])))).toBe(true)
  })

  it('names the order only while it is the one on screen', () => {
    expect(restoredApplies(packagingDraft, shown('packed'), 'ML-P0001')).toBe(true)
    expect(restoredApplies(packagingDraft, shown('packed', 'ML-P0002'), 'ML-P0001')).toBe(false)
  })

  it('says what the banner gives back: the order, and the change of its parcels being made', () => {
    const banner = (state: ReturnType<typeof shown>) => packagingDraft.describe(packagingDraft.save(state))
    expect(banner(shown('packed', 'ML-P0001', []))).toBe('commande ML-P0001, colis en cours de modification')
    expect(banner(shown('packed'))).toBe('commande ML-P0001')
  })
})
