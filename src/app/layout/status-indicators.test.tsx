import { endpoints } from '@contract'
import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { printAgent } from '@/features/printing'
import { handle } from '../../../tests/msw/contract.ts'
import { PRINTING_NOT_READY, StatusIndicators, type PrintingStatus } from './status-indicators.tsx'

const REFUSED = 'QZ Tray refuse la connexion : certificat du site non installé'
const pem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`
// What GET /rest/qz/certificate serves: the leaf, qz-tray's marker, then the root to install.
const CHAIN = `${pem('TEFGTEVBRg==')}--START INTERMEDIATE CERT--\n${pem('Uk9PVA==')}`

const server = setupServer(
  handle(
    endpoints.qzCertificate,
    () => new HttpResponse(CHAIN, { headers: { 'content-type': 'text/plain' } }),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => vi.restoreAllMocks())

function renderIndicators(printing: Partial<PrintingStatus>) {
  return render(
    <MantineProvider>
      <StatusIndicators debug={false} printing={{ ...PRINTING_NOT_READY, ...printing }} />
    </MantineProvider>,
  )
}

describe('print agent indicator', () => {
  it("keeps SPEC's texts when the agent is ready or not running", () => {
    renderIndicators({ agentReady: true })
    expect(screen.getByRole('button', { name: 'Vous pouvez imprimer' })).toHaveAttribute('data-ok', 'true')
    cleanup()
    renderIndicators({})
    expect(screen.getByRole('button', { name: 'Merci de lancer le logiciel QZ Tray' })).toHaveAttribute(
      'data-ok',
      'false',
    )
  })

  it('says QZ Tray refuses the site, and opens the set-up steps with the certificate to install', async () => {
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return 'blob:certificat'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const retry = vi.spyOn(printAgent, 'retry').mockImplementation(() => {})
    renderIndicators({ agentRefused: true })
    expect(screen.queryByRole('button', { name: 'Merci de lancer le logiciel QZ Tray' })).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: REFUSED }))
    const dialog = await screen.findByRole('dialog', { name: 'QZ Tray refuse ce site' })
    expect(
      within(dialog).getByText(/authcert\.override=C:\\\\qz\\\\entrepot-qz-racine\.pem/),
    ).toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Télécharger le certificat' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe('entrepot-qz-racine.pem')
    expect(await created[0]?.text()).toBe(pem('Uk9PVA==')) // the root only, not the leaf

    await userEvent.click(within(dialog).getByRole('button', { name: 'Réessayer la connexion' }))
    expect(retry).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('marks only the refused indicator as opening a dialog, red like any indicator not ok', () => {
    renderIndicators({ agentRefused: true })
    const refused = screen.getByRole('button', { name: REFUSED })
    expect(refused).toHaveAttribute('aria-haspopup', 'dialog')
    expect(refused).toHaveAttribute('data-ok', 'false')
    cleanup()
    renderIndicators({})
    expect(screen.getByRole('button', { name: 'Merci de lancer le logiciel QZ Tray' })).not.toHaveAttribute(
      'aria-haspopup',
    )
  })
})
