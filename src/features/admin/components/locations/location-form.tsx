import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import {
  adminLocationBodySchema,
  adminLocationCreate,
  LOCATION_KINDS,
  type AdminLocationBody,
  type AdminLocationCreateResult,
  type LocationKind,
} from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { checkBody } from '@/lib/forms'
import { placedAt, useFormProblem } from '@/lib/ui/use-form-problem'

const t = adminText.locations
const placed = placedAt('names', 'kind', /^names\.\d+$/)

/** The lines typed, without blank ones: what the contract's schema then checks one by one. */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

/**
 * 'Créer des emplacements': names pasted one a line, all of one kind. The answer says how many were
 * made and which were already there (those are left as they were).
 */
export function LocationForm() {
  const [text, setText] = useState('')
  const [kind, setKind] = useState<LocationKind>('storage')
  const [result, setResult] = useState<AdminLocationCreateResult | null>(null)
  const write = useAdminWrite((body: AdminLocationBody) => callApi(adminLocationCreate, { body }), {
    refresh: [adminKeys.locations()],
    done: (answer) => t.created(answer.created.length),
  })
  const { problem, check } = useFormProblem(write.error, placed)
  const [sent, setSent] = useState<string[]>([])
  // Each refused name is shown with its message: the message alone does not say which line.
  const badLines = Object.entries(problem.fields)
    .filter(([path]) => path.startsWith('names.'))
    .map(([path, text]) => `« ${sent[Number(path.slice('names.'.length))] ?? ''} » : ${text}`)
  const namesError = [problem.fields.names, ...badLines].filter(Boolean).join(' ') || undefined

  const submit = () => {
    const names = linesOf(text)
    setSent(names)
    setResult(null)
    const body = check(checkBody(adminLocationBodySchema, { names, kind }))
    if (body)
      write.mutate(body, {
        onSuccess: (answer) => {
          setResult(answer)
          setText('')
        },
      })
  }
  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="sm"
      aria-label={t.add}
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t.add}
        </Title>
        <Textarea
          label={t.names}
          description={t.namesHint}
          rows={6}
          resize="vertical"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={namesError}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group align="flex-end" gap="xs">
          <NativeSelect
            label={t.kind}
            data={LOCATION_KINDS.map((value) => ({ value, label: t.kinds[value] }))}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as LocationKind)}
            error={problem.fields.kind}
          />
          <Button type="submit" loading={write.isPending}>
            {t.create}
          </Button>
        </Group>
        {problem.alert ? (
          <Alert color="red" role="alert">
            {problem.alert}
          </Alert>
        ) : null}
        {result ? (
          <Stack gap={2} role="status">
            <Text fw={600}>{t.created(result.created.length)}</Text>
            {result.existing.length > 0 ? <Text size="sm">{t.existing(result.existing)}</Text> : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  )
}
