import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { adminComputerDelete, type AdminComputer } from '@contract'
import { useState } from 'react'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { computersQuery, useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { lockedWhile } from '../form-modal.tsx'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { useEditing } from '../use-editing.ts'
import type { LocalAgent } from './agent-printers.tsx'
import { ComputerForm } from './computer-form.tsx'
import { ThisBrowser } from './this-browser.tsx'

const t = adminText.computers

export function ComputersSection({ agent }: { agent: LocalAgent }) {
  const computers = useQuery(computersQuery())
  const { editing, add, edit, close } = useEditing<AdminComputer>()
  const [deleting, setDeleting] = useState<AdminComputer | null>(null)
  return (
    <Section title={t.tab} query={computers} action={<Button onClick={add}>{t.add}</Button>}>
      {(list) => (
        <>
          <Rows>
            {list.map((computer) => (
              <Row
                key={computer.id}
                title={computer.name}
                details={
                  <>
                    <Text size="sm" c="dimmed">
                      {computer.ip ?? t.noIp}
                    </Text>
                    <Text size="sm">
                      {computer.printers.length
                        ? computer.printers
                            .map((p) => `${p.name} (${t.uses[p.use]}, ${t.languages[p.language]})`)
                            .join(' · ')
                        : t.noPrinter}
                    </Text>
                  </>
                }
                actions={
                  <>
                    <ThisBrowser agent={agent} workstation={computer.name} />
                    <EditButton name={computer.name} onClick={() => edit(computer)} />
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      onClick={() => setDeleting(computer)}
                      aria-label={`${t.delete} ${computer.name}`}
                    >
                      {t.delete}
                    </Button>
                  </>
                }
              />
            ))}
          </Rows>
          {editing ? <ComputerForm computer={editing.entity} agent={agent} onClose={close} /> : null}
          {deleting ? <DeleteComputer computer={deleting} onClose={() => setDeleting(null)} /> : null}
        </>
      )}
    </Section>
  )
}

/** The confirmation before a workstation goes, with its printers. */
function DeleteComputer({ computer, onClose }: { computer: AdminComputer; onClose: () => void }) {
  const remove = useAdminWrite(() => callApi(adminComputerDelete, { params: { id: computer.id } }), {
    refresh: [adminKeys.computers()],
    done: () => t.deleted(computer.name),
  })
  const alert = formProblem(remove.error, () => false).alert
  const pending = remove.isPending
  return (
    <Modal opened onClose={onClose} title={t.deleteTitle(computer.name)} {...lockedWhile(pending)}>
      <Stack gap="md">
        <Text>{t.deleteBody}</Text>
        {alert ? (
          <Text c="red" role="alert">
            {alert}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {adminText.cancel}
          </Button>
          <Button
            color="red"
            loading={pending}
            onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
          >
            {t.deleteConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
