import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QuantityLine } from './quantity-line.tsx'

const renderLine = (title: string, detail?: string) =>
  render(
    <MantineProvider>
      <QuantityLine title={title} detail={detail} quantity={4} />
    </MantineProvider>,
  )

describe('QuantityLine', () => {
  it('keeps a location code whole: it never wraps at its hyphens', () => {
    renderLine('A-01-01-01')
    expect(screen.getByText('A-01-01-01')).toHaveStyle({ whiteSpace: 'nowrap' })
  })

  it('lets a product name wrap, and keeps each part of its detail whole', () => {
    renderLine('Lampe de chevet laiton', 'ML-0001 · Maison Lumière')
    expect(screen.getByText('Lampe de chevet laiton')).not.toHaveStyle({ whiteSpace: 'nowrap' })
    expect(screen.getByText('ML-0001')).toHaveStyle({ whiteSpace: 'nowrap' })
    expect(screen.getByText('Maison Lumière')).toHaveStyle({ whiteSpace: 'nowrap' })
  })
})
