import { endpoints } from '@contract'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { LocationLabels } from './location-labels.tsx'

const server = setupServer(
  handle(endpoints.locationFindPrefix, async ({ request }) => {
    const { prefix } = (await request.json()) as { prefix: string }
    const names = ['A-01-01-01', 'A-01-01-02', 'A-01-02-01'].filter((n) => n.startsWith(prefix))
    return { locations: names.map((name) => ({ name })), total: names.length }
  }),
  handle(endpoints.locationLabels, async ({ request }) => {
    const { names, format } = (await request.json()) as { names: string[]; format: 'pdf' | 'zpl' }
    return {
      title: `Étiquettes emplacement (${names.length})`,
      url: 'http://x/rest/documents/t',
      format,
      expiresAt: '',
    }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function renderScreen(onPrint = vi.fn().mockResolvedValue(undefined), format?: 'pdf' | 'zpl') {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <LocationLabels onPrint={onPrint} format={format} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return onPrint
}

describe('location labels', () => {
  it('previews the locations of a prefix and prints their labels as one document', async () => {
    const onPrint = renderScreen()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Emplacement'), 'A-01-01{Enter}')
    // The prefix is its own nowrap span: a location code never breaks at its hyphens.
    expect(await screen.findByText(/^2 emplacements pour/)).toHaveTextContent(
      '2 emplacements pour « A-01-01 »',
    )
    expect(screen.getByText('A-01-01-02')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Imprimer 2 étiquettes' }))
    await vi.waitFor(() => expect(onPrint).toHaveBeenCalledTimes(1))
    expect(onPrint.mock.calls[0]?.[0]).toMatchObject({ title: 'Étiquettes emplacement (2)', format: 'pdf' })
  })

  it('asks for ZPL when the label printer takes ZPL (a Zebra on a raw queue)', async () => {
    const onPrint = renderScreen(undefined, 'zpl')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Emplacement'), 'A-01-02{Enter}')
    await user.click(await screen.findByRole('button', { name: "Imprimer l'étiquette" }))
    await vi.waitFor(() => expect(onPrint).toHaveBeenCalledTimes(1))
    expect(onPrint.mock.calls[0]?.[0]).toMatchObject({ format: 'zpl' })
  })

  it('says so next to the field when nothing matches', async () => {
    renderScreen()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Emplacement'), 'Z-99{Enter}')
    expect(await screen.findByText('Aucun emplacement ne commence par « Z-99 ».')).toBeInTheDocument()
  })

  it("shows the printer's refusal and the server's message", async () => {
    const onPrint = renderScreen(vi.fn().mockRejectedValue(new Error('Merci de lancer le logiciel QZ Tray')))
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Emplacement'), 'A-01-02{Enter}')
    await user.click(await screen.findByRole('button', { name: "Imprimer l'étiquette" }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Merci de lancer le logiciel QZ Tray')
    expect(onPrint).toHaveBeenCalled()
    server.use(
      handle(endpoints.locationFindPrefix, () =>
        apiError(403, 'forbidden', "Vous n'avez pas les droits pour cette action."),
      ),
    )
    await user.type(screen.getByLabelText('Emplacement'), 'A{Enter}')
    expect(await screen.findByText("Vous n'avez pas les droits pour cette action.")).toBeInTheDocument()
  })
})
