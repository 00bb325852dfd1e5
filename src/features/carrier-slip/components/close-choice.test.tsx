import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { LoadView } from '../load.ts'
import { COLISSIMO } from '../../../testing/carrier-slip.ts'
import { CloseChoice } from './close-choice.tsx'

/** 25 of 27 parcels scanned (issue 31): only the counts matter to the question. */
const view = (loaded: number, total: number): LoadView => ({
  group: COLISSIMO,
  rows: [],
  extras: [],
  loaded,
  unscanned: total - loaded,
  total,
  missing: [],
})

function renderChoice(v: LoadView, opened = true) {
  const onChoose = vi.fn()
  const onDismiss = vi.fn()
  render(
    <MantineProvider>
      <CloseChoice view={v} opened={opened} onChoose={onChoose} onDismiss={onDismiss} />
    </MantineProvider>,
  )
  return { onChoose, onDismiss, user: userEvent.setup() }
}

describe('the close question (issue 31)', () => {
  it('is a dialog with the counts in its three buttons, the first focused, each 48 px tall', async () => {
    renderChoice(view(25, 27))
    const dialog = await screen.findByRole('dialog', { name: 'Clôturer ce bordereau avec quels colis ?' })
    const buttons = within(dialog).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Clôturer avec les 25 colis chargés',
      'Clôturer avec tous les colis (27)',
      'Continuer le chargement',
    ])
    expect(buttons[0]).toHaveFocus()
    for (const button of buttons) expect(button).toHaveStyle({ height: 'calc(3rem * var(--mantine-scale))' })
  })

  it('each button does what it did: loaded, all, keep loading; Escape keeps loading', async () => {
    const { onChoose, onDismiss, user } = renderChoice(view(25, 27))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Clôturer avec les 25 colis chargés' }))
    expect(onChoose).toHaveBeenLastCalledWith('loaded')
    await user.click(within(dialog).getByRole('button', { name: 'Clôturer avec tous les colis (27)' }))
    expect(onChoose).toHaveBeenLastCalledWith('all')
    await user.click(within(dialog).getByRole('button', { name: 'Continuer le chargement' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onDismiss).toHaveBeenCalledTimes(2)
    expect(onChoose).toHaveBeenCalledTimes(2)
  })

  it('nothing scanned: closing with all of them is the only close offered', async () => {
    renderChoice(view(0, 3))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Clôturer avec tous les colis (3)', 'Continuer le chargement'])
    expect(within(dialog).getByRole('button', { name: 'Clôturer avec tous les colis (3)' })).toHaveFocus()
  })

  it('is not shown until asked', () => {
    renderChoice(view(25, 27), false)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
