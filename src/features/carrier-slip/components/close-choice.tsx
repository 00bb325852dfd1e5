// Mantine components this lazy screen uses beyond the shell's (src/app/styles.ts): their CSS ships here.
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import { Button, Modal, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { closeChoices, type LoadView } from '../load.ts'
import type { CloseMode } from '../model.ts'
import { text as t } from '../text.ts'

/**
 * 'Clôturer' tapped: with which parcels (the loaded ones, or all the slip shows), in a dialog where
 * the worker looks, however long the parcel list (issue 31); full screen on a handheld. The first
 * choice has the focus; Escape, a tap outside or 'Continuer le chargement' keep loading. A scan
 * still reaches the screen (the page's scan listener): it ticks its parcel, which ends the choice.
 */
export function CloseChoice({
  view,
  opened,
  onChoose,
  onDismiss,
}: {
  view: LoadView
  opened: boolean
  onChoose: (mode: CloseMode) => void
  onDismiss: () => void
}) {
  const phone = useMediaQuery('(max-width: 36em)')
  return (
    <Modal
      opened={opened}
      onClose={onDismiss}
      title={t.closeQuestion}
      centered
      fullScreen={phone}
      withCloseButton={false}
      data-testid="close-choice"
    >
      <Stack gap="xs">
        {closeChoices(view).map(({ mode, count }, index) => (
          <Button
            key={mode}
            h={48}
            variant={mode === 'loaded' ? 'filled' : 'light'}
            data-autofocus={index === 0 || undefined}
            onClick={() => onChoose(mode)}
          >
            {mode === 'loaded' ? t.closeWithLoaded(count) : t.closeWithAll(count)}
          </Button>
        ))}
        <Button h={48} variant="default" onClick={onDismiss}>
          {t.keepLoading}
        </Button>
      </Stack>
    </Modal>
  )
}
