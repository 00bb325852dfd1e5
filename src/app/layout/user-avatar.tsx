import { Avatar } from '@mantine/core'
import type { SessionUser } from '@contract'
import { avatarColor, avatarInitial, type AvatarColor } from '@/features/navigation'

/** docs/specification.md §9 palette names onto the theme's colours. */
const AVATAR_COLORS: Record<AvatarColor, string> = {
  default: 'gray',
  inherit: 'dark',
  primary: 'primary',
  secondary: 'secondary',
  info: 'cyan',
  success: 'green',
  warning: 'yellow',
  error: 'red',
}

export function UserAvatar({ user, size = 'md' }: { user?: SessionUser; size?: 'md' | 'xl' }) {
  const name = user?.displayName ?? ''
  return (
    <Avatar
      src={user?.photoURL || null}
      alt={name}
      color={AVATAR_COLORS[avatarColor(name)]}
      size={size}
      variant="filled"
    >
      {avatarInitial(name)}
    </Avatar>
  )
}
