/** Issue 30: the administration shows the server's HTTPS certificate, read from /installer/etat.json. */
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatDay } from '@/lib/dates'
import type { InstallerState } from '../../api.ts'
import { SiteCertificate } from './site-certificate.tsx'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const DAY_MS = 24 * 60 * 60 * 1000
const inDays = (n: number) => new Date(Date.now() + n * DAY_MS + 60_000).toISOString()
const FINGERPRINT = Array.from({ length: 32 }, (_, i) =>
  (i * 7).toString(16).padStart(2, '0').toUpperCase(),
).join(':')

const sample = (validTo = inDays(200)): InstallerState => ({
  https: true,
  appUrl: 'https://entrepot.local:8443/',
  installerUrl: 'http://entrepot.local:8080/installer',
  certificate: {
    source: 'generated',
    names: ['entrepot', 'entrepot.local', '192.168.1.10'],
    validTo,
    rootName: 'Entrepôt — racine du site',
    rootFingerprint: FINGERPRINT,
    rootValidTo: inDays(3650),
  },
  qr: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
})

const answer = (body: unknown, status = 200) =>
  server.use(http.get('*/installer/etat.json', () => HttpResponse.json(body as never, { status })))

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <SiteCertificate />
      </QueryClientProvider>
    </MantineProvider>,
  )
}

describe('SiteCertificate', () => {
  it('shows the names, the expiry, the source, the root fingerprint, the QR code and the installer link', async () => {
    const state = sample()
    answer(state)
    renderPanel()
    expect(screen.getByRole('heading', { name: 'Certificat du site (HTTPS)' })).toBeInTheDocument()
    expect(await screen.findByText('entrepot, entrepot.local, 192.168.1.10')).toBeInTheDocument()
    const expiry = screen.getByText(`Valable jusqu'au ${formatDay(state.certificate!.validTo)}`)
    expect(expiry).not.toHaveAttribute('data-warning')
    expect(screen.getByText('Généré par le serveur (renouvelé de lui-même)')).toBeInTheDocument()
    expect(screen.getByText('Entrepôt — racine du site')).toBeInTheDocument()
    expect(screen.getByText(FINGERPRINT)).toBeInTheDocument()
    expect(screen.getByText('https://entrepot.local:8443/')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: "Page d'installation du certificat" })
    expect(link).toHaveAttribute('href', 'http://entrepot.local:8080/installer')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    const qr = screen.getByRole('img', { name: "QR code de l'adresse https://entrepot.local:8443/" })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
  })

  it('warns when the certificate ends in fewer than 30 days, and says when the site gave it', async () => {
    const state = sample(inDays(12))
    answer({ ...state, certificate: { ...state.certificate!, source: 'given' } })
    renderPanel()
    const expiry = await screen.findByText(
      `Valable jusqu'au ${formatDay(state.certificate!.validTo)} (plus que 12 jours)`,
    )
    expect(expiry).toHaveAttribute('data-warning', 'true')
    expect(screen.getByText('Fourni par le site')).toBeInTheDocument()
  })

  it('says the server speaks plain HTTP, with what that costs and how to start it in HTTPS', async () => {
    answer({
      https: false,
      appUrl: 'https://entrepot:8443/',
      installerUrl: 'http://entrepot:8080/installer',
      certificate: null,
      qr: null,
    })
    renderPanel()
    expect(
      await screen.findByText(/^Le serveur ne sert pas en HTTPS : les terminaux ne peuvent ni installer/),
    ).toHaveTextContent('Démarrez-le avec HOST=0.0.0.0 (HTTPS automatique) ou TLS=on.')
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('shows a French error when the state cannot be read or has not the expected shape', async () => {
    answer({ code: 'internal', message: 'Erreur du serveur.' }, 500)
    renderPanel()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'État du certificat indisponible : le serveur a répondu 500.',
    )
  })

  it('refuses an answer of another shape', async () => {
    answer({ ...sample(), installerUrl: 'javascript:alert(1)' })
    renderPanel()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "État du certificat indisponible : la réponse du serveur n'a pas la forme attendue.",
    )
  })

  it('says when the server does not answer', async () => {
    server.use(http.get('*/installer/etat.json', () => HttpResponse.error()))
    renderPanel()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'État du certificat indisponible : le serveur ne répond pas.',
    )
  })
})
