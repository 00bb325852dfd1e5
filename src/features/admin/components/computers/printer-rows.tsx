import { ActionIcon, Autocomplete, Fieldset, Group, NativeSelect } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { PRINTER_LANGUAGES, type AdminComputer } from '@contract'
import { adminText } from '../../text.ts'

const t = adminText.computers

export type PrinterDraft = AdminComputer['printers'][number] & { key: string }

/**
 * A workstation's printers: each a name (picked among those the print agent reported, so it is
 * spelt exactly as QZ Tray knows it), what it prints and in which language.
 */
export function PrinterRows({
  printers,
  onChange,
  found,
  fields,
}: {
  printers: PrinterDraft[]
  onChange: (next: PrinterDraft[]) => void
  found: string[]
  fields: Record<string, string>
}) {
  const update = (index: number, patch: Partial<PrinterDraft>) =>
    onChange(printers.map((p, i) => (i === index ? { ...p, ...patch } : p)))
  // A name already given to another row is not offered again.
  const offered = (index: number) =>
    found.filter((name) => !printers.some((p, i) => i !== index && p.name === name))
  if (printers.length === 0) return null
  return printers.map((printer, index) => {
    const n = index + 1
    return (
      <Fieldset key={printer.key} legend={t.printerLegend(n)} p="sm">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Autocomplete
            label={t.printerName}
            aria-label={t.printerNameOf(n)}
            data={offered(index)}
            value={printer.name}
            onChange={(name) => update(index, { name })}
            error={fields[`printers.${index}.name`]}
            openOnFocus
            style={{ flex: '1 1 12rem' }}
          />
          <NativeSelect
            label={t.use}
            aria-label={t.useOf(n)}
            data={(['label', 'a4'] as const).map((use) => ({ value: use, label: t.uses[use] }))}
            value={printer.use}
            onChange={(e) => update(index, { use: e.currentTarget.value as PrinterDraft['use'] })}
            error={fields[`printers.${index}.use`]}
          />
          <NativeSelect
            label={t.language}
            aria-label={t.languageOf(n)}
            data={PRINTER_LANGUAGES.map((language) => ({ value: language, label: t.languages[language] }))}
            value={printer.language}
            onChange={(e) => update(index, { language: e.currentTarget.value as PrinterDraft['language'] })}
            error={fields[`printers.${index}.language`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={4}
            aria-label={t.removePrinter(printer.name)}
            onClick={() => onChange(printers.filter((_, i) => i !== index))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Fieldset>
    )
  })
}
