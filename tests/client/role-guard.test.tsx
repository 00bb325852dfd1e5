import type { UserAccess } from '@contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { accessWith } from '../msw/fixtures.ts'
import { renderApp } from './render-app.tsx'
import { signedInApp } from './signed-in-app.ts'

let access: UserAccess
signedInApp(() => access)
beforeEach(() => {
  // The demo account 'expedition': Shipping and Barcode only.
  access = accessWith({ warehouse: { roles: ['Shipping', 'Barcode'] } })
})

const heading = (name: string) => screen.findByRole('heading', { level: 1, name })
const REFUSED = 'Accès non autorisé'

describe('role guard', () => {
  it('tells a user without the Transfer role so, in French, instead of opening the transfer form', async () => {
    renderApp('/warehouse/transfer')
    await heading(REFUSED)
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Votre profil n'a pas le rôle nécessaire pour cet écran : il faut le rôle Transfert (Transfert / Rangement).",
    )
    expect(screen.queryByRole('heading', { name: 'Transfert / Rangement' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('leads back home from the refusal', async () => {
    const { router } = renderApp('/warehouse/order-return')
    await heading(REFUSED)
    expect(screen.getByRole('alert')).toHaveTextContent('il faut le rôle Retours (Retour)')
    await userEvent.setup().click(screen.getByRole('link', { name: "Retour à l'accueil" }))
    expect(router.state.location.pathname).toBe('/')
  })

  it('opens the screens of the roles the user has', async () => {
    renderApp('/warehouse/carrier-slip')
    await heading('Bordereau transport')
    expect(screen.queryByText(REFUSED)).not.toBeInTheDocument()
  })

  it("names every role that opens a screen when it takes any of them (the endpoints' roles)", async () => {
    access = accessWith({ warehouse: { roles: ['Picking'] } })
    renderApp('/shop/maison-lumiere/product-information')
    await heading(REFUSED)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(
      "il faut l'un des rôles Réception, Transfert, Rebut, Inventaire, Impression, Étiquettes",
    )
    // The user's own role, Picking (Préparation), is not one of them.
    expect(within(alert).queryByText(/Préparation|Picking/)).not.toBeInTheDocument()
  })

  it('refuses the stock screens of a shop to an account without warehouse roles', async () => {
    access = accessWith({ warehouse: null })
    renderApp('/shop/maison-lumiere/reception')
    await heading(REFUSED)
    expect(screen.getByRole('alert')).toHaveTextContent('il faut le rôle Réception (Réception)')
  })

  it.each([
    '/warehouse/picking',
    '/warehouse/picking/maison-lumiere',
    '/warehouse/picking-session',
    '/warehouse/shipment',
    '/warehouse/packaging',
    '/warehouse/order-information',
    '/warehouse/print-location',
    '/warehouse/print-box',
    '/warehouse/location-information',
    '/shop/atelier-velo/rebut',
  ])('guards %s', async (path) => {
    // ReturnProduct opens the order return only.
    access = accessWith({ warehouse: { roles: ['ReturnProduct'] } })
    renderApp(path)
    await heading(REFUSED)
  })
})
