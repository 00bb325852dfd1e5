import { Alert, Badge, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import {
  adminWebhookCreate,
  adminWebhookDelete,
  adminWebhookRotate,
  adminWebhookTest,
  adminWebhookUpdate,
  type AdminShop,
  type EventType,
  SUBSCRIBABLE_EVENT_TYPES,
  type WebhookEndpoint,
} from '@contract'
import { useState } from 'react'
import { formatDateTime } from '@/lib/dates'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { useAdminWrite, webhooksQuery } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { EVENT_LABELS } from '../../text-webhooks.ts'
import { ShopDialog } from '../form-modal.tsx'
import { NewKeySecret } from './new-key-secret.tsx'
import { WebhookDeliveries } from './webhook-deliveries.tsx'

const t = adminText.webhooks

/**
 * 'Webhooks' of a shop (issue 34, docs/webhooks.md): its endpoints with their state (a paused one
 * says why, a failing one since when); one added with the events it wants, its secret shown once;
 * each paused or resumed, tested, given a new secret, removed after a confirmation, and its
 * deliveries listed and sent again. Only here may an on-site system on a private address be allowed.
 */
export function ShopWebhooks({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  const endpoints = useQuery(webhooksQuery(shop.id))
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<EventType[]>(['order.shipped', 'order.exception'])
  const [allowPrivate, setAllowPrivate] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  const refresh = [adminKeys.webhooks(shop.id)]
  const params = (webhook: WebhookEndpoint) => ({ id: shop.id, webhookId: webhook.id })
  const create = useAdminWrite(
    () => callApi(adminWebhookCreate, { params: { id: shop.id }, body: { url, events, allowPrivate } }),
    { refresh, done: (made) => t.created(made.webhook.url) },
  )
  const toggle = useAdminWrite(
    (w: WebhookEndpoint) =>
      callApi(adminWebhookUpdate, {
        params: params(w),
        body: { url: w.url, events: w.events, description: w.description, enabled: !w.enabled },
      }),
    { refresh, done: (w) => (w.enabled ? t.resumed(w.url) : t.pausedDone(w.url)) },
  )
  const test = useAdminWrite((w: WebhookEndpoint) => callApi(adminWebhookTest, { params: params(w) }), {
    refresh: [],
    done: () => t.tested,
  })
  const rotate = useAdminWrite((w: WebhookEndpoint) => callApi(adminWebhookRotate, { params: params(w) }), {
    refresh,
    done: () => t.rotated,
  })
  const remove = useAdminWrite((w: WebhookEndpoint) => callApi(adminWebhookDelete, { params: params(w) }), {
    refresh,
    done: (_answer, w) => t.removed(w.url),
  })
  const problem = formProblem(create.error, (field) => field === 'url' || field === 'events')
  const alert =
    problem.alert ??
    [toggle, test, rotate, remove].map((write) => formProblem(write.error, () => false).alert).find(Boolean)
  const busy = [create, toggle, test, rotate, remove].some((write) => write.isPending)

  return (
    <ShopDialog title={t.title(shop.name)} onClose={onClose} busy={busy}>
      <Stack gap="md">
        <Text size="sm">{t.help}</Text>
        {secret ? <NewKeySecret secret={secret} texts={t} /> : null}
        <form
          onSubmit={(event) => {
            event.preventDefault()
            create.mutate(undefined, {
              onSuccess: (made) => {
                setSecret(made.secret)
                setUrl('')
              },
            })
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={t.url}
              description={t.urlHint}
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={problem.fields.url}
              required
            />
            <Checkbox.Group
              label={t.events}
              value={events}
              onChange={(value) => setEvents(value as EventType[])}
              error={problem.fields.events}
            >
              <Stack gap={4} mt={4}>
                {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={`${EVENT_LABELS[type]} (${type})`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Checkbox
              label={t.allowPrivate}
              description={t.allowPrivateHint}
              checked={allowPrivate}
              onChange={(e) => setAllowPrivate(e.currentTarget.checked)}
            />
            <Button type="submit" loading={create.isPending} w="fit-content">
              {t.create}
            </Button>
          </Stack>
        </form>
        {alert ? (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        ) : null}
        {endpoints.isError ? (
          <Text c="red">{adminText.loadFailed}</Text>
        ) : (endpoints.data?.webhooks.length ?? 0) === 0 ? (
          <Text c="dimmed">{t.none}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {endpoints.data?.webhooks.map((w) => (
              <li key={w.id}>
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600} style={{ wordBreak: 'break-all' }}>
                      {w.url}
                    </Text>
                    <Badge color={w.enabled ? 'green' : 'orange'}>
                      {w.enabled ? t.active : t.paused(w.pausedReason)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t.eventsLabel(w.events)}
                  </Text>
                  {w.failingSince ? (
                    <Text size="sm" c="orange">
                      {t.failing(w.consecutiveFailures, formatDateTime(w.failingSince))}
                    </Text>
                  ) : null}
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => toggle.mutate(w)}>
                      {w.enabled ? t.pause : t.resume}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => test.mutate(w)}>
                      {t.test}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        if (window.confirm(t.confirmRotate))
                          rotate.mutate(w, { onSuccess: (made) => setSecret(made.secret) })
                      }}
                    >
                      {t.rotate}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setOpen(open === w.id ? null : w.id)}>
                      {open === w.id ? t.hideDeliveries : t.deliveries}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => {
                        if (window.confirm(t.confirmRemove(w.url))) remove.mutate(w)
                      }}
                    >
                      {t.remove}
                    </Button>
                  </Group>
                  {open === w.id ? <WebhookDeliveries shopId={shop.id} webhook={w} /> : null}
                </Stack>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </ShopDialog>
  )
}
