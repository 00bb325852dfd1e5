import { Button, Group, Stack, Text } from '@mantine/core'
import { PARCEL_STATUS_LABELS } from '@contract'
import { lineFields } from '@/lib/refusal'
import { unpackedUnits, type PackagingEvent, type PackagingState } from '../model.ts'
import { text as t } from '../text.ts'
import { ParcelEditor } from './parcel-editor.tsx'

export interface ParcelsEditProps {
  flow: { state: PackagingState; dispatch: (event: PackagingEvent) => void; refocus: () => void }
  onSave: () => void
}

/**
 * Every open parcel of the order being changed, as one edit: the PUT states them as a whole, so
 * 'Enregistrer les colis' sends them all (labelled parcels are kept as they are).
 */
export function ParcelsEdit({ flow, onSave }: ParcelsEditProps) {
  const { state, dispatch } = flow
  const { view, edit } = state
  if (!view || !edit) return null
  const unpacked = unpackedUnits(view, edit)
  const saving = state.busy?.action === 'save'
  const tap = (event: PackagingEvent) => () => {
    dispatch(event)
    flow.refocus()
  }
  const labelled = view.parcels.filter((p) => p.status !== 'open')
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.editing}
      </Text>
      {labelled.map((p) => (
        <Text key={p.seq} size="sm">
          {t.parcelTitle(p.seq)} ·{' '}
          {p.tracking ? t.tracking(p.tracking.number) : PARCEL_STATUS_LABELS[p.status]}
        </Text>
      ))}
      {edit.map((parcel, i) => (
        <ParcelEditor
          key={parcel.key}
          view={view}
          parcel={parcel}
          unpacked={unpacked}
          disabled={saving}
          errors={state.refusal ? lineFields(state.refusal, i, 'parcels') : {}}
          onBox={(boxType) => dispatch({ type: 'boxChanged', key: parcel.key, boxType })}
          onWeight={(weightGrams) => dispatch({ type: 'weightChanged', key: parcel.key, weightGrams })}
          onUnits={(orderLine, quantity) =>
            dispatch({ type: 'unitsChanged', key: parcel.key, orderLine, quantity })
          }
          onRemove={tap({ type: 'parcelRemoved', key: parcel.key })}
          onTapped={flow.refocus}
        />
      ))}
      <Button h={48} variant="light" disabled={saving} onClick={tap({ type: 'parcelAdded' })}>
        {t.addParcel}
      </Button>
      <Group grow gap="xs" wrap="nowrap">
        <Button h={48} loading={saving} onClick={onSave}>
          {t.save}
        </Button>
        <Button h={48} variant="default" disabled={saving} onClick={tap({ type: 'editCancelled' })}>
          {t.cancelEdit}
        </Button>
      </Group>
    </Stack>
  )
}
