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
import { adminProductImport, type AdminShop, type ProductImportResult } from '@contract'
import { useState } from 'react'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { lockedWhile } from '../form-modal.tsx'

const t = adminText.productImport

/**
 * 'Importer des produits (CSV)': a file or pasted lines; 'Vérifier' is a dry run (counts, and every
 * refused row with its line and reason), 'Importer' writes what that check announced.
 */
export function ProductImport({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)')
  const [csv, setCsv] = useState('')
  const [fileNote, setFileNote] = useState<string | null>(null)
  const [result, setResult] = useState<{ csv: string; answer: ProductImportResult } | null>(null)
  const [empty, setEmpty] = useState(false)
  const write = useAdminWrite(
    (body: { csv: string; dryRun: boolean }) =>
      callApi(adminProductImport, { params: { id: shop.id }, body }),
    { refresh: [adminKeys.shops()], done: (r) => (r.dryRun ? null : t.done(r.created + r.updated)) },
  )
  const problem = formProblem(write.error, () => false)

  const run = (dryRun: boolean) => {
    setEmpty(csv.trim() === '')
    if (csv.trim() === '') return
    write.mutate({ csv, dryRun }, { onSuccess: (answer) => setResult({ csv, answer }) })
  }
  const readFile = async (file: File | null) => {
    if (!file) return
    setCsv(await file.text())
    setFileNote(t.fileRead(file.name))
  }
  const checked = result?.csv === csv && result.answer.dryRun

  return (
    <Modal
      opened
      onClose={onClose}
      title={t.title(shop.name)}
      fullScreen={phone}
      size="xl"
      {...lockedWhile(write.isPending)}
    >
      <Stack gap="md">
        <Text size="sm">{t.help}</Text>
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
        {result ? <ImportResult answer={result.answer} /> : null}
      </Stack>
    </Modal>
  )
}

function ImportResult({ answer }: { answer: ProductImportResult }) {
  return (
    <Stack gap="xs" role="status">
      <Text fw={600}>{answer.dryRun ? t.dryRunTitle : t.doneTitle}</Text>
      <Text>{t.counts(answer)}</Text>
      {answer.refused.length === 0 ? (
        <Text c="dimmed">{t.noRefusal}</Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto">
          <Table striped withTableBorder aria-label={t.refusedTitle(answer.refused.length)}>
            <Table.Caption>{t.refusedTitle(answer.refused.length)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.line}</Table.Th>
                <Table.Th>{t.sku}</Table.Th>
                <Table.Th>{t.reason}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.refused.map((row) => (
                <Table.Tr key={`${row.line}-${row.sku}`}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.sku}</Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  )
}
