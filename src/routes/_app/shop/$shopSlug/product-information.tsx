import { Button } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { productInfo } from '@contract'
import { RoleGuard, useShop } from '@/features/access'
import { useProductLabels } from '@/features/labels'
import { useLabelFormat, usePrint } from '@/features/printing'
import { ProductInformation, stockInfoText } from '@/features/stock-info'
import { PageHeader } from '@/lib/ui/page-header'
import { isString, optionalSearch } from '@/lib/ui/search-params'
import { showToast } from '@/lib/ui/toast'

export const Route = createFileRoute('/_app/shop/$shopSlug/product-information')({
  validateSearch: optionalSearch({ code: isString }),
  component: () => (
    <RoleGuard roles={productInfo.roles}>
      <ProductInformationRoute />
    </RoleGuard>
  ),
})

function ProductInformationRoute() {
  const shop = useShop(Route.useParams().shopSlug)
  const { code } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <>
      <PageHeader title="Information produit" subtitle={shop.name} />
      <ProductInformation
        shopSlug={shop.slug}
        code={code}
        onCodeChange={(next) => void navigate({ search: { code: next }, replace: true })}
        actions={(product) => <PrintLabelButton shopSlug={shop.slug} sku={product.sku} />}
      />
    </>
  )
}

/** The product's label on this workstation's label printer. */
function PrintLabelButton({ shopSlug, sku }: { shopSlug: string; sku: string }) {
  const labels = useProductLabels(shopSlug, useLabelFormat())
  const print = usePrint()
  const [printing, setPrinting] = useState(false)
  const onClick = async () => {
    setPrinting(true)
    try {
      await print({ document: await labels.mutateAsync({ codes: [sku] }), use: 'label' })
      showToast({ color: 'green', message: stockInfoText.labelSent })
    } catch (error) {
      showToast({ color: 'red', message: error instanceof Error ? error.message : stockInfoText.unexpected })
    } finally {
      setPrinting(false)
    }
  }
  return (
    <Button leftSection={<IconPrinter size={18} />} loading={printing} onClick={() => void onClick()}>
      {stockInfoText.printLabel}
    </Button>
  )
}
