import { fireEvent, render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ScanResult } from '../model/parse.ts'
import { useScanListener } from './use-scan-listener.ts'

function Screen({ onScan }: { onScan: (r: ScanResult) => void }) {
  useScanListener(onScan)
  return <input aria-label="Quantité" />
}

const keys = (target: Element, text: string) => {
  for (const ch of text) fireEvent.keyDown(target, { key: ch })
  fireEvent.keyDown(target, { key: 'Enter' })
}

describe('useScanListener (page-level scanning)', () => {
  it('delivers a burst that arrives with no field focused', () => {
    const onScan = vi.fn()
    render(<Screen onScan={onScan} />)
    keys(document.body, 'A-01-02-03')
    expect(onScan).toHaveBeenCalledTimes(1)
    expect(onScan.mock.calls[0]?.[0]).toMatchObject({ text: 'A-01-02-03', source: 'wedge' })
  })

  it('leaves alone someone typing in another field', () => {
    const onScan = vi.fn()
    const { getByLabelText } = render(<Screen onScan={onScan} />)
    keys(getByLabelText('Quantité'), '12345')
    expect(onScan).not.toHaveBeenCalled()
  })

  it('ignores slow keys on the page (a person, not a scanner)', async () => {
    const onScan = vi.fn()
    render(<Screen onScan={onScan} />)
    for (const ch of 'abc') {
      fireEvent.keyDown(document.body, { key: ch })
      await new Promise((r) => setTimeout(r, 70))
    }
    fireEvent.keyDown(document.body, { key: 'Enter' })
    expect(onScan).not.toHaveBeenCalled()
  })
})
