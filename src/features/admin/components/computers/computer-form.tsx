import { Button, Input, Stack, TextInput } from '@mantine/core'
import {
  adminComputerBodySchema,
  adminComputerCreate,
  adminComputerUpdate,
  type AdminComputer,
  type AdminComputerBody,
} from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { paths, useFormProblem } from '../use-form-problem.ts'
import { AgentPrinters, type LocalAgent } from './agent-printers.tsx'
import { PrinterRows, type PrinterDraft } from './printer-rows.tsx'

const t = adminText.computers
const placed = paths(['name', 'ip', 'printers'], ['printers.'])

/** Rows keep their key while others are removed, so focus and typing stay on the right row. */
let lastKey = 0
const keyed = (p: Omit<PrinterDraft, 'key'>): PrinterDraft => ({ ...p, key: `printer-${++lastKey}` })

export function ComputerForm({
  computer,
  agent,
  onClose,
}: {
  computer: AdminComputer | null
  agent: LocalAgent
  onClose: () => void
}) {
  const [name, setName] = useState(computer?.name ?? '')
  const [ip, setIp] = useState(computer?.ip ?? '')
  const [printers, setPrinters] = useState<PrinterDraft[]>(() => (computer?.printers ?? []).map(keyed))
  const [found, setFound] = useState<string[]>([])
  const write = useAdminWrite(
    (body: AdminComputerBody) =>
      computer
        ? callApi(adminComputerUpdate, { params: { id: computer.id }, body })
        : callApi(adminComputerCreate, { body }),
    {
      refresh: [adminKeys.computers()],
      done: (saved) => (computer ? adminText.saved(saved.name) : t.created(saved.name)),
    },
  )
  const { problem, check } = useFormProblem(write.error, placed)

  const submit = () => {
    const body = check(adminComputerBodySchema, {
      name,
      ip: ip.trim(),
      printers: printers.map(({ name: printer, use, language }) => ({ name: printer.trim(), use, language })),
    })
    if (body) write.mutate(body, { onSuccess: onClose })
  }

  return (
    <FormModal
      title={computer ? t.editTitle(computer.name) : t.add}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      alert={problem.alert}
    >
      <TextInput
        label={t.name}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={problem.fields.name}
      />
      <TextInput
        label={t.ip}
        description={t.ipHint}
        required
        inputMode="decimal"
        spellCheck={false}
        value={ip}
        onChange={(e) => setIp(e.currentTarget.value)}
        error={problem.fields.ip}
      />
      <Stack gap="xs">
        <AgentPrinters agent={agent} onFound={setFound} />
        {problem.fields.printers ? <Input.Error>{problem.fields.printers}</Input.Error> : null}
        <PrinterRows printers={printers} onChange={setPrinters} found={found} fields={problem.fields} />
        <Button
          variant="default"
          onClick={() => setPrinters((list) => [...list, keyed({ name: '', use: 'label', language: 'pdf' })])}
        >
          {t.addPrinter}
        </Button>
      </Stack>
    </FormModal>
  )
}
