import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core'
import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/InlineInput.css' // the switches' rows (laid out inline without it)
import '@mantine/core/styles/Switch.css'
import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import {
  getFeedbackSettings,
  scanFeedback,
  setFeedbackSettings,
  subscribeFeedbackSettings,
} from '../feedback/index.ts'
import type { ScanResult } from '../model/parse.ts'
import {
  WEDGE_SUFFIX_MODES,
  WedgeDetector,
  type WedgeOptions,
  type WedgeSuffixMode,
  type WedgeVerdict,
} from '../model/wedge.ts'
import { getWedgeOptions, pushWedgeKey, setWedgeOptions } from '../wedge-settings.ts'
import { KeyLog, type KeyRecord } from './key-log.tsx'
import { ScanField } from './scan-field.tsx'

const MAX_RECORDS = 40
const acceptAll = () => undefined
const SUFFIX_LABELS: Record<WedgeSuffixMode, string> = {
  auto: 'Automatique (appris au premier scan suivi d’Entrée ou Tab)',
  enter: 'Entrée ou Tab',
  none: 'Aucun (fin du scan au silence)',
}

function describe(verdict: WedgeVerdict | null): string {
  if (!verdict) return '—'
  if (verdict.type === 'typing') return `Saisie manuelle : « ${verdict.text} »`
  const suffix = verdict.suffix ? `suivi de ${verdict.suffix}` : 'sans suffixe'
  return `Scan ${suffix} : ${verdict.keys} caractères en ${Math.round(verdict.durationMs)} ms`
}

/**
 * Setting up a new handheld on the floor: every key event with its timing, how the last input was
 * classified, what the code contains, and this device's scan settings.
 */
export function ScannerDiagnostics() {
  const [records, setRecords] = useState<KeyRecord[]>([])
  const [verdict, setVerdict] = useState<WedgeVerdict | null>(null)
  const [result, setResult] = useState<ScanResult | null>(null)
  const [options, setOptions] = useState<WedgeOptions>(getWedgeOptions)
  // Follows changes made elsewhere too (another tab): the settings store is the one source.
  const feedback = useSyncExternalStore(subscribeFeedbackSettings, getFeedbackSettings)
  const detector = useRef(new WedgeDetector(options))
  const last = useRef<number | null>(null)

  useEffect(() => {
    detector.current = new WedgeDetector(options)
    let id = 0
    let timer: number | undefined
    // Keys wait in a buffer and are drawn when the input ends (a verdict, or the silence after it):
    // re-rendering on every key would slow the page down under a 5 ms burst and so stretch the very
    // gaps this screen measures.
    let pending: KeyRecord[] = []
    const draw = () => {
      const fresh = pending.reverse()
      pending = []
      if (fresh.length) startTransition(() => setRecords((r) => [...fresh, ...r].slice(0, MAX_RECORDS)))
    }
    const show = (verdicts: WedgeVerdict[]) => {
      const final = verdicts.at(-1)
      if (!final) return
      draw()
      startTransition(() => setVerdict(final))
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const gap = last.current === null ? null : event.timeStamp - last.current
      last.current = event.timeStamp
      pending.push({ id: id++, key: event.key, time: event.timeStamp, gap })
      show(pushWedgeKey(detector.current, { key: event.key, time: event.timeStamp }))
      // The suffix was just learnt (and kept for the device): show it, with a detector that expects it.
      if (options.suffix === 'auto' && detector.current.suffixExpected) setOptions(getWedgeOptions())
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        show(detector.current.flush(performance.now()))
        draw()
      }, options.endSilenceMs + 1)
    }
    // Capture: the log sees the keys before the scan field consumes them.
    window.addEventListener('keydown', onKeyDown, true)
    return () => {
      window.removeEventListener('keydown', onKeyDown, true)
      window.clearTimeout(timer)
    }
  }, [options])

  const changeOption = (name: Exclude<keyof WedgeOptions, 'suffix'>) => (value: string | number) => {
    const n = Number(value)
    if (Number.isFinite(n) && n > 0) setOptions(setWedgeOptions({ [name]: n }))
  }
  const changeFeedback = (name: keyof typeof feedback) => (checked: boolean) => {
    setFeedbackSettings({ [name]: checked })
  }

  return (
    <Stack gap="md">
      <ScanField label="Zone de test" onScan={acceptAll} onResult={setResult} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={3} fz="h5" mb="xs">
            Dernière saisie
          </Title>
          <Text data-testid="wedge-verdict">{describe(verdict)}</Text>
          {result ? (
            <Stack gap={2} mt="xs">
              <Text size="sm">Code : {result.text}</Text>
              <Text size="sm">Type : {result.kind}</Text>
              {result.gtin ? <Text size="sm">GTIN : {result.gtin}</Text> : null}
              {result.sscc ? <Text size="sm">SSCC : {result.sscc}</Text> : null}
              {result.gs1?.elements.map((e) => (
                <Text size="sm" key={e.ai}>
                  ({e.ai}) {e.title} : {e.value}
                </Text>
              ))}
              {result.warnings.map((w) => (
                <Alert key={w} color="orange" p="xs">
                  {w}
                </Alert>
              ))}
            </Stack>
          ) : null}
        </Card>
        <Card withBorder>
          <Title order={3} fz="h5" mb="xs">
            Réglages de cet appareil
          </Title>
          <Stack gap="xs">
            <NumberInput
              label="Écart maximal entre deux touches (ms)"
              value={options.maxGapMs}
              min={5}
              max={500}
              onChange={changeOption('maxGapMs')}
            />
            <NumberInput
              label="Longueur minimale d'un scan"
              value={options.minLength}
              min={1}
              max={50}
              onChange={changeOption('minLength')}
            />
            <NumberInput
              label="Silence de fin de scan sans suffixe (ms)"
              value={options.endSilenceMs}
              min={20}
              max={2000}
              onChange={changeOption('endSilenceMs')}
            />
            <NativeSelect
              label="Suffixe envoyé par le scanner"
              description="Avec Entrée ou Tab, le silence ne termine jamais un scan : une page ralentie ne le coupe plus en deux."
              value={options.suffix}
              onChange={(e) => {
                const suffix = WEDGE_SUFFIX_MODES.find((mode) => mode === e.currentTarget.value)
                if (suffix) setOptions(setWedgeOptions({ suffix }))
              }}
              data={WEDGE_SUFFIX_MODES.map((mode) => ({ value: mode, label: SUFFIX_LABELS[mode] }))}
            />
            <Switch
              label="Son"
              checked={feedback.sound}
              onChange={(e) => changeFeedback('sound')(e.currentTarget.checked)}
            />
            <Switch
              label="Vibration"
              checked={feedback.vibration}
              onChange={(e) => changeFeedback('vibration')(e.currentTarget.checked)}
            />
            <Switch
              label="Flash de couleur"
              checked={feedback.flash}
              onChange={(e) => changeFeedback('flash')(e.currentTarget.checked)}
            />
            <Group gap="xs">
              <Button variant="light" color="green" onClick={() => scanFeedback('success')}>
                Tester : succès
              </Button>
              <Button variant="light" color="orange" onClick={() => scanFeedback('warning')}>
                Attention
              </Button>
              <Button variant="light" color="red" onClick={() => scanFeedback('error')}>
                Erreur
              </Button>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
      <KeyLog records={records} />
    </Stack>
  )
}
