import { Button, Input, Stack, TextInput } from '@mantine/core'
import {
  adminComputerBodySchema,
  adminComputerCreate,
  adminComputerUpdate,
  type AdminComputer,
} from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt } from '@/lib/ui/use-form-problem'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { useAdminForm } from '../use-admin-form.ts'
import { AgentPrinters, type LocalAgent } from './agent-printers.tsx'
import { PrinterRows, type PrinterDraft } from './printer-rows.tsx'

const t = adminText.computers
// A message about a whole row ('printers.0') has no field of its own: it goes to the alert.
const placed = placedAt('name', 'ip', 'printers', /^printers\.\d+\.(name|use|language)$/)

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
  const [values, setValues] = useState({ name: computer?.name ?? '', ip: computer?.ip ?? '' })
  const [printers, setPrinters] = useState<PrinterDraft[]>(() => (computer?.printers ?? []).map(keyed))
  const [found, setFound] = useState<string[]>([])
  const { problem, submit, modalProps } = useAdminForm<AdminComputer>({
    refresh: [adminKeys.computers()],
    done: (saved) => (computer ? adminText.saved(saved.name) : t.created(saved.name)),
    placed,
    onClose,
  })
  const field = fieldBinder(values, setValues, problem.fields)
  const onSubmit = () =>
    submit(
      adminComputerBodySchema,
      {
        name: values.name,
        // Empty: a workstation known by its name only (a browser named as it).
        ip: values.ip.trim() || null,
        printers: printers.map(({ name, use, language }) => ({ name: name.trim(), use, language })),
      },
      (body) =>
        computer
          ? callApi(adminComputerUpdate, { params: { id: computer.id }, body })
          : callApi(adminComputerCreate, { body }),
    )

  return (
    <FormModal {...modalProps} title={computer ? t.editTitle(computer.name) : t.add} onSubmit={onSubmit}>
      <TextInput label={t.name} required {...field.text('name')} />
      <TextInput
        label={t.ip}
        description={t.ipHint}
        inputMode="decimal"
        spellCheck={false}
        {...field.text('ip')}
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
