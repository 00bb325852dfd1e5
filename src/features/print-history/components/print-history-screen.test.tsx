import 'fake-indexeddb/auto'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDbForTests } from '@/lib/db'
import { addPrintLogEntries, addPrintLogEntry } from '../api.ts'
import { entryFromElement } from '../model.ts'
import { PrintHistoryScreen } from './print-history-screen.tsx'
import { inParis } from '../../../../tests/client/paris-time.ts'

beforeEach(() => resetDbForTests())
afterEach(() => vi.restoreAllMocks())

const at = (minute: number) => inParis(2026, 10, 23, 14, minute, 12)

function renderScreen(onReprint = vi.fn()) {
  const queryClient = new QueryClient()
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <PrintHistoryScreen onReprint={onReprint} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return onReprint
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Historique des impressions' }))
    .getAllByRole('row')
    .slice(1)

describe('PrintHistoryScreen', () => {
  it('shows the empty state when nothing was printed', async () => {
    renderScreen()
    expect(await screen.findByText("Aucune impression pour l'instant.")).toBeInTheDocument()
  })

  it('lists entries newest first with date, name and type, and a link only when there is one', async () => {
    await addPrintLogEntry(entryFromElement({ title: 'Emplacement A-01', url: 'https://x/a.pdf' }, '', at(1)))
    await addPrintLogEntry(entryFromElement({ title: 'Liste mono' }, 'mono_gift', at(2)))
    renderScreen()
    await screen.findByText('Liste mono')
    const [first, second] = rows()
    expect(within(first!).getByText('23/11/2026 14:02:12')).toBeInTheDocument()
    expect(within(first!).getByText('mono_gift')).toBeInTheDocument()
    expect(within(first!).queryByRole('link')).toBeNull()
    expect(within(second!).getByText('Emplacement A-01')).toBeInTheDocument()
    const link = within(second!).getByRole('link', { name: /Ouvrir/ })
    expect(link).toHaveTextContent('Ouvrir')
    expect(link).toHaveAttribute('href', 'https://x/a.pdf')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it("calls onReprint with the entry of the 'Réimprimer' button", async () => {
    await addPrintLogEntry(entryFromElement({ title: 'Caisse 7', url: 'u' }, 'multi', at(3)))
    const onReprint = renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: 'Réimprimer Caisse 7' }))
    expect(onReprint).toHaveBeenCalledTimes(1)
    expect(onReprint.mock.calls[0]?.[0]).toMatchObject({
      name: 'Caisse 7',
      type: 'multi',
      link: 'u',
      id: expect.any(Number),
    })
  })

  it('keeps the button busy while the reprint runs, so a second tap does not print twice', async () => {
    await addPrintLogEntry(entryFromElement({ title: 'Caisse 8', url: 'u' }, '', at(4)))
    let finish = () => {}
    const onReprint = renderScreen(vi.fn(() => new Promise<void>((resolve) => (finish = resolve))))
    const button = await screen.findByRole('button', { name: 'Réimprimer Caisse 8' })
    fireEvent.click(button)
    await waitFor(() => expect(button).toBeDisabled())
    fireEvent.click(button)
    expect(onReprint).toHaveBeenCalledTimes(1)
    finish()
    await waitFor(() => expect(button).toBeEnabled())
  })

  it('shows 50 entries, then the next ones on demand', async () => {
    await addPrintLogEntries(
      Array.from({ length: 60 }, (_, i) => entryFromElement({ title: `Doc ${i}` }, '', at(i))),
    )
    renderScreen()
    await screen.findByText('Doc 59')
    expect(rows()).toHaveLength(50)
    expect(screen.queryByText('Doc 9')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Afficher plus' }))
    expect(await screen.findByText('Doc 0')).toBeInTheDocument()
    expect(rows()).toHaveLength(60)
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull()
  })

  it('shows a print logged while it is open', async () => {
    renderScreen()
    await screen.findByText("Aucune impression pour l'instant.")
    await addPrintLogEntry(entryFromElement({ title: 'Nouvelle étiquette' }, '', at(4)))
    expect(await screen.findByText('Nouvelle étiquette')).toBeInTheDocument()
  })

  it('shows stacked cards on a narrow screen', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    )
    await addPrintLogEntry(
      entryFromElement({ title: 'Étiquette produit', url: 'https://x/p.pdf' }, '', at(5)),
    )
    renderScreen()
    const item = await screen.findByRole('listitem')
    expect(screen.queryByRole('table')).toBeNull()
    expect(within(item).getByText('Étiquette produit')).toBeInTheDocument()
    expect(within(item).getByText('23/11/2026 14:05:12')).toBeInTheDocument()
    expect(within(item).getByRole('link', { name: /Ouvrir/ })).toHaveAttribute('href', 'https://x/p.pdf')
    expect(within(item).getByRole('button', { name: /Réimprimer/ })).toBeInTheDocument()
  })
})
