import { Alert, Button, Card, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/SegmentedControl.css'
import { IconPrinter } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { messages } from '@/lib/messages'
import { showToast } from '@/lib/ui/toast'
import { useBoxLabels, type BoxRequest, type LabelFormat, type PrintHandler } from '../api.ts'
import { labelsText } from '../text.ts'

const t = labelsText
const MAX = 500

/** The request of the form, or the French reason it cannot be sent. */
export function boxRequest(
  mode: 'new' | 'reprint',
  count: number | string,
  from: number | string,
  to: number | string,
): BoxRequest | string {
  const whole = (v: number | string) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null)
  if (mode === 'new') {
    const n = whole(count)
    return n && n <= MAX ? { count: n } : t.countRange(MAX)
  }
  const a = whole(from)
  const b = whole(to)
  if (!a || !b) return t.rangeMissing
  if (b < a) return t.rangeOrder
  if (b - a + 1 > MAX) return t.countRange(MAX)
  return { from: a, to: b }
}

/** /warehouse/print-box: labels for new boxes (the next numbers), or a reprint of a range. */
export function BoxLabels({ onPrint, format }: { onPrint: PrintHandler; format?: LabelFormat }) {
  const boxes = useBoxLabels(format)
  const [mode, setMode] = useState<'new' | 'reprint'>('new')
  const [count, setCount] = useState<number | string>(10)
  const [from, setFrom] = useState<number | string>('')
  const [to, setTo] = useState<number | string>('')
  const [error, setError] = useState<string>()
  const [printing, setPrinting] = useState(false)
  const [last, setLast] = useState<string[] | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const request = boxRequest(mode, count, from, to)
    if (typeof request === 'string') return setError(request)
    setError(undefined)
    setPrinting(true)
    try {
      const document = await boxes.mutateAsync(request)
      await onPrint(document)
      setLast(document.boxes)
      showToast({ color: 'green', message: t.sent(document.boxes.length) })
    } catch (e) {
      setError(e instanceof Error ? e.message : messages.errors.unexpectedAnswer)
    } finally {
      setPrinting(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate style={{ maxWidth: 520 }}>
      <Stack gap="md">
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'new' | 'reprint')}
          data={[
            { value: 'new', label: t.newBoxes },
            { value: 'reprint', label: t.reprintBoxes },
          ]}
          fullWidth
          size="md"
        />
        {mode === 'new' ? (
          <NumberInput
            label={t.boxCount}
            value={count}
            onChange={setCount}
            min={1}
            max={MAX}
            allowDecimal={false}
            size="md"
          />
        ) : (
          <>
            <NumberInput
              label={t.boxFrom}
              value={from}
              onChange={setFrom}
              min={1}
              allowDecimal={false}
              size="md"
            />
            <NumberInput label={t.boxTo} value={to} onChange={setTo} min={1} allowDecimal={false} size="md" />
          </>
        )}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" leftSection={<IconPrinter size={18} />} loading={printing} size="md" h={48}>
          {t.printBoxes}
        </Button>
        {last?.length ? (
          <Card withBorder>
            <Text>{t.lastBoxes(last[0] as string, last.at(-1) as string, last.length)}</Text>
          </Card>
        ) : null}
      </Stack>
    </form>
  )
}
