import { statisticToday, type StatisticToday } from '@contract'
import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportServerReached } from '@/lib/network-status'
import { renderWithRouter } from '../../../../tests/client/render-with-router.tsx'
import { handle } from '../../../../tests/msw/contract.ts'
import { REFRESH_MS } from '../api.ts'
import { text } from '../text.ts'
import { sampleDay } from '../../../testing/statistics.ts'
import { TodayPanel } from './today-panel.tsx'

/** What the server answers now: a day, or no answer at all. */
let answer: () => StatisticToday | Response
let calls = 0
const server = setupServer(
  handle(statisticToday, () => {
    calls++
    return answer()
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  calls = 0
  answer = () => sampleDay(new Date().toISOString())
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  reportServerReached(true)
})
afterAll(() => server.close())

const renderPanel = (roles: string[] = ['Picking', 'Barcode']) =>
  renderWithRouter(() => <TodayPanel roles={roles} />)

const tile = (label: string) =>
  screen
    .getAllByText(label)
    .find((el) => el.tagName === 'DT')
    ?.closest('dl') as HTMLElement

describe("the home screen's figures of the day", () => {
  it('shows each shop with its orders to pick by type, the busiest one leading, and the day’s work', async () => {
    renderPanel()
    const cards = await screen.findAllByTestId('shop-ready')
    expect(cards.map((c) => within(c).getByText(/Atelier Vélo|Maison Lumière/).textContent)).toEqual([
      'Atelier Vélo',
      'Maison Lumière',
    ])
    const [velo, lumiere] = cards as [HTMLElement, HTMLElement]
    expect(within(velo).getByText('12 commandes à préparer · 24 unités')).toBeInTheDocument()
    expect(within(velo).getByText('Mono : 4')).toBeInTheDocument()
    expect(within(velo).getByText('Multi cadeau : 8')).toBeInTheDocument()
    expect(within(velo).queryByText(/Multi personnalisée/)).toBeNull()
    const prepare = within(lumiere).getByRole('link', { name: 'Préparer Maison Lumière' })
    expect(prepare).toHaveAttribute('href', '/warehouse/picking/maison-lumiere')
    // The busiest shop's button is the screen's lead action: filled, within the moving border.
    expect(prepare).toHaveAttribute('data-variant', 'filled')
    expect(within(velo).getByRole('link', { name: 'Préparer Atelier Vélo' })).toHaveAttribute(
      'data-variant',
      'light',
    )

    expect(within(tile('Préparées')).getByText('25')).toBeInTheDocument()
    expect(within(tile('Unités réceptionnées')).getByText('120')).toBeInTheDocument()
    // The figure counts orders on the lists printed today, and says so (10 + 20, not a number of lists).
    expect(within(tile('Commandes sur listes imprimées')).getByText('30')).toBeInTheDocument()
    expect(screen.queryByText('Listes imprimées')).toBeNull()
    // Returns in the warehouse that are not in the user's shops: said beside his figure.
    expect(within(tile('Retours reçus')).getByText('Entrepôt : 3')).toBeInTheDocument()
    expect(within(tile('Préparées')).queryByText(/Entrepôt/)).toBeNull()
    expect(await screen.findByRole('img', { name: text.chartLabel })).toBeInTheDocument()
  })

  it('lists the carriers waiting, the late one first, with the time left to each pickup', async () => {
    renderPanel()
    const list = (await screen.findByText('Enlèvements')).closest(
      '.mantine-Card-root, [class*="Card-root"]',
    ) as HTMLElement
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByText(/Colissimo|DPD/).textContent)).toEqual(['DPD', 'Colissimo'])
    expect(within(rows[0] as HTMLElement).getByText('passé de 30 min')).toBeInTheDocument()
    expect(within(rows[1] as HTMLElement).getByText('dans 30 min')).toBeInTheDocument()
    expect(within(rows[1] as HTMLElement).getByText('12 colis · 14,3 kg')).toBeInTheDocument()
    expect(within(list).getByRole('link', { name: 'Bordereaux' })).toHaveAttribute(
      'href',
      '/warehouse/carrier-slip',
    )
  })

  it('offers no picking or slip links to a user without those roles', async () => {
    renderPanel(['ReturnProduct'])
    await screen.findAllByTestId('shop-ready')
    expect(screen.queryByRole('link', { name: /^Préparer/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Bordereaux' })).toBeNull()
  })

  it('refreshes the figures every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderPanel()
    await screen.findAllByTestId('shop-ready')
    expect(within(tile('Préparées')).getByText('25')).toBeInTheDocument()
    answer = () => {
      const day = sampleDay(new Date().toISOString())
      ;(day.shops[1] as StatisticToday['shops'][number]).figures.picked = 20
      return day
    }
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS))
    expect(await within(tile('Préparées')).findByText('28')).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('keeps the last figures, dated, when the network is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const at = new Date().toISOString()
    answer = () => sampleDay(at)
    renderPanel()
    await screen.findAllByTestId('shop-ready')
    expect(screen.getByRole('status')).toHaveTextContent(text.at(text.time(at)))
    answer = () => HttpResponse.error()
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS))
    expect(await screen.findByText(text.offlineAt(text.time(at)))).toBeInTheDocument()
    expect(within(tile('Préparées')).getByText('25')).toBeInTheDocument()
  })

  it('says when the figures cannot be loaded, and tries again on demand', async () => {
    answer = () => HttpResponse.json({ code: 'server', message: 'Erreur' }, { status: 500 })
    renderPanel()
    const retry = await screen.findByRole('button', { name: text.retry })
    expect(screen.getByText(text.loadFailed)).toBeInTheDocument()
    answer = () => sampleDay(new Date().toISOString())
    await userEvent.click(retry)
    expect(await screen.findAllByTestId('shop-ready')).toHaveLength(2)
  })
})
