import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { NAV_MINI_KEY } from '@/features/navigation'
import { renderApp } from './render-app.tsx'
import { signedInApp } from './signed-in-app.ts'

signedInApp()

const mainMenu = () => screen.findByRole('navigation', { name: 'Menu principal' })
const shell = () => document.querySelector('[data-nav-mini]')

describe('the 88 px mini navigation (SPEC §9)', () => {
  it('shrinks the desktop menu to icons on demand, every item still named, and keeps the choice', async () => {
    const user = userEvent.setup()
    renderApp('/')
    expect(within(await mainMenu()).getByText('Flux Sortants')).toBeInTheDocument()
    expect(shell()).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Réduire le menu' }))
    const toggle = await screen.findByRole('button', { name: 'Agrandir le menu' })
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    expect(localStorage.getItem(NAV_MINI_KEY)).toBe('true')
    expect(shell()).not.toBeNull()
    // Icons only: no section titles, but each link keeps its title (and its badge) as its name.
    const menu = await waitFor(async () => {
      const nav = await mainMenu()
      expect(within(nav).queryByText('Flux Sortants')).toBeNull()
      return nav
    })
    const picking = within(menu).getByRole('link', { name: 'Picking (17 en attente)' })
    expect(picking).toHaveAttribute('href', '/warehouse/picking')
    expect(within(menu).getByRole('link', { name: 'Bordereau transport' })).toHaveAttribute(
      'href',
      '/warehouse/carrier-slip',
    )
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')

    await user.click(toggle)
    expect(within(await mainMenu()).getByText('Flux Sortants')).toBeInTheDocument()
    expect(localStorage.getItem(NAV_MINI_KEY)).toBe('false')
  })

  it('opens mini when the user left it so, and shows an icon’s label on hover and on keyboard focus', async () => {
    localStorage.setItem(NAV_MINI_KEY, 'true')
    const user = userEvent.setup()
    renderApp('/')
    expect(await screen.findByRole('button', { name: 'Agrandir le menu' })).toBeInTheDocument()
    const menu = await mainMenu()
    const shipment = await within(menu).findByRole('link', { name: 'Expédition' })
    expect(screen.queryByTestId('nav-tooltip')).toBeNull()

    await user.hover(shipment)
    expect(screen.getByTestId('nav-tooltip')).toHaveTextContent(/^Expédition$/)
    await user.unhover(shipment)
    await user.unhover(menu)
    await waitFor(() => expect(screen.queryByTestId('nav-tooltip')).toBeNull())

    within(menu).getByRole('link', { name: 'Colis' }).focus()
    await waitFor(() => expect(screen.getByTestId('nav-tooltip')).toHaveTextContent(/^Colis$/))
  })
})
