import { Alert, Button, CopyButton, Stack, Text, TextInput } from '@mantine/core'
import { adminText } from '../../text.ts'

type SecretText = Record<
  'secretTitle' | 'secretHelp' | 'secretLabel' | 'copyByHand' | 'copy' | 'copied',
  string
>

/**
 * A new key, shown once: in a field to select and copy by hand, and with a copy button where the
 * browser has a clipboard for the page (https, or localhost: not an admin's desktop reaching the
 * server at its LAN address over plain http, where the button would silently copy nothing). Also a
 * webhook endpoint's signing secret (its own texts).
 */
export function NewKeySecret({
  secret,
  texts: t = adminText.shopKeys,
}: {
  secret: string
  texts?: SecretText
}) {
  const clipboard = window.isSecureContext && 'clipboard' in navigator
  return (
    <Alert color="green" title={t.secretTitle} role="status">
      <Stack gap="xs">
        <Text size="sm">{t.secretHelp}</Text>
        <TextInput
          label={t.secretLabel}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          description={clipboard ? undefined : t.copyByHand}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {clipboard ? (
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant={copied ? 'light' : 'filled'} w="fit-content">
                {copied ? t.copied : t.copy}
              </Button>
            )}
          </CopyButton>
        ) : null}
      </Stack>
    </Alert>
  )
}
