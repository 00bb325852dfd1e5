import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { QuantityStepper } from './quantity-stepper.tsx'

describe('QuantityStepper', () => {
  it('gives the field opened by a tap the focus at once, its value selected: focus left on nothing was taken back by the scan field, which closed it', async () => {
    const onChange = vi.fn()
    render(
      <MantineProvider>
        <QuantityStepper name="SKU-1" quantity={3} min={0} max={10} onChange={onChange} />
      </MantineProvider>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Modifier la quantité de SKU-1 : 3' }))
    const field = screen.getByLabelText<HTMLInputElement>('Quantité de SKU-1')
    expect(document.activeElement).toBe(field)
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 1])
    // Typed over, as the selection says: what a worker types replaces the quantity.
    await user.keyboard('0{Enter}')
    expect(onChange).toHaveBeenCalledWith(0)
  })
})
