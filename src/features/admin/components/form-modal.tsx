import { Alert, Button, Group, Modal, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { adminText } from '../text.ts'

/**
 * A dialog that stays open while its write is under way: its refusal is shown in it, so closing
 * it then would lose the failure without a word (the admin writes raise no toast). Escape, a click
 * outside and the close button are Mantine's only ways to call the dialog's onClose.
 */
export const lockedWhile = (pending: boolean) => ({
  closeOnEscape: !pending,
  closeOnClickOutside: !pending,
  withCloseButton: !pending,
})

/**
 * A shop's dialog of the admin area (its keys, webhooks, platform): full screen on a phone, kept
 * open while its write is under way (lockedWhile).
 */
export function ShopDialog({
  title,
  onClose,
  busy,
  size = 'xl',
  children,
}: {
  title: string
  onClose: () => void
  busy: boolean
  size?: 'lg' | 'xl'
  children: ReactNode
}) {
  const phone = useMediaQuery('(max-width: 36em)')
  return (
    <Modal opened onClose={onClose} title={title} fullScreen={phone} size={size} {...lockedWhile(busy)}>
      {children}
    </Modal>
  )
}

export interface FormModalProps {
  title: string
  onClose: () => void
  onSubmit: () => void
  pending: boolean
  /** What no field shows (formProblem's alert). */
  alert: string | null
  submitLabel?: string
  /** Buttons on the left of the footer (reset a password, delete). */
  extra?: ReactNode
  children: ReactNode
}

/**
 * The admin area's create/edit form: a dialog (full screen on a phone), Enter submits, Escape
 * closes (not while saving) and focus returns to the button that opened it.
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  pending,
  alert,
  submitLabel,
  extra,
  children,
}: FormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)')
  return (
    <Modal opened onClose={onClose} title={title} fullScreen={phone} size="lg" {...lockedWhile(pending)}>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault()
          // A form in a dialog opened from this one must not submit this one too (React events
          // bubble through portals).
          event.stopPropagation()
          if (!pending) onSubmit()
        }}
      >
        <Stack gap="md">
          {alert ? (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          ) : null}
          {children}
          <Group justify="space-between" gap="xs">
            <Group gap="xs">{extra}</Group>
            <Group gap="xs" ml="auto">
              <Button variant="default" onClick={onClose} disabled={pending}>
                {adminText.cancel}
              </Button>
              <Button type="submit" loading={pending}>
                {submitLabel ?? adminText.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
