import { MantineProvider, Modal, TextInput } from '@mantine/core'
import { createEvent, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { recordScanFeedback } from '../../../../tests/client/scanner.ts'
import { ScanField } from '../components/scan-field.tsx'
import type { ScanResult } from '../model/parse.ts'
import { useOverlayScans } from './use-overlay-scans.ts'
import { useScanListener } from './use-scan-listener.ts'

const feedback = recordScanFeedback()

/** The shell's search over a screen: a dialog whose field a person types a search into. */
function Search({
  opened,
  onClose,
  onSearch,
}: {
  opened: boolean
  onClose: () => void
  onSearch: (q: string) => void
}) {
  const [query, setQuery] = useState('')
  const close = () => {
    setQuery('')
    onClose()
  }
  useOverlayScans(opened, close)
  return (
    <Modal opened={opened} onClose={close} title="Rechercher" transitionProps={{ duration: 0 }}>
      <TextInput
        data-autofocus
        aria-label="Rechercher"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch(query)}
      />
    </Modal>
  )
}

function Page({
  onScan,
  onSearch,
  field = true,
}: {
  onScan: (r: ScanResult) => void
  onSearch: (q: string) => void
  field?: boolean
}) {
  const [opened, setOpened] = useState(true)
  useScanListener(onScan)
  return (
    <MantineProvider>
      {field ? <ScanField label="Code" onScan={onScan as never} camera={false} takeFocus={false} /> : null}
      <Search opened={opened} onClose={() => setOpened(false)} onSearch={onSearch} />
    </MantineProvider>
  )
}

/** A wedge burst into `target`, keys 1 ms apart by their stamps, typed into it as a browser would. */
function burst(target: HTMLElement, text: string) {
  const start = createEvent.keyDown(target, { key: 'Shift' }).timeStamp
  const press = (key: string, at: number) => {
    const event = createEvent.keyDown(target, { key })
    Object.defineProperty(event, 'timeStamp', { value: start + at })
    fireEvent(target, event)
    if (key.length === 1 && !event.defaultPrevented && target instanceof HTMLInputElement)
      fireEvent.change(target, { target: { value: target.value + key } })
  }
  ;[...text].forEach((ch, i) => press(ch, i))
  press('Enter', text.length)
}

describe('useOverlayScans: a scan with the search open', () => {
  it('closes the search and reaches the scan field, with its feedback, and the focus comes back there', async () => {
    const onScan = vi.fn()
    const onSearch = vi.fn()
    render(<Page onScan={onScan} onSearch={onSearch} />)
    const search = await screen.findByRole('textbox', { name: 'Rechercher' })
    await waitFor(() => expect(search).toHaveFocus())
    burst(search, 'A-01-02-03')
    expect(onSearch).not.toHaveBeenCalled()
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(1))
    expect(onScan.mock.calls[0]?.[0]).toMatchObject({ text: 'A-01-02-03', source: 'wedge' })
    expect(feedback).toEqual(['success'])
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Rechercher' })).toBeNull())
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus())
  })

  it('reaches a screen with no scan field through its page listener', async () => {
    const onScan = vi.fn()
    render(<Page onScan={onScan} onSearch={vi.fn()} field={false} />)
    const search = await screen.findByRole('textbox', { name: 'Rechercher' })
    burst(search, '3760010000014')
    expect(onScan).toHaveBeenCalledTimes(1)
    expect(feedback).toEqual(['success'])
  })

  it('leaves a person typing a search in the search', async () => {
    const onScan = vi.fn()
    const onSearch = vi.fn()
    render(<Page onScan={onScan} onSearch={onSearch} />)
    const search = await screen.findByRole('textbox', { name: 'Rechercher' })
    for (const ch of 'rec') {
      fireEvent.keyDown(search, { key: ch })
      fireEvent.change(search, { target: { value: (search as HTMLInputElement).value + ch } })
      await new Promise((r) => setTimeout(r, 70))
    }
    fireEvent.keyDown(search, { key: 'Enter' })
    expect(onSearch).toHaveBeenCalledWith('rec')
    expect(onScan).not.toHaveBeenCalled()
  })
})
