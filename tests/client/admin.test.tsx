/** Issue 16, the admin area and a new site's first administrator, in the whole app against MSW. */
import {
  endpoints,
  type AdminListItem,
  type AdminLocation,
  type AdminUser,
  type AuditEntry,
  type AdminShopOrder,
  type PlatformFulfilment,
  type PlatformFulfilmentSettings,
  type ShopKey,
  type WebhookEndpoint,
} from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getToken, setToken } from '@/lib/session'
import { apiError, handle } from '../msw/contract.ts'
import { accessWith, fakeToken, workstationHandlers } from '../msw/fixtures.ts'
import { renderApp } from './render-app.tsx'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const shop = { id: 1, slug: 'atelier-nord', name: 'Atelier Nord', code: 'AN', products: 0 }
const demo: AdminUser = {
  id: 1,
  username: 'demo',
  displayName: 'Démo',
  email: '',
  admin: true,
  debug: false,
  disabled: false,
  warehouseAccess: false,
  roles: [],
  shops: [],
}
let users: AdminUser[]

beforeEach(() => {
  localStorage.clear()
  setToken(null)
  users = [demo]
  server.use(
    ...workstationHandlers(),
    handle(endpoints.adminShopList, () => [shop]),
    handle(endpoints.adminUserList, () => users),
    handle(endpoints.adminAudit, () => []),
  )
})

const signedIn = () => localStorage.setItem('token', JSON.stringify(fakeToken()))
const adminHeading = () => screen.findByRole('heading', { name: 'Administration' })
const fulfilmentOff: PlatformFulfilmentSettings = {
  enabled: false,
  credentialsSet: false,
  shopDomain: null,
  siteUrl: null,
  notifyCustomer: true,
}
const shopifyPlatform = (fulfilment: PlatformFulfilmentSettings) => ({
  platform: 'shopify' as const,
  secretSet: true,
  webhookPath: '/api/platform-webhooks/atelier-nord',
  updatedAt: null,
  fulfilment,
})

describe('a new site: the first administrator', () => {
  it('is offered on the sign-in page, created on /setup, signed in and taken to /admin', async () => {
    let sent: unknown
    server.use(
      handle(endpoints.setupStatus, () => ({ needsFirstAdmin: true })),
      handle(endpoints.setupFirstAdmin, async ({ request }) => {
        sent = await request.json()
        return { token: fakeToken({ username: 'chef' }) }
      }),
    )
    const { router } = renderApp('/login')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('link', { name: 'Créer le premier administrateur' }))
    const form = await screen.findByRole('form', { name: 'Premier administrateur' })
    await user.type(within(form).getByLabelText(/^Identifiant/), 'chef')
    await user.type(within(form).getByLabelText(/^Nom/), 'Chef de quai')
    await user.type(within(form).getByLabelText(/^Mot de passe/), 'court')
    await user.type(within(form).getByLabelText(/^Confirmation/), 'courte')
    await user.click(within(form).getByRole('button', { name: "Créer l'administrateur" }))
    // Checked in the browser with the contract's rules: nothing sent yet.
    expect(await within(form).findByText('Mot de passe : 8 caractères au moins.')).toBeInTheDocument()
    expect(within(form).getByText('Les deux mots de passe diffèrent.')).toBeInTheDocument()
    expect(sent).toBeUndefined()

    for (const field of [/^Mot de passe/, /^Confirmation/]) {
      await user.clear(within(form).getByLabelText(field))
      await user.type(within(form).getByLabelText(field), 'premier-admin')
    }
    await user.click(within(form).getByRole('button', { name: "Créer l'administrateur" }))
    await adminHeading()
    expect(sent).toEqual({
      username: 'chef',
      displayName: 'Chef de quai',
      email: '',
      password: 'premier-admin',
    })
    expect(getToken()).not.toBeNull()
    expect(router.state.location.pathname).toBe('/admin')
  })

  it('says so on /setup once the site has users, with the way to the sign-in page', async () => {
    server.use(handle(endpoints.setupStatus, () => ({ needsFirstAdmin: false })))
    renderApp('/setup')
    expect(await screen.findByText(/Ce site a déjà des utilisateurs/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Aller à la connexion' })).toHaveAttribute('href', '/login')
  })
})

describe('the admin area', () => {
  it('sends a visitor without a token to the sign-in page, coming back to /admin after', async () => {
    server.use(handle(endpoints.setupStatus, () => ({ needsFirstAdmin: false })))
    const { router } = renderApp('/admin')
    await screen.findByRole('button', { name: 'Se connecter' })
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/admin' })
  })

  it("shows the server's refusal as a page of its own to a user without the admin flag", async () => {
    signedIn()
    server.use(
      handle(endpoints.adminShopList, () => apiError(403, 'forbidden', 'Réservé aux administrateurs.')),
    )
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Réservé aux administrateurs.')
    expect(screen.queryByRole('tab', { name: 'Utilisateurs' })).not.toBeInTheDocument()
  })

  it("creates a user: the server's refusal under its field, then the list read again", async () => {
    signedIn()
    const bodies: unknown[] = []
    server.use(
      handle(endpoints.adminUserCreate, async ({ request }) => {
        const body = (await request.json()) as AdminUser & { password: string }
        bodies.push(body)
        if (body.username === 'demo')
          return apiError(409, 'conflict', "L'identifiant « demo » est déjà pris.", {
            username: ["L'identifiant « demo » est déjà pris."],
          })
        const made = { ...demo, ...body, id: 2 }
        users = [...users, made]
        return made
      }),
    )
    renderApp('/admin')
    await adminHeading()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Nouvel utilisateur' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel utilisateur' })
    await user.type(within(dialog).getByLabelText(/^Identifiant/), 'demo')
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Camille')
    await user.type(within(dialog).getByLabelText(/^Mot de passe/), 'cariste-2024')
    await user.click(within(dialog).getByLabelText('Accès entrepôt'))
    await user.click(within(dialog).getByLabelText('Transfert (Transfer)'))
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    const identifiant = within(dialog).getByLabelText(/^Identifiant/)
    await waitFor(() => expect(identifiant).toHaveAccessibleDescription(/est déjà pris/))
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()

    await user.clear(identifiant)
    await user.type(identifiant, 'cariste')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('cariste — Camille')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodies.at(-1)).toMatchObject({ username: 'cariste', warehouseAccess: true, roles: ['Transfer'] })
  })

  it('reorders a list with the keyboard, adds, retires, and saves the whole list in its new order', async () => {
    signedIn()
    let list: AdminListItem[] = [
      { id: 1, label: 'Casse', active: true },
      { id: 2, label: 'Périmé', active: true },
      { id: 3, label: 'Ancien motif', active: false },
    ]
    let saved: unknown
    server.use(
      handle(endpoints.adminListGet, () => list),
      handle(endpoints.adminListPut, async ({ request }) => {
        saved = await request.json()
        list = (saved as { items: AdminListItem[] }).items.map((item, i) => ({
          ...item,
          id: item.id ?? 10 + i,
        }))
        return list
      }),
    )
    renderApp('/admin?section=lists')
    const user = userEvent.setup({ delay: null })
    const down = await screen.findByRole('button', { name: 'Descendre « Casse »' })
    down.focus()
    await user.keyboard('{Enter}')
    // The row moved; the focus stayed on its button, so Enter again moves it on.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descendre « Casse »' })).toHaveFocus())
    expect(screen.getByRole('textbox', { name: 'Libellé 1' })).toHaveValue('Périmé')

    await user.type(screen.getByLabelText('Nouveau libellé'), 'Emballage écrasé{Enter}')
    await user.click(screen.getByRole('button', { name: 'Retirer « Périmé »' }))
    await user.click(screen.getByRole('button', { name: 'Enregistrer la liste' }))
    await waitFor(() =>
      expect(saved).toEqual({
        items: [
          { id: 2, label: 'Périmé', active: false },
          { id: 1, label: 'Casse', active: true },
          { label: 'Emballage écrasé', active: true },
          { id: 3, label: 'Ancien motif', active: false },
        ],
      }),
    )
  })

  it('creates locations from pasted lines, says which existed, and lists them by kind', async () => {
    signedIn()
    let locations: AdminLocation[] = [{ id: 1, name: 'A-01-01-01', kind: 'storage' }]
    const bodies: unknown[] = []
    server.use(
      handle(endpoints.adminLocationList, () => locations),
      handle(endpoints.adminLocationCreate, async ({ request }) => {
        const body = (await request.json()) as { names: string[]; kind: 'reception' }
        bodies.push(body)
        const created = body.names.filter((n) => n.toLowerCase() !== 'a-01-01-01')
        locations = [...locations, ...created.map((name, i) => ({ id: 10 + i, name, kind: body.kind }))]
        return { created, existing: ['A-01-01-01'] }
      }),
    )
    renderApp('/admin?section=locations')
    const user = userEvent.setup({ delay: null })
    const names = await screen.findByLabelText('Un emplacement par ligne')
    expect(screen.getByRole('list', { name: 'Emplacements par type' })).toHaveTextContent(
      'Stockage : 1 emplacement',
    )
    await user.type(names, 'QUAI-1{Enter}ÉTAGÈRE 2')
    await user.click(screen.getByRole('button', { name: 'Créer' }))
    // Checked in the browser with the contract's rules, naming the line: nothing sent.
    await waitFor(() =>
      expect(names).toHaveAccessibleDescription(/« ÉTAGÈRE 2 » : Emplacement : lettres sans accent/),
    )
    expect(bodies).toEqual([])

    await user.clear(names)
    await user.type(names, ' QUAI-1 {Enter}{Enter}a-01-01-01')
    await user.selectOptions(screen.getByLabelText('Type'), 'Réception')
    await user.click(screen.getByRole('button', { name: 'Créer' }))
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('1 emplacement créé.')
    expect(status).toHaveTextContent('Existaient déjà : A-01-01-01.')
    expect(bodies).toEqual([{ names: ['QUAI-1', 'a-01-01-01'], kind: 'reception' }])
    expect(await screen.findByRole('cell', { name: 'QUAI-1' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Emplacements par type' })).toHaveTextContent(
      'Réception : 1 emplacement',
    )
    await user.type(screen.getByLabelText('Filtrer les emplacements'), 'quai')
    expect(screen.queryByRole('cell', { name: 'A-01-01-01' })).not.toBeInTheDocument()
  })

  it('checks a CSV first (counts and every refused row), then imports it', async () => {
    signedIn()
    const runs: unknown[] = []
    server.use(
      handle(endpoints.adminProductImport, async ({ request }) => {
        const body = (await request.json()) as { dryRun: boolean }
        runs.push(body)
        return {
          dryRun: body.dryRun,
          created: 2,
          updated: 0,
          unchanged: 1,
          refused: [{ line: 3, sku: 'AN-2', reason: 'EAN : 13 chiffres avec une clé de contrôle juste.' }],
        }
      }),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(
      await screen.findByRole('button', { name: 'Importer des produits (CSV) — Atelier Nord' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Importer des produits dans Atelier Nord' })
    const run = within(dialog).getByRole('button', { name: 'Importer' })
    expect(run).toBeDisabled()
    await user.type(within(dialog).getByLabelText('Ou collez le contenu'), 'AN-1;4006381333931;Bague')
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }))
    expect(await within(dialog).findByText('2 créés · 0 mis à jour · 1 inchangé')).toBeInTheDocument()
    const refused = within(dialog).getByRole('table', { name: '1 ligne refusée' })
    expect(within(refused).getByRole('row', { name: /3 AN-2 EAN : 13 chiffres/ })).toBeInTheDocument()
    await user.click(run)
    expect(await within(dialog).findByText('Import terminé')).toBeInTheDocument()
    expect(runs).toEqual([
      { csv: 'AN-1;4006381333931;Bague', dryRun: true },
      { csv: 'AN-1;4006381333931;Bague', dryRun: false },
    ])
  })

  it("announces a shop's deliveries from a CSV: its own template, then the refused rows", async () => {
    signedIn()
    const runs: { csv: string; dryRun: boolean }[] = []
    server.use(
      handle(endpoints.adminReceptionImport, async ({ request }) => {
        const body = (await request.json()) as { csv: string; dryRun: boolean }
        runs.push(body)
        return {
          dryRun: body.dryRun,
          receptions: 2,
          created: 1,
          existing: 0,
          refused: [
            {
              line: 3,
              reference: 'LIV-2',
              column: 'sku',
              reason: 'Produit inconnu de la boutique : « ZZ ».',
            },
          ],
        }
      }),
      handle(endpoints.adminShopReceptions, () => [
        {
          id: 4,
          reference: 'LIV-0',
          expectedDate: '2026-12-01',
          status: 'open' as const,
          source: 'csv' as const,
          createdAt: '2026-11-29T08:00:00.000Z',
          completedAt: null,
          cancelledAt: null,
          lineCount: 2,
          expectedUnits: 5,
          receivedUnits: 3,
        },
      ]),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Réceptions attendues (CSV) — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Réceptions attendues de Atelier Nord' })
    const template = within(dialog).getByRole('link', { name: 'Télécharger le modèle (CSV)' })
    expect(template).toHaveAttribute('download', 'modele-receptions-attendues.csv')
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(
      'reference;expected_date;sku;quantity',
    )
    await user.click(within(dialog).getByLabelText('Ou collez le contenu'))
    await user.paste('reference;expected_date;sku;quantity\nLIV-1;2026-12-01;ML-0001;4')
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }))
    expect(
      await within(dialog).findByText('2 livraisons dans le fichier · 1 à créer · 0 déjà annoncée'),
    ).toBeInTheDocument()
    const refused = within(dialog).getByRole('table', { name: '1 problème à corriger' })
    expect(within(refused).getByRole('row', { name: /^3 LIV-2 sku Produit inconnu/ })).toBeInTheDocument()
    expect(runs).toEqual([
      { csv: 'reference;expected_date;sku;quantity\nLIV-1;2026-12-01;ML-0001;4', dryRun: true },
    ])
    // What the shop announced already, and what came of it.
    const announced = within(dialog).getByRole('table', { name: 'Livraisons annoncées' })
    expect(
      within(announced).getByRole('row', { name: 'LIV-0 01/12/2026 Attendue 3 / 5 Import CSV' }),
    ).toBeInTheDocument()
  })

  it('imports orders from a CSV: the template, then each problem by line, reference and column', async () => {
    signedIn()
    const runs: unknown[] = []
    server.use(
      handle(endpoints.adminOrderImport, async ({ request }) => {
        const body = (await request.json()) as { dryRun: boolean }
        runs.push(body)
        return {
          dryRun: body.dryRun,
          orders: 3,
          created: 2,
          existing: 0,
          refused: [
            {
              line: 4,
              reference: 'CMD-3',
              column: 'code_postal',
              reason: 'Code postal invalide pour ce pays.',
            },
          ],
        }
      }),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(
      await screen.findByRole('button', { name: 'Importer des commandes (CSV) — Atelier Nord' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Importer des commandes dans Atelier Nord' })
    const template = within(dialog).getByRole('link', { name: 'Télécharger le modèle (CSV)' })
    expect(template).toHaveAttribute('download', 'modele-commandes.csv')
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain('reference;sku;quantite;nom')
    await user.type(within(dialog).getByLabelText('Ou collez le contenu'), 'reference;sku')
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }))
    expect(
      await within(dialog).findByText('3 commandes dans le fichier · 2 à créer · 0 déjà importée'),
    ).toBeInTheDocument()
    const refused = within(dialog).getByRole('table', { name: '1 problème à corriger' })
    expect(
      within(refused).getByRole('row', { name: '4 CMD-3 code_postal Code postal invalide pour ce pays.' }),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Importer' }))
    expect(await within(dialog).findByText('Import terminé')).toBeInTheDocument()
    expect(
      within(dialog).getByText('3 commandes dans le fichier · 2 créées · 0 déjà importée'),
    ).toBeInTheDocument()
    expect(runs).toEqual([
      { csv: 'reference;sku', dryRun: true },
      { csv: 'reference;sku', dryRun: false },
    ])
    // A file French Excel saved, in Windows-1252: its accents read as written, and the screen says how.
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    const ansi = new Uint8Array([...new TextEncoder().encode('reference;nom\nA-1;L'), 0xe9, 0x61])
    await user.upload(input, new File([ansi], 'commandes.csv', { type: 'text/csv' }))
    expect(
      await within(dialog).findByText(/Fichier « commandes\.csv » lu en Windows-1252/),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Ou collez le contenu')).toHaveValue('reference;nom\nA-1;Léa')
  })

  it("makes a shop's API key, shows it once with a copy button, and revokes a key after asking", async () => {
    signedIn()
    vi.stubGlobal('isSecureContext', true) // an https page: the browser gives it a clipboard
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const key = (id: number, label: string, revokedAt: string | null = null): ShopKey => ({
      id,
      prefix: `sk_prefix${id}abcd`,
      label,
      createdBy: 'demo',
      createdAt: '2026-11-20T09:00:00.000Z',
      lastUsedAt: null,
      revokedAt,
    })
    let keys = [key(1, 'ERP')]
    const made: unknown[] = []
    server.use(
      handle(endpoints.adminShopApiCalls, () => [
        {
          id: 7,
          at: '2026-11-29T09:30:00.000Z',
          key: 'ERP',
          method: 'POST',
          path: '/api/v1/orders',
          status: 201,
          ms: 12,
          refs: ['SHOP-1001'],
        },
      ]),
      handle(endpoints.adminShopKeyList, () => keys),
      handle(endpoints.adminShopKeyCreate, async ({ request }) => {
        made.push(await request.json())
        const fresh = key(2, 'Site Shopify')
        keys = [fresh, ...keys]
        return { key: fresh, secret: 'sk_prefix2abcd_' + 'S'.repeat(43) }
      }),
      handle(endpoints.adminShopKeyRevoke, ({ params }) => {
        keys = keys.map((k) =>
          k.id === Number(params.keyId) ? { ...k, revokedAt: '2026-11-29T10:00:00.000Z' } : k,
        )
        return keys.find((k) => k.id === Number(params.keyId)) as ShopKey
      }),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Clés d’API — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Clés d’API de Atelier Nord' })
    // Who called, what, and the answer: the key's label, the call, its status and the orders it named.
    const calls = await within(dialog).findByRole('table', { name: 'Derniers appels (100 au plus)' })
    expect(
      within(calls).getByRole('row', { name: /ERP POST \/api\/v1\/orders 201 12 ms SHOP-1001/ }),
    ).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/^Libellé/), 'Site Shopify')
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }))
    const shown = await within(dialog).findByRole('status')
    expect(within(shown).getByLabelText('Clé d’API')).toHaveValue('sk_prefix2abcd_' + 'S'.repeat(43))
    expect(within(shown).getByRole('button', { name: 'Copier la clé' })).toBeInTheDocument()
    expect(made).toEqual([{ label: 'Site Shopify' }])
    // Two active keys: no third one until one is revoked.
    expect(await within(dialog).findByText('2 clés actives')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Créer la clé' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer sk_prefix1abcd' }))
    expect(confirm).toHaveBeenCalledWith(
      'Révoquer la clé « ERP » ? Les appels qui l’utilisent seront refusés immédiatement.',
    )
    expect(await within(dialog).findByText('1 clé active')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Révoquer sk_prefix1abcd' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Créer la clé' })).toBeEnabled()
  })

  it('on a plain-http page gives the new key to copy by hand, and says when a revoke is refused', async () => {
    signedIn()
    vi.stubGlobal('isSecureContext', false)
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    const key: ShopKey = {
      id: 1,
      prefix: 'sk_prefix1abcd',
      label: 'ERP',
      createdBy: 'demo',
      createdAt: '2026-11-20T09:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    }
    server.use(
      handle(endpoints.adminShopApiCalls, () => []),
      handle(endpoints.adminShopKeyList, () => [key]),
      handle(endpoints.adminShopKeyCreate, () => ({
        key: { ...key, id: 2, prefix: 'sk_prefix2abcd' },
        secret: 'sk_prefix2abcd_' + 'S'.repeat(43),
      })),
      handle(endpoints.adminShopKeyRevoke, () =>
        apiError(404, 'not_found', "Clé d'API introuvable pour cette boutique."),
      ),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Clés d’API — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Clés d’API de Atelier Nord' })
    await user.type(within(dialog).getByLabelText(/^Libellé/), 'Site')
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }))
    const shown = await within(dialog).findByRole('status')
    expect(within(shown).getByLabelText('Clé d’API')).toHaveValue('sk_prefix2abcd_' + 'S'.repeat(43))
    expect(within(shown).getByText(/copiez-la \(Ctrl\+C\)/)).toBeInTheDocument()
    expect(within(shown).queryByRole('button', { name: 'Copier la clé' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer sk_prefix1abcd' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Clé d'API introuvable pour cette boutique.",
    )
  })

  it("lists a shop's orders with where each came from, and reads the page before with Plus", async () => {
    signedIn()
    const order = (id: number, source: 'api' | 'csv' | 'demo'): AdminShopOrder => ({
      id,
      name: `AN-${100000 + id}`,
      reference: source === 'demo' ? null : `WEB-${id}`,
      source,
      status: 'to_pick',
      createdAt: '2026-11-29T08:00:00.000Z',
    })
    const asked: (string | null)[] = []
    server.use(
      handle(endpoints.adminShopOrders, ({ request }) => {
        const before = new URL(request.url).searchParams.get('before')
        asked.push(before)
        if (before) return [order(1, 'demo')]
        return Array.from({ length: 100 }, (_, i) =>
          order(200 - i, i === 0 ? 'api' : i === 1 ? 'csv' : 'demo'),
        )
      }),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Commandes — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Commandes de Atelier Nord' })
    const table = await within(dialog).findByRole('table', { name: 'Commandes de Atelier Nord' })
    expect(
      within(table).getByRole('row', { name: /AN-100200 WEB-200 API Prête à préparer/ }),
    ).toBeInTheDocument()
    expect(within(table).getByRole('row', { name: /AN-100199 WEB-199 Import CSV/ })).toBeInTheDocument()
    // A page that fails says so beside 'Plus', which tries again.
    let fail = true
    server.use(
      handle(endpoints.adminShopOrders, ({ request }) => {
        const before = new URL(request.url).searchParams.get('before')
        asked.push(before)
        if (fail) {
          fail = false
          return apiError(404, 'not_found', 'Boutique introuvable.')
        }
        return [order(1, 'demo')]
      }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Plus' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Impossible de charger les commandes suivantes : Boutique introuvable.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Plus' }))
    expect(await within(table).findByRole('row', { name: /AN-100001 Démo/ })).toBeInTheDocument()
    expect(asked).toEqual([null, '101', '101'])
  })

  it('shows the history newest first, what each change did, and reads the page before with Plus', async () => {
    signedIn()
    const asked: (string | null)[] = []
    const entry = (id: number): AuditEntry => ({
      id,
      at: '2026-11-24T09:30:00.000Z',
      actor: 'chef',
      entity: 'user',
      entityKey: `u${id}`,
      action: 'update',
      before: { id, roles: ['Transfer'], disabled: false },
      after: { id, roles: ['Reception'], disabled: false },
    })
    server.use(
      handle(endpoints.adminAudit, ({ request }) => {
        const before = new URL(request.url).searchParams.get('before')
        asked.push(before)
        // A full first page (100 entries: ids 200 to 101), then the last 3.
        return before === null
          ? Array.from({ length: 100 }, (_, i) => entry(200 - i))
          : [entry(100), entry(99), entry(98)]
      }),
    )
    renderApp('/admin?section=audit')
    const history = await screen.findByRole('list', { name: 'Historique' })
    const first = (await within(history).findAllByText('Modification · Utilisateur « u200 »'))[0]
    const item = first?.closest('li') as HTMLElement
    expect(item).toHaveTextContent('chef')
    expect(item).toHaveTextContent('Rôles : Transfer → Reception')
    expect(item).not.toHaveTextContent('Désactivé')
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Plus' }))
    expect(await screen.findByText('Modification · Utilisateur « u98 »')).toBeInTheDocument()
    expect(asked).toEqual([null, '101'])
    expect(screen.queryByRole('button', { name: 'Plus' })).not.toBeInTheDocument()
    expect(screen.getByText("Début de l'historique atteint.")).toBeInTheDocument()
  })

  it('keeps a dialog open while it saves, then shows the refusal in it; the list names roles in French', async () => {
    signedIn()
    users = [{ ...demo, warehouseAccess: true, roles: ['Transfer'] }]
    let answer: (value: unknown) => void = () => undefined
    server.use(
      handle(endpoints.adminUserUpdate, async () => {
        await new Promise((resolve) => (answer = resolve))
        return apiError(403, 'forbidden', 'Réservé aux administrateurs.')
      }),
    )
    renderApp('/admin')
    await adminHeading()
    expect(await screen.findByText('Transfert (Transfer)')).toBeInTheDocument()
    const user = userEvent.setup({ delay: null })
    await user.click(screen.getByRole('button', { name: 'Modifier demo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Utilisateur demo' })
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeDisabled())
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Utilisateur demo' })).toBeInTheDocument()
    answer(null)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Réservé aux administrateurs.')
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeEnabled()
  })

  it('resets its own password and stays signed in with a new session', async () => {
    signedIn()
    const fresh = fakeToken({ iat: Math.floor(Date.now() / 1000) + 1 })
    const signIns: unknown[] = []
    server.use(
      handle(endpoints.adminUserPassword, () => undefined),
      handle(endpoints.loginCheck, async ({ request }) => {
        signIns.push(await request.json())
        return { token: fresh }
      }),
    )
    renderApp('/admin')
    await adminHeading()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Modifier demo' }))
    await user.click(await screen.findByRole('button', { name: 'Réinitialiser le mot de passe' }))
    const dialog = await screen.findByRole('dialog', { name: 'Réinitialiser le mot de passe — demo' })
    await user.type(within(dialog).getByLabelText(/^Nouveau mot de passe/), 'Nouveau-secret-42')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(
      await screen.findByText('Votre mot de passe est changé : vos autres sessions sont fermées.'),
    ).toBeVisible()
    expect(signIns).toEqual([{ username: 'demo', password: 'Nouveau-secret-42' }])
    expect(getToken()).toBe(fresh)
    expect(screen.getByRole('heading', { name: 'Administration' })).toBeVisible()
  })

  it("closes a user's sessions once confirmed, and says so", async () => {
    signedIn()
    users = [demo, { ...demo, id: 2, username: 'stock', admin: false }]
    const closed: string[] = []
    server.use(
      handle(endpoints.adminUserSessionsClose, ({ params }) => {
        closed.push(String(params.id))
        return new Response(null, { status: 204 })
      }),
    )
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    renderApp('/admin')
    await adminHeading()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Modifier stock' }))
    const dialog = await screen.findByRole('dialog', { name: 'Utilisateur stock' })
    await user.click(within(dialog).getByRole('button', { name: 'Fermer les sessions' }))
    expect(confirm).toHaveBeenCalledWith(
      'Fermer toutes les sessions de stock ? Chacun de ses appareils devra se reconnecter.',
    )
    expect(closed).toEqual([])
    confirm.mockReturnValue(true)
    await user.click(within(dialog).getByRole('button', { name: 'Fermer les sessions' }))
    expect(
      await screen.findByText('Sessions de stock fermées : ses appareils devront se reconnecter.'),
    ).toBeVisible()
    expect(closed).toEqual(['2'])
  })

  it('closes its own sessions once confirmed, says so in the first person and signs out cleanly', async () => {
    signedIn()
    let closedAt: number | null = null
    const auditReadsAfter: number[] = []
    const loggedOut: unknown[] = []
    const refused = () => apiError(401, 'unauthorized', 'Session expirée.')
    server.use(
      handle(endpoints.adminUserSessionsClose, () => {
        closedAt = Date.now()
        return new Response(null, { status: 204 })
      }),
      // From then on the server refuses this token, as it does.
      handle(endpoints.adminAudit, () => {
        if (closedAt === null) return []
        auditReadsAfter.push(Date.now())
        return refused()
      }),
      handle(endpoints.logout, () => {
        loggedOut.push(closedAt)
        return refused()
      }),
    )
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const { router } = renderApp('/admin')
    await adminHeading()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Modifier demo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Utilisateur demo' })
    await user.click(within(dialog).getByRole('button', { name: 'Fermer les sessions' }))
    expect(confirm).toHaveBeenCalledWith(
      'Fermer toutes vos sessions ? Vous devrez vous reconnecter, ici aussi.',
    )
    expect(await screen.findByText('Vos sessions sont fermées : reconnectez-vous.')).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(closedAt).not.toBeNull()
    expect(getToken()).toBeNull()
    // The sign-out's own page, not an ended session's: no way back to /admin, nothing read again.
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({})
    expect(auditReadsAfter).toEqual([])
    expect(screen.queryByText(/Sessions de demo fermées/)).not.toBeInTheDocument()
    expect(screen.queryByText('Votre session a expiré. Merci de vous reconnecter.')).not.toBeInTheDocument()
    await waitFor(() => expect(loggedOut).toHaveLength(1))
  })

  it('asks before unsaved list edits are left for another list or another tab', async () => {
    signedIn()
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    server.use(handle(endpoints.adminListGet, () => [{ id: 1, label: 'Casse', active: true }]))
    renderApp('/admin?section=lists')
    const user = userEvent.setup({ delay: null })
    const label = await screen.findByRole('textbox', { name: 'Libellé 1' })
    await user.type(label, ' nette')
    await user.selectOptions(screen.getByLabelText('Liste'), "Motifs d'attente")
    expect(confirm).toHaveBeenCalledWith('Abandonner les changements non enregistrés ?')
    expect(screen.getByLabelText('Liste')).toHaveValue('scrap-reasons')
    await user.click(screen.getByRole('tab', { name: 'Utilisateurs' }))
    expect(confirm).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('textbox', { name: 'Libellé 1' })).toHaveValue('Casse nette')

    confirm.mockReturnValue(true)
    await user.click(screen.getByRole('tab', { name: 'Utilisateurs' }))
    expect(await screen.findByRole('button', { name: 'Nouvel utilisateur' })).toBeInTheDocument()
  })

  it("asks before unsaved list edits are left by 'Retour à l'application' (the router's blocker)", async () => {
    signedIn()
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    server.use(
      handle(endpoints.adminListGet, () => [{ id: 1, label: 'Casse', active: true }]),
      handle(endpoints.userAccess, () => accessWith()),
    )
    const { router } = renderApp('/admin?section=lists')
    const user = userEvent.setup({ delay: null })
    const label = await screen.findByRole('textbox', { name: 'Libellé 1' })
    await user.type(label, ' nette')
    await user.click(screen.getByRole('link', { name: "Retour à l'application" }))
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Abandonner les changements non enregistrés ?'))
    expect(router.state.location.pathname).toBe('/admin')
    expect(screen.getByRole('textbox', { name: 'Libellé 1' })).toHaveValue('Casse nette')

    confirm.mockReturnValue(true)
    await user.click(screen.getByRole('link', { name: "Retour à l'application" }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(confirm).toHaveBeenCalledTimes(2)
  })

  it("says so next to 'Plus' when the history's next page fails", async () => {
    signedIn()
    server.use(
      handle(endpoints.adminAudit, ({ request }) =>
        new URL(request.url).searchParams.get('before') === null
          ? Array.from({ length: 100 }, (_, i) => ({
              id: 200 - i,
              at: '2026-11-24T09:30:00.000Z',
              actor: 'chef',
              entity: 'shop',
              entityKey: `s${200 - i}`,
              action: 'create' as const,
              before: null,
              after: { id: 200 - i },
            }))
          : apiError(500, 'internal', 'Erreur du serveur.'),
      ),
    )
    renderApp('/admin?section=audit')
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Plus' }))
    expect(await screen.findByText(/^Impossible de charger la suite de l'historique/)).toHaveAttribute(
      'role',
      'alert',
    )
    expect(screen.getByRole('button', { name: 'Plus' })).toBeInTheDocument()
  })

  it('names this browser as a workstation known without an IP; the printing calls then send its name', async () => {
    signedIn()
    server.use(
      handle(endpoints.adminComputerList, () => [
        {
          id: 3,
          name: 'Poste réception',
          ip: null,
          printers: [{ name: 'Zebra_ZD420', use: 'label' as const, language: 'zpl' as const }],
        },
      ]),
    )
    const { unmount } = renderApp('/admin?section=computers')
    const user = userEvent.setup({ delay: null })
    expect(await screen.findByText('Sans adresse IP : reconnu sur le navigateur désigné')).toBeVisible()
    await user.click(
      screen.getByRole('button', { name: 'Désigner ce navigateur comme le poste Poste réception' }),
    )
    expect(await screen.findByText('Ce navigateur')).toBeVisible()
    expect(localStorage.getItem('workstation-name')).toBe('Poste réception')
    // The same button turns into 'Oublier': the keyboard focus stays on it.
    expect(
      screen.getByRole('button', { name: "Ce navigateur n'est plus le poste Poste réception" }),
    ).toHaveFocus()
    // 'Oublier' undoes it; named again for what follows.
    await user.click(
      screen.getByRole('button', { name: "Ce navigateur n'est plus le poste Poste réception" }),
    )
    const nameAgain = await screen.findByRole('button', {
      name: 'Désigner ce navigateur comme le poste Poste réception',
    })
    expect(localStorage.getItem('workstation-name')).toBeNull()
    await user.click(nameAgain)
    expect(await screen.findByText('Ce navigateur')).toBeVisible()
    unmount()

    // The floor's screens, on this browser: the workstation is asked for by that name.
    const named: (string | null)[] = []
    server.use(
      handle(endpoints.userAccess, () => accessWith()),
      handle(endpoints.printerList, ({ request }) => {
        named.push(request.headers.get('x-workstation'))
        return [{ name: 'Zebra_ZD420', use: 'label' as const, language: 'zpl' as const }]
      }),
    )
    renderApp('/')
    await waitFor(() => expect(named).toContain(encodeURIComponent('Poste réception')))
  })

  it('offers only the carriers the server knows and has not got yet', async () => {
    signedIn()
    server.use(
      handle(endpoints.adminCarrierList, () => [
        {
          id: 1,
          code: 'colissimo',
          name: 'Colissimo',
          maxParcelGrams: 30000,
          boxTypes: [],
          services: [],
          slipGroup: null,
        },
      ]),
      handle(endpoints.adminBoxTypeList, () => []),
    )
    renderApp('/admin?section=carriers')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Ajouter un transporteur' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un transporteur' })
    await user.click(within(dialog).getByRole('combobox', { name: /^Code du transporteur/ }))
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)
    expect(options).toEqual(['chronopost', 'dpd', 'gls', 'mondial-relay', 'ups'])
  })

  it("adds a shop's webhook endpoint with its secret shown once, says a refused address on its field, and sends deliveries again", async () => {
    signedIn()
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const endpoint = (id: number, url: string, more: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
      id,
      url,
      description: '',
      events: ['order.shipped'],
      enabled: true,
      pausedReason: null,
      pausedAt: null,
      allowPrivate: false,
      consecutiveFailures: 0,
      failingSince: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      ...more,
    })
    let hooks = [
      endpoint(1, 'https://erp.example/hooks', {
        enabled: false,
        pausedReason: 'failing',
        consecutiveFailures: 20,
        failingSince: '2026-11-28T08:00:00.000Z',
      }),
    ]
    const made: unknown[] = []
    const redelivered: unknown[] = []
    server.use(
      handle(endpoints.adminWebhookList, () => ({ webhooks: hooks })),
      handle(endpoints.adminWebhookCreate, async ({ request }) => {
        const body = (await request.json()) as { url: string }
        made.push(body)
        if (body.url.includes('10.0.0.5'))
          return apiError(
            400,
            'validation_failed',
            'Adresse refusée : 10.0.0.5 est une adresse privée ou locale.',
            {
              url: ['Adresse refusée : 10.0.0.5 est une adresse privée ou locale.'],
            },
          )
        const fresh = endpoint(2, body.url)
        hooks = [...hooks, fresh]
        return { webhook: fresh, secret: 'whsec_' + 'A'.repeat(43) + '=' }
      }),
      handle(endpoints.adminWebhookDeliveries, () => ({
        deliveries: [
          {
            id: '9',
            eventId: 'evt_' + 'a'.repeat(32),
            type: 'order.shipped' as const,
            status: 'failed' as const,
            attempts: 10,
            createdAt: '2026-11-25T09:00:00.000Z',
            lastAttemptAt: '2026-11-28T09:00:00.000Z',
            lastStatus: 503,
            lastError: null,
            nextAttemptAt: null,
            deliveredAt: null,
            lastResponse: 'Service indisponible',
          },
        ],
        nextCursor: null,
      })),
      handle(endpoints.adminWebhookRedeliver, async ({ request }) => {
        redelivered.push(await request.json())
        return { queued: 1 }
      }),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Webhooks — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Webhooks de Atelier Nord' })
    // A paused endpoint says why, and since when it fails.
    expect(await within(dialog).findByText('En pause : échecs répétés')).toBeInTheDocument()
    expect(within(dialog).getByText(/^20 échecs d’affilée depuis le /)).toBeInTheDocument()

    const url = within(dialog).getByLabelText(/^Adresse de réception/)
    await user.type(url, 'https://10.0.0.5/hooks')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect(
      await within(dialog).findByText('Adresse refusée : 10.0.0.5 est une adresse privée ou locale.'),
    ).toBeInTheDocument()
    await user.clear(url)
    await user.type(url, 'https://shop.example/hooks')
    await user.click(within(dialog).getByRole('checkbox', { name: /^Stock modifié/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    const shown = await within(dialog).findByRole('status')
    expect(within(shown).getByLabelText('Secret (whsec_…)')).toHaveValue('whsec_' + 'A'.repeat(43) + '=')
    expect(made.at(-1)).toEqual({
      url: 'https://shop.example/hooks',
      events: ['order.shipped', 'order.exception', 'stock.changed'],
      allowPrivate: false,
    })
    expect(await within(dialog).findByText('https://shop.example/hooks')).toBeInTheDocument()

    // The paused endpoint's deliveries: the last answer, and one sent again.
    await user.click(within(dialog).getAllByRole('button', { name: 'Envois' })[0]!)
    const table = await within(dialog).findByRole('table', { name: 'Envois' })
    expect(within(table).getByText('abandonné')).toBeInTheDocument()
    expect(within(table).getByText('Service indisponible')).toBeInTheDocument()
    await user.click(within(table).getByRole('button', { name: `Renvoyer evt_${'a'.repeat(32)}` }))
    await waitFor(() => expect(redelivered).toEqual([{ eventId: 'evt_' + 'a'.repeat(32) }]))
    expect(confirm).not.toHaveBeenCalled()
  })

  it("names a shop's Shopify store with its secret, gives the address to paste, and reads a refused order again", async () => {
    signedIn()
    const saved: unknown[] = []
    const replayed: string[] = []
    let platform: 'shopify' | null = null
    const refused = {
      id: '7',
      at: '2026-11-29T10:00:00.000Z',
      platform: 'shopify' as const,
      topic: 'orders/create',
      platformOrderId: '450789470',
      reference: '1002',
      result: 'refused' as const,
      reason: 'lines[0].sku : Produit inconnu de la boutique : « IPOD2008BLACK ».',
      order: null,
    }
    server.use(
      handle(endpoints.adminShopPlatform, () => ({
        platform,
        secretSet: platform !== null,
        webhookPath: '/api/platform-webhooks/atelier-nord',
        updatedAt: null,
        fulfilment: fulfilmentOff,
      })),
      handle(endpoints.adminShopPlatformSave, async ({ request }) => {
        const body = (await request.json()) as { platform: 'shopify' | null; secret?: string }
        saved.push(body)
        if (!body.secret)
          return apiError(400, 'bad_request', 'Secret : obligatoire.', { secret: ['Secret : obligatoire.'] })
        platform = body.platform
        return {
          platform,
          secretSet: true,
          webhookPath: '/api/platform-webhooks/atelier-nord',
          updatedAt: null,
          fulfilment: fulfilmentOff,
        }
      }),
      handle(endpoints.adminShopPlatformDeliveries, () => ({ deliveries: [refused], nextCursor: null })),
      handle(endpoints.adminShopPlatformFulfilments, () => ({ fulfilments: [], nextCursor: null })),
      handle(endpoints.adminShopPlatformReplay, ({ params }) => {
        replayed.push(String(params.deliveryId))
        return { ...refused, id: '8', result: 'created' as const, reason: null, order: 'AN-100001' }
      }),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Plateforme — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Boutique en ligne de Atelier Nord' })
    await user.selectOptions(await within(dialog).findByLabelText('Plateforme'), 'shopify')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(dialog).findByText('Secret : obligatoire.')).toBeInTheDocument()
    await user.click(within(dialog).getByLabelText('Secret de signature des webhooks'))
    await user.paste('shpss_0123456789')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(dialog).findByLabelText(/^Adresse à donner/)).toHaveValue(
      `${window.location.origin}/api/platform-webhooks/atelier-nord`,
    )
    // The sending back stays off, and says so in the same save.
    const off = { enabled: false, shopDomain: '', notifyCustomer: true }
    expect(saved).toEqual([
      { platform: 'shopify', fulfilment: off },
      { platform: 'shopify', secret: 'shpss_0123456789', fulfilment: off },
    ])
    expect(await within(dialog).findByText("Aucune expédition renvoyée pour l'instant.")).toBeInTheDocument()

    // The log says why the order did not come; read again, it did.
    const table = within(dialog).getByRole('table', { name: 'Envois reçus' })
    expect(within(table).getByText(refused.reason)).toBeInTheDocument()
    await user.click(within(table).getByRole('button', { name: 'Relire orders/create 1002' }))
    await waitFor(() => expect(replayed).toEqual(['7']))
  })

  it("sends a shop's shipments back to its Shopify store: the domain refused on its field, the token kept once saved", async () => {
    signedIn()
    const saved: unknown[] = []
    const domainRefusal =
      'Le domaine Shopify doit être de la forme boutique.myshopify.com (le domaine d’origine de la boutique, sans https://).'
    let fulfilment = fulfilmentOff
    server.use(
      handle(endpoints.adminShopPlatform, () => shopifyPlatform(fulfilment)),
      handle(endpoints.adminShopPlatformSave, async ({ request }) => {
        const body = (await request.json()) as { fulfilment: { shopDomain: string; enabled: boolean } }
        saved.push(body)
        if (!body.fulfilment.shopDomain.endsWith('.myshopify.com'))
          return apiError(400, 'bad_request', domainRefusal, { shopDomain: [domainRefusal] })
        fulfilment = {
          ...fulfilmentOff,
          enabled: true,
          credentialsSet: true,
          shopDomain: body.fulfilment.shopDomain,
        }
        return shopifyPlatform(fulfilment)
      }),
      handle(endpoints.adminShopPlatformDeliveries, () => ({ deliveries: [], nextCursor: null })),
      handle(endpoints.adminShopPlatformFulfilments, () => ({ fulfilments: [], nextCursor: null })),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Plateforme — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Boutique en ligne de Atelier Nord' })
    await user.click(
      await within(dialog).findByRole('switch', {
        name: "Envoyer l'expédition à la boutique (commande expédiée, numéros de suivi)",
      }),
    )
    const domain = within(dialog).getByLabelText('Domaine Shopify')
    expect(domain).toHaveAttribute('placeholder', 'boutique.myshopify.com')
    await user.type(domain, 'atelier-nord.fr')
    const token = within(dialog).getByLabelText("Jeton d'accès de l'application")
    await user.click(token)
    await user.paste('shpat_0123456789abcdef')
    expect(within(dialog).getByRole('checkbox', { name: 'Prévenir le client' })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    // The server's reason, under the field it is about; no alert on top of it.
    await waitFor(() => expect(domain).toHaveAccessibleDescription(expect.stringContaining(domainRefusal)))
    expect(domain).toBeInvalid()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()

    await user.clear(domain)
    await user.type(domain, 'atelier-nord.myshopify.com')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(token).toHaveValue(''))
    expect(
      await within(dialog).findByText(
        'Un jeton est enregistré : laissez vide pour le garder, ou collez le nouveau.',
      ),
    ).toBeInTheDocument()
    const sent = (shopDomain: string) => ({
      platform: 'shopify',
      fulfilment: { enabled: true, shopDomain, accessToken: 'shpat_0123456789abcdef', notifyCustomer: true },
    })
    expect(saved).toEqual([sent('atelier-nord.fr'), sent('atelier-nord.myshopify.com')])
    expect(domain).toHaveValue('atelier-nord.myshopify.com')
    expect(domain).toBeValid()
  })

  it('lists the shipments sent back to the store and sends a refused one again', async () => {
    signedIn()
    const resent: number[] = []
    const refused = {
      orderId: 41,
      order: 'AN-100041',
      platformOrderId: '450789470',
      status: 'refused' as PlatformFulfilment['status'],
      attempts: 1,
      error: 'Shopify refuse l’expédition : la commande est déjà traitée.',
      shippedAt: '2026-11-29T10:00:00.000Z',
      sentAt: null,
      nextAttemptAt: null,
    }
    const sentOne = {
      ...refused,
      orderId: 40,
      order: 'AN-100040',
      platformOrderId: '450789469',
      status: 'sent' as const,
      error: null,
      sentAt: '2026-11-29T09:01:00.000Z',
    }
    let rows: PlatformFulfilment[] = [refused, sentOne]
    server.use(
      handle(endpoints.adminShopPlatform, () => shopifyPlatform({ ...fulfilmentOff, enabled: true })),
      handle(endpoints.adminShopPlatformDeliveries, () => ({ deliveries: [], nextCursor: null })),
      handle(endpoints.adminShopPlatformFulfilments, () => ({ fulfilments: rows, nextCursor: null })),
      handle(endpoints.adminShopPlatformFulfilmentResend, ({ params }) => {
        resent.push(Number(params.orderId))
        const again = { ...refused, status: 'pending' as const, nextAttemptAt: '2026-11-29T10:05:00.000Z' }
        rows = [again, sentOne]
        return again
      }),
    )
    renderApp('/admin?section=shops')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Plateforme — Atelier Nord' }))
    const dialog = await screen.findByRole('dialog', { name: 'Boutique en ligne de Atelier Nord' })
    const table = await within(dialog).findByRole('table', { name: 'Expéditions renvoyées à la boutique' })
    const [, newest, older] = within(table).getAllByRole('row')
    expect(within(newest!).getByText('AN-100041')).toBeInTheDocument()
    expect(within(newest!).getByText('Sur la boutique : 450789470')).toBeInTheDocument()
    expect(within(newest!).getByText('Refusée')).toBeInTheDocument()
    expect(within(newest!).getByText(refused.error)).toBeInTheDocument()
    expect(within(older!).getByText('Envoyée')).toBeInTheDocument()
    // A shipment the store has is not sent again.
    expect(within(older!).queryByRole('button')).not.toBeInTheDocument()

    await user.click(within(newest!).getByRole('button', { name: "Renvoyer l'expédition de AN-100041" }))
    await waitFor(() => expect(resent).toEqual([41]))
    expect(await within(table).findByText('En attente')).toBeInTheDocument()
    expect(within(table).queryByText('Refusée')).not.toBeInTheDocument()
  })
})

describe('the sign-in page', () => {
  it('stops asking whether the site needs its first administrator once it has been told no', async () => {
    let asked = 0
    server.use(
      handle(endpoints.setupStatus, () => {
        asked += 1
        return { needsFirstAdmin: false }
      }),
    )
    const first = renderApp('/login')
    await screen.findByRole('button', { name: 'Se connecter' })
    await waitFor(() => expect(localStorage.getItem('setup-done')).toBe('1'))
    first.unmount()
    renderApp('/login')
    await screen.findByRole('button', { name: 'Se connecter' })
    expect(asked).toBe(1)
  })
})
