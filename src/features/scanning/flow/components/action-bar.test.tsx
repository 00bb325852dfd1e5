import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ActionBar } from './action-bar.tsx'

const renderBar = () =>
  render(
    <MantineProvider>
      <ActionBar
        validateLabel="Valider la réception"
        canValidate
        busy={false}
        onValidate={vi.fn()}
        onCancel={vi.fn()}
        cancelWhat="3 lignes"
        errors={[]}
      />
    </MantineProvider>,
  )

describe('ActionBar', () => {
  it('asks a second tap to cancel, and then only the cancel is red (issue 31: no two red buttons for opposite actions)', async () => {
    renderBar()
    const validate = screen.getByRole('button', { name: 'Valider la réception' })
    expect(validate).toHaveAttribute('data-variant', 'filled')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuler' }))
    const confirm = screen.getByRole('button', { name: 'Confirmer l’annulation' })
    expect(confirm).toHaveAttribute('data-variant', 'filled')
    expect(validate).toHaveAttribute('data-variant', 'default')
    expect(screen.getByText('Toucher encore pour effacer 3 lignes.')).toBeInTheDocument()
  })
})
