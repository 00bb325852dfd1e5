import { ActionIcon, Group, Loader, TextInput } from '@mantine/core'
import { IconCamera, IconKeyboard } from '@tabler/icons-react'
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react'
import { deliverScan } from '../deliver.ts'
import { SerialQueue } from '../flow/serial-queue.ts'
import { focusReducer, initialFocusState } from '../focus.ts'
import { useWedge } from '../hooks/use-wedge.ts'
import { FieldKeys, readAtEnter } from '../model/field-read.ts'
import { parseScan, type ScanResult, type ScanSource } from '../model/parse.ts'
import type { WedgeVerdict } from '../model/wedge.ts'
import { messages } from '@/lib/messages'
import { registerScanField } from '../page-scan.ts'
import type { ScanHandler } from '../types.ts'

const t = messages.scan

// The camera (and @zxing, when the browser has no BarcodeDetector) loads only when it is opened.
const CameraScanner = lazy(() => import('../camera/index.ts'))

/** A touch screen (handheld): keep the soft keyboard closed unless the user asks for it. */
const isTouch = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true

export interface ScanFieldProps {
  label: string
  onScan: ScanHandler
  placeholder?: string
  /** What to scan, under the label (a placeholder's grey is too faint to carry an instruction). */
  description?: string
  /** A French message next to the field, from the screen (e.g. 'Produit inconnu'). */
  error?: string
  disabled?: boolean
  /** Offer the camera button (default true). */
  camera?: boolean
  /** Called with every scan result, accepted or not (diagnostics). */
  onResult?: (result: ScanResult) => void
  /**
   * Take the focus when it appears (default true). A screen showing two scan fields at once sets
   * it false on the one that waits, or the last field mounted would take the first scan.
   */
  takeFocus?: boolean
  /** Scans a screen's flow holds (waiting or being looked up): shown next to the field. */
  pending?: number
  /** Whenever this changes, the field takes the focus back (the flow's active field). */
  focusSignal?: number
}

/**
 * The one scan input of every work screen: keyboard-wedge bursts (with or without Enter/Tab), typing
 * by hand, or the camera. It keeps (and takes back) focus so the next scan always lands here.
 */
export function ScanField({
  label,
  onScan,
  placeholder,
  description,
  error,
  disabled,
  camera = true,
  onResult,
  takeFocus = true,
  pending = 0,
  focusSignal,
}: ScanFieldProps) {
  const input = useRef<HTMLInputElement>(null)
  const [focus, dispatch] = useReducer(focusReducer, initialFocusState)
  const [keyboard, setKeyboard] = useState(() => !isTouch())
  const [cameraOpen, setCameraOpen] = useState(false)
  // Scans of this field, one at a time and in order: one that comes while the last is being looked
  // up waits its turn (it was dropped, or typed onto the previous code, before).
  const [queue] = useState(() => new SerialQueue())
  const [waiting, setWaiting] = useState(0)
  useEffect(() => queue.subscribe(() => setWaiting(queue.size)), [queue])
  const handler = useRef(onScan)
  useEffect(() => {
    handler.current = onScan
  })

  // Whether the field's text was keyed in one go (model/field-read.ts): read whole at Enter.
  const [keys] = useState(() => new FieldKeys())
  /** A scan for the screen: in the field's queue, with its feedback; the focus stays here. */
  const take = (result: ScanResult) => {
    if (onResult) startTransition(() => onResult(result))
    void queue.run(() => deliverScan(result, handler.current))
    dispatch({ type: 'request' })
  }
  const submit = (text: string, source: ScanSource, format?: string) => {
    // The field is emptied on every Enter: the next scan never lands on the previous one.
    if (input.current) input.current.value = ''
    keys.clear()
    if (!text.trim()) return
    take(parseScan(text, source, format))
  }
  // A scan made while the shell's search or a drawer is open comes here (page-scan.ts), and the
  // focus comes back here when they close.
  const takeRef = useRef(take)
  const disabledRef = useRef(disabled)
  useEffect(() => {
    takeRef.current = take
    disabledRef.current = disabled
  })
  // A ref, not state: a state set in this effect rendered every scan field a second time on mount.
  const registration = useRef<ReturnType<typeof registerScanField> | null>(null)
  useEffect(() => {
    const entry = registerScanField({
      receive: (result) => takeRef.current(result),
      focus: () => {
        const field = input.current
        if (!field || disabledRef.current || !field.isConnected) return false
        field.focus()
        return document.activeElement === field
      },
    })
    registration.current = entry
    return () => {
      registration.current = null
      entry.unregister()
    }
  }, [])
  const busy = Math.max(waiting, pending)

  // A scan ended by silence is the burst's own text, not the field's value: characters a person left
  // in the field before it must not be joined to the code, and a GS separator (which an input drops)
  // is kept. At Enter, readAtEnter weighs the burst against the field's whole text.
  const scanOf = (verdicts: WedgeVerdict[]) => verdicts.find((v) => v.type === 'scan')

  const onSilence = (verdicts: WedgeVerdict[]) => {
    // A scanner without suffix: the burst ended by silence.
    const scan = scanOf(verdicts)
    if (scan) submit(scan.text, 'wedge')
  }
  const feed = useWedge(onSilence)

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    keys.key(event.key, event.timeStamp)
    const scan = scanOf(feed(event.nativeEvent))
    if (event.key === 'Enter') {
      event.preventDefault()
      // The field holds the whole code even when a busy device spread its keys (field-read.ts).
      const read = readAtEnter(event.currentTarget.value, scan ? scan.text : null, keys.whole)
      submit(read.text, read.source)
    } else if (event.key === 'Tab' && scan) {
      event.preventDefault()
      submit(scan.text, 'wedge')
    }
  }

  // docs/specification.md §4: needToFocus is acted on here; the field reports its focus back.
  useEffect(() => {
    if (!focus.needToFocus || disabled) return
    input.current?.focus()
    // Already focused: no focus event will report it, so report it here (or the next request,
    // seeing needToFocus still set, would do nothing).
    if (document.activeElement === input.current) dispatch({ type: 'report', focused: true })
  }, [focus.needToFocus, disabled])
  useEffect(() => {
    if (takeFocus) dispatch({ type: 'request' })
    // Only on mount: a later change of the prop is the screen's own focus decision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (focusSignal !== undefined) dispatch({ type: 'request' })
  }, [focusSignal])

  const onBlur = () => {
    dispatch({ type: 'report', focused: false })
    // Focus fell to nothing (a dialog or a toast closed): take it back for the next scan.
    window.setTimeout(() => {
      if (document.activeElement === document.body && !cameraOpen) dispatch({ type: 'request' })
    }, 0)
  }

  return (
    <>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={input}
          label={label}
          placeholder={placeholder ?? t.placeholder}
          description={description}
          error={error}
          disabled={disabled}
          inputMode={keyboard ? 'text' : 'none'}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          onKeyDown={onKeyDown}
          onChange={(event) => {
            if (event.currentTarget.value === '') keys.clear()
          }}
          onFocus={() => {
            registration.current?.focused()
            dispatch({ type: 'report', focused: true })
          }}
          onBlur={onBlur}
          rightSection={
            busy > 0 ? (
              <Loader size="xs" role="status" aria-label={busy > 1 ? t.waiting(busy) : t.busy} />
            ) : null
          }
          data-focused={focus.isFocused || undefined}
          size="md"
          flex={1}
        />
        {keyboard ? null : (
          <ActionIcon
            size={42}
            variant="default"
            aria-label={t.typeByHand}
            onClick={() => {
              setKeyboard(true)
              dispatch({ type: 'request' })
            }}
          >
            <IconKeyboard size={22} />
          </ActionIcon>
        )}
        {camera ? (
          <ActionIcon
            size={42}
            variant="default"
            aria-label={t.openCamera}
            onClick={() => setCameraOpen(true)}
          >
            <IconCamera size={22} />
          </ActionIcon>
        ) : null}
      </Group>
      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner
            opened
            onClose={() => {
              setCameraOpen(false)
              dispatch({ type: 'request' })
            }}
            onDetected={(text: string, format: string) => submit(text, 'camera', format)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
