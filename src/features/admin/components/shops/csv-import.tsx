import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { QueryKey } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { formProblem } from '@/lib/forms'
import { decodeCsv } from '../../model/csv-file.ts'
import { useAdminWrite } from '../../api.ts'
import { adminText } from '../../text.ts'
import { lockedWhile } from '../form-modal.tsx'

const t = adminText.productImport

export interface CsvImportProps<R extends { dryRun: boolean }> {
  title: string
  help: ReactNode
  /** Sends the file: a dry run ('Vérifier') or the import. */
  send: (body: { csv: string; dryRun: boolean }) => Promise<R>
  refresh: readonly QueryKey[]
  /** The toast once imported, from the answer. */
  done: (answer: R) => string
  result: (answer: R) => ReactNode
  /** Below the import: what is already there (a shop's expected deliveries). */
  after?: ReactNode
  onClose: () => void
}

/**
 * A CSV import of the admin area (products, orders): a file or pasted lines; 'Vérifier' is a dry
 * run (what the import would do, and every refused row with its line and reason), 'Importer' writes
 * what that check announced, and is offered only once the text checked is the text shown.
 */
export function CsvImport<R extends { dryRun: boolean }>(props: CsvImportProps<R>) {
  const phone = useMediaQuery('(max-width: 36em)')
  const [csv, setCsv] = useState('')
  const [fileNote, setFileNote] = useState<string | null>(null)
  const [result, setResult] = useState<{ csv: string; answer: R } | null>(null)
  const [empty, setEmpty] = useState(false)
  const write = useAdminWrite(props.send, {
    refresh: props.refresh,
    done: (r) => (r.dryRun ? null : props.done(r)),
  })
  const problem = formProblem(write.error, () => false)

  const run = (dryRun: boolean) => {
    setEmpty(csv.trim() === '')
    if (csv.trim() === '') return
    write.mutate({ csv, dryRun }, { onSuccess: (answer) => setResult({ csv, answer }) })
  }
  const readFile = async (file: File | null) => {
    if (!file) return
    const { text, encoding } = decodeCsv(await file.arrayBuffer())
    setCsv(text)
    setFileNote(encoding === 'windows-1252' ? t.fileReadAnsi(file.name) : t.fileRead(file.name))
  }
  const checked = result?.csv === csv && result.answer.dryRun

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      fullScreen={phone}
      size="xl"
      {...lockedWhile(write.isPending)}
    >
      <Stack gap="md">
        <Text size="sm" component="div">
          {props.help}
        </Text>
        <FileInput
          label={t.file}
          placeholder={t.filePlaceholder}
          accept=".csv,text/csv,text/plain"
          onChange={(file) => void readFile(file)}
          description={fileNote}
          clearable
        />
        <Textarea
          label={t.paste}
          rows={8}
          resize="vertical"
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
          error={empty ? t.empty : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {problem.alert ? (
          <Alert color="red" role="alert">
            {problem.alert}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            onClick={() => run(true)}
            loading={write.isPending && write.variables?.dryRun}
          >
            {t.check}
          </Button>
          <Button
            onClick={() => run(false)}
            disabled={!checked}
            loading={write.isPending && !write.variables?.dryRun}
          >
            {t.run}
          </Button>
        </Group>
        {result ? (
          <Stack gap="xs" role="status">
            <Text fw={600}>{result.answer.dryRun ? t.dryRunTitle : t.doneTitle}</Text>
            {props.result(result.answer)}
          </Stack>
        ) : null}
        {props.after}
      </Stack>
    </Modal>
  )
}

/** The refused rows of an import, as a table: one header per column, one row per refusal. */
export function RefusedRows<Row>(props: {
  rows: readonly Row[]
  title: string
  columns: readonly [string, (row: Row) => ReactNode][]
}) {
  if (props.rows.length === 0) return <Text c="dimmed">{t.noRefusal}</Text>
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table striped withTableBorder aria-label={props.title}>
        <Table.Caption>{props.title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map(([label]) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row, i) => (
            <Table.Tr key={i}>
              {props.columns.map(([label, cell]) => (
                <Table.Td key={label}>{cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  )
}
