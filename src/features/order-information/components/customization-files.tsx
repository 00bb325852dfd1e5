import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core'
import { apiHost } from '@/lib/config'
import { fileHref, fileKind, type CustomizationFile } from '../model.ts'
import { orderInformationText as text } from '../text.ts'
import { PrintButton, PrintOutcome, usePrintAction } from './print-action.tsx'

const t = text.detail

function FileRow({ file, onPrint }: { file: CustomizationFile; onPrint: () => Promise<void> }) {
  const print = usePrintAction(onPrint, t.fileSent(file.name))
  const kind = fileKind(file)
  const href = fileHref(file.url, apiHost)

  return (
    <Stack gap={4} data-testid="customization-file">
      {kind === 'image' ? (
        <a href={href} target="_blank" rel="noreferrer" aria-label={t.openFile(file.name)}>
          <Image src={href} alt={file.name} maw={160} mah={160} fit="contain" radius="sm" />
        </a>
      ) : null}
      <Group gap="xs" wrap="wrap">
        <Anchor href={href} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Anchor>
        {kind === 'pdf' ? <PrintButton action={print} name={t.printFile(file.name)} label={t.print} /> : null}
      </Group>
      <PrintOutcome outcome={print.outcome} />
    </Stack>
  )
}

/** The shop's files for a customised order: pictures shown, PDFs sent to the A4 printer. */
export function CustomizationFiles({
  files,
  onPrint,
}: {
  files: CustomizationFile[]
  onPrint: (file: CustomizationFile) => Promise<void>
}) {
  if (files.length === 0) return null
  const pictures = files.filter((file) => fileKind(file) === 'image')
  const documents = files.filter((file) => fileKind(file) !== 'image')
  return (
    <Card withBorder padding="sm" component="section" aria-label={t.files}>
      <Text fw={700} mb="xs">
        {t.files}
      </Text>
      {/* Documents one per row with their buttons; pictures side by side, two abreast on a handheld. */}
      <Stack gap="sm">
        {documents.map((file) => (
          <FileRow key={file.name} file={file} onPrint={() => onPrint(file)} />
        ))}
        {pictures.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {pictures.map((file) => (
              <FileRow key={file.name} file={file} onPrint={() => onPrint(file)} />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Card>
  )
}
