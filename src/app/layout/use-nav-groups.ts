import { useMemo } from 'react'
import type { UserAccess } from '@contract'
import { buildNavData, filterNav, homeItem, pickingBadge, type NavGroup } from '@/features/navigation'
import { isDevHost } from '@/lib/config'

/** The menu this user sees: the home item, then docs/specification.md §2.4's sections filtered by warehouse roles. */
export function useNavGroups(access: UserAccess, pathname: string): NavGroup[] {
  const home = useMemo(() => homeItem(pathname), [pathname])
  return useMemo(() => {
    const sections = buildNavData({ isDev: isDevHost, pickingBadge: pickingBadge(access.shops) })
    const homeGroup: NavGroup = { subheader: '', items: [home] }
    return [homeGroup, ...filterNav(sections, access.warehouse?.roles)]
  }, [access, home])
}
