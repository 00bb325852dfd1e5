import { MantineProvider } from '@mantine/core'
import { createEvent, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { recordScanFeedback } from '../../../../tests/client/scanner.ts'
import type { ScanResult } from '../model/parse.ts'
import { ScanField } from './scan-field.tsx'

const feedback = recordScanFeedback()

function renderField(onScan: (r: ScanResult) => unknown) {
  render(
    <MantineProvider>
      <ScanField label="Code" onScan={onScan as never} camera={false} />
    </MantineProvider>,
  )
  return screen.getByLabelText('Code') as HTMLInputElement
}

/**
 * Keys as a wedge scanner sends them: all at once, 1 ms apart by their stamps. jsdom would stamp
 * each with the clock when dispatched, and on CI's loaded cores a pause of the test process between
 * two keys once cut '3760010000015' in two, so it never reached the check-digit rule.
 */
function burst(
  input: HTMLInputElement,
  text: string,
  suffix = 'Enter',
  stall?: { after: number; ms: number },
) {
  // jsdom's own clock for event stamps, read from an event not dispatched.
  const start = createEvent.keyDown(input, { key: 'Shift' }).timeStamp
  const press = (key: string, at: number) => {
    const event = createEvent.keyDown(input, { key })
    Object.defineProperty(event, 'timeStamp', { value: start + at })
    fireEvent(input, event)
  }
  const late = (i: number) => (stall && i >= stall.after ? stall.ms : 0)
  ;[...text].forEach((ch, i) => {
    press(ch, i + late(i))
    input.value += ch
  })
  press(suffix, text.length + late(text.length))
}

describe('ScanField', () => {
  it('takes focus, delivers a wedge burst as a parsed scan, gives feedback, clears and keeps focus', async () => {
    const onScan = vi.fn()
    const input = renderField(onScan)
    await waitFor(() => expect(input).toHaveFocus())
    burst(input, '3760010000014')
    expect(onScan).toHaveBeenCalledTimes(1)
    expect(onScan.mock.calls[0]?.[0]).toMatchObject({
      text: '3760010000014',
      source: 'wedge',
      kind: 'ean13',
      gtin: '03760010000014',
    })
    expect(feedback).toEqual(['success'])
    expect(input.value).toBe('')
    expect(input).toHaveFocus()
  })

  it('delivers what was typed by hand on Enter, as manual input', async () => {
    const onScan = vi.fn()
    const input = renderField(onScan)
    for (const ch of 'A-01') {
      fireEvent.keyDown(input, { key: ch })
      input.value += ch
      await new Promise((r) => setTimeout(r, 70))
    }
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onScan.mock.calls[0]?.[0]).toMatchObject({ text: 'A-01', source: 'manual', kind: 'text' })
  })

  it("gives the screen's verdict as feedback, a warning for a wrong check digit, an error when the handler throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const input = renderField((r) => {
      if (r.text === 'BAD') throw new Error('refused')
      return r.text === 'NOPE' ? 'error' : undefined
    })
    burst(input, 'NOPE')
    burst(input, '3760010000015')
    burst(input, 'BAD')
    expect(feedback).toEqual(['error', 'warning', 'error'])
  })

  it('waits for an async verdict, then gives it', async () => {
    let settle: (v: 'error') => void = () => {}
    const input = renderField(() => new Promise((resolve) => (settle = resolve)))
    burst(input, 'A-01-02-03')
    expect(feedback).toEqual([])
    expect(screen.getByLabelText('Envoi en cours')).toBeInTheDocument()
    settle('error')
    await waitFor(() => expect(feedback).toEqual(['error']))
  })

  it('takes scans made while the last one is still being handled, in order, each from an empty field', async () => {
    const seen: string[] = []
    const settles: (() => void)[] = []
    const input = renderField((r) => {
      seen.push(r.text)
      return new Promise<void>((resolve) => settles.push(resolve))
    })
    burst(input, 'A-01-01-01')
    burst(input, '3760010000014')
    burst(input, 'ML-0001')
    // Each Enter emptied the field: no code was typed onto the one before.
    expect(input.value).toBe('')
    expect(seen).toEqual(['A-01-01-01'])
    expect(screen.getByLabelText('3 scans en attente')).toBeInTheDocument()
    for (let i = 0; i < 3; i++) {
      settles[i]?.()
      await waitFor(() => expect(seen).toHaveLength(Math.min(i + 2, 3)))
    }
    expect(seen).toEqual(['A-01-01-01', '3760010000014', 'ML-0001'])
  })

  it('delivers only the burst when a person left characters in the field before it', async () => {
    const onScan = vi.fn()
    const input = renderField(onScan)
    for (const ch of 'AB') {
      fireEvent.keyDown(input, { key: ch })
      input.value += ch
      await new Promise((r) => setTimeout(r, 70))
    }
    burst(input, '3760010000014')
    expect(onScan).toHaveBeenCalledTimes(1)
    expect(onScan.mock.calls[0]?.[0]).toMatchObject({ text: '3760010000014', source: 'wedge' })
    expect(input.value).toBe('')
  })

  it('reads the whole code when a busy device delivered its keys with a long gap', async () => {
    const onScan = vi.fn()
    const input = renderField(onScan)
    // '37600', 300 ms, '10000823' Enter: the burst before Enter is only the tail.
    burst(input, '3760010000823', 'Enter', { after: 5, ms: 300 })
    expect(onScan).toHaveBeenCalledTimes(1)
    expect(onScan.mock.calls[0]?.[0]).toMatchObject({
      text: '3760010000823',
      kind: 'ean13',
      checkDigit: 'valid',
    })
    expect(input.value).toBe('')
  })
})
