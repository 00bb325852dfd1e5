import { describe, expect, it } from 'vitest'
import {
  checkSearch,
  fileHref,
  fileKind,
  foundBy,
  isExpired,
  lineQuantities,
  orderToOpen,
  searchView,
  timelineItems,
} from './model.ts'
import { detailLine, summary } from '../../testing/order-information.ts'
import { inParis } from '../../../tests/client/paris-time.ts'

/** An ISO instant built from local parts, so the expected French text does not hang on the machine's zone. */
const local = (y: number, mo: number, d: number, h: number, mi: number) =>
  inParis(y, mo - 1, d, h, mi).toISOString()

describe('checkSearch', () => {
  it('takes the text trimmed', () => {
    expect(checkSearch('  CMD-1001 ')).toEqual({ ok: true, q: 'CMD-1001' })
  })

  it("refuses a text too short with the contract's message", () => {
    expect(checkSearch(' a ')).toEqual({ ok: false, message: 'Saisissez au moins 2 caractères' })
  })

  it('refuses a text too long', () => {
    expect(checkSearch('x'.repeat(129))).toEqual({ ok: false, message: 'Au plus 128 caractères' })
  })
})

describe('orderToOpen', () => {
  it('opens the only order found', () => {
    expect(orderToOpen({ results: [summary('CMD-1')], truncated: false })).toBe('CMD-1')
  })

  it('opens nothing when there are several, none, or more than listed', () => {
    expect(orderToOpen({ results: [summary('CMD-1'), summary('CMD-2')], truncated: false })).toBeNull()
    expect(orderToOpen({ results: [], truncated: false })).toBeNull()
    expect(orderToOpen({ results: [summary('CMD-1')], truncated: true })).toBeNull()
  })
})

describe('searchView', () => {
  it('is idle without a search', () => {
    expect(searchView(undefined, {})).toEqual({ kind: 'idle' })
    expect(searchView('  ', {})).toEqual({ kind: 'idle' })
  })

  it('says why a search is refused before asking the server', () => {
    expect(searchView('a', {})).toEqual({ kind: 'invalid', message: 'Saisissez au moins 2 caractères' })
  })

  it('is loading until the answer, and says a failure in French', () => {
    expect(searchView('CMD', {})).toEqual({ kind: 'loading', message: 'Recherche de « CMD »…' })
    expect(
      searchView('CMD', { error: new Error('Serveur injoignable. Vérifiez la connexion réseau.') }),
    ).toEqual({
      kind: 'error',
      message: 'Serveur injoignable. Vérifiez la connexion réseau.',
    })
  })

  it('says when nothing matches', () => {
    expect(searchView(' Durand ', { data: { results: [], truncated: false } })).toEqual({
      kind: 'none',
      message: 'Aucune commande ne correspond à « Durand ».',
    })
  })

  it('lists the results, and asks to refine a cut list', () => {
    const results = [summary('CMD-1'), summary('CMD-2')]
    expect(searchView('Durand', { data: { results, truncated: false } })).toEqual({
      kind: 'results',
      title: '2 commandes pour « Durand »',
      results,
      truncated: null,
    })
    const cut = searchView('Du', { data: { results, truncated: true } })
    expect(cut).toMatchObject({ kind: 'results', truncated: 'Plus de 20 commandes : précisez la recherche.' })
  })

  it("says a scan's failed search over whatever the URL shows", () => {
    const data = { results: [summary('CMD-1')], truncated: false }
    const failure = { q: 'Durand', message: 'Serveur injoignable. Vérifiez la connexion réseau.' }
    expect(searchView('CMD', { data }, failure)).toEqual({ kind: 'error', message: failure.message })
    expect(searchView(undefined, {}, failure)).toEqual({ kind: 'error', message: failure.message })
  })

  it('keeps the last answer on screen when a refresh fails', () => {
    const data = { results: [summary('CMD-1')], truncated: false }
    expect(searchView('CMD', { data, error: new Error('x') })).toMatchObject({ kind: 'results' })
  })
})

it('says what matched', () => {
  expect(foundBy({ by: 'tracking', value: '8L00000000011' })).toBe(
    'Trouvée par : Numéro de suivi 8L00000000011',
  )
  expect(foundBy({ by: 'batch', value: 'ML-MONO-0042' })).toBe('Trouvée par : Liste de picking ML-MONO-0042')
})

describe('timelineItems', () => {
  it('reads oldest first, with the status labels, who and why', () => {
    const items = timelineItems([
      {
        at: local(2025, 5, 12, 14, 0),
        from: 'picking',
        to: 'on_hold',
        user: 'Lucas Bernard',
        reason: 'Article abîmé',
      },
      { at: local(2025, 5, 12, 9, 0), from: null, to: 'to_pick', user: null, reason: null },
    ])
    expect(items.map(({ at, title, who, reason }) => ({ at, title, who, reason }))).toEqual([
      { at: '12/05/2025 09:00', title: 'Créée : Prête à préparer', who: 'par Système', reason: null },
      {
        at: '12/05/2025 14:00',
        title: 'En préparation → En attente',
        who: 'par Lucas Bernard',
        reason: 'Article abîmé',
      },
    ])
  })
})

describe('lineQuantities', () => {
  const line = detailLine({ quantity: 3, picked: 2, short: 1, packed: 2, shipped: 0, returned: 0 })
  const value = (status: Parameters<typeof lineQuantities>[1], key: string) =>
    lineQuantities(line, status).find((q) => q.key === key)?.value

  it('gives every count in order, with its French label', () => {
    expect(lineQuantities(line, 'packed').map((q) => `${q.label} ${q.value}`)).toEqual([
      'Commandé 3',
      'Prélevé 2',
      'Manquant 1',
      'Emballé 2',
      'Expédié 0',
      'Retourné 0',
      'Reste à expédier 3',
    ])
  })

  it('leaves nothing to ship once the order has left or was cancelled', () => {
    expect(value('shipped', 'remaining')).toBe(0)
    expect(value('returned', 'remaining')).toBe(0)
    expect(value('cancelled', 'remaining')).toBe(0)
  })

  it('counts what has not left yet', () => {
    const partly = detailLine({ quantity: 5, shipped: 2 })
    expect(lineQuantities(partly, 'labelled').find((q) => q.key === 'remaining')?.value).toBe(3)
  })

  it('does not count units cancelled on the line (shipped without its missing units)', () => {
    const partial = detailLine({ quantity: 2, picked: 1, short: 1, cancelled: 1 })
    expect(lineQuantities(partial, 'picked').find((q) => q.key === 'remaining')?.value).toBe(1)
  })
})

describe('files', () => {
  it('shows pictures, prints PDFs, only opens the rest', () => {
    expect(fileKind({ name: 'visuel.png', type: 'image/png', url: '/f/1' })).toBe('image')
    expect(fileKind({ name: 'bat.pdf', type: 'application/pdf', url: '/f/2' })).toBe('pdf')
    expect(fileKind({ name: 'BAT.PDF', type: 'application/octet-stream', url: '/f/3' })).toBe('pdf')
    expect(fileKind({ name: 'notes.txt', type: 'text/plain', url: '/f/4' })).toBe('other')
  })

  it("opens a server path on the API's host, a full link as it is", () => {
    expect(fileHref('/rest/files/1', 'https://api.example.fr')).toBe('https://api.example.fr/rest/files/1')
    expect(fileHref('https://cdn.example.fr/1.png', 'https://api.example.fr')).toBe(
      'https://cdn.example.fr/1.png',
    )
  })
})

it('treats a label link about to run out as expired', () => {
  const now = Date.parse('2025-05-12T10:00:00Z')
  const doc = (expiresAt: string) => ({ title: 'Étiquette', url: '/l', format: 'zpl' as const, expiresAt })
  expect(isExpired(doc('2025-05-12T10:30:00Z'), now)).toBe(false)
  expect(isExpired(doc('2025-05-12T10:00:30Z'), now)).toBe(true)
  expect(isExpired(doc('2025-05-12T09:00:00Z'), now)).toBe(true)
})
