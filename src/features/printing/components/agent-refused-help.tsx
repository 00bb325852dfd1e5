/**
 * The set-up help behind the print indicator when QZ Tray refuses this site (agent state
 * 'refused'): the site's QZ certificate is not installed on this workstation. The steps are here,
 * in the app, rather than a link to the docs, which a warehouse workstation cannot reach; the
 * certificate to install comes from GET /rest/qz/certificate (the last certificate of the chain it
 * serves: the root that QZ Tray trusts through authcert.override). Loaded only when opened.
 */
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import { qzCertificateCall } from '@contract'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { ApiError, callApi } from '@/lib/http'
import { printAgent } from '../agent.ts'
import { agentHelpText as t, ROOT_CERTIFICATE_FILE } from '../agent-help-text.ts'

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

/** The last PEM certificate of a text (our chain: leaf, marker, root; a site's own: itself). */
export function lastCertificate(text: string): string | null {
  const blocks = text.match(PEM_BLOCK)
  return blocks ? `${blocks[blocks.length - 1]}\n` : null
}

function saveFile(name: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/x-pem-file' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Open while mounted: the caller mounts it to open it (it is loaded then) and unmounts it on close. */
export function AgentRefusedHelp({ onClose }: { onClose: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const download = async () => {
    setBusy(true)
    setError(null)
    try {
      const root = lastCertificate(await callApi(qzCertificateCall))
      if (!root) throw new Error(t.downloadFailed)
      saveFile(ROOT_CERTIFICATE_FILE, root)
    } catch (failure) {
      setError(failure instanceof ApiError ? `${t.downloadFailed} ${failure.message}` : t.downloadFailed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={t.title}>
      <Stack gap="sm">
        <Text size="sm">{t.intro}</Text>
        <Stack component="ol" gap="xs" m={0} ps="lg">
          <li>
            <Text size="sm">{t.download}</Text>
            <Button mt={4} variant="light" loading={busy} onClick={() => void download()}>
              {t.downloadButton}
            </Button>
          </li>
          <li>
            <Text size="sm">{t.copy}</Text>
          </li>
          <li>
            <Text size="sm">{t.properties}</Text>
            <Text size="sm" component="code" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {t.propertiesLine}
            </Text>
          </li>
          <li>
            <Text size="sm">{t.restart}</Text>
          </li>
        </Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            onClick={() => {
              printAgent.retry()
              onClose()
            }}
          >
            {t.retry}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
