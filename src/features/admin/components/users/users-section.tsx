import { Badge, Button, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { AdminUser } from '@contract'
import { shopsQuery, usersQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { useEditing } from '../use-editing.ts'
import { UserForm } from './user-form.tsx'

const t = adminText.users
// The list names the roles as the form does; a role this client does not know shows as it is.
const roleNames: Record<string, string> = adminText.roleNames

export function UsersSection() {
  const users = useQuery(usersQuery())
  const shops = useQuery(shopsQuery())
  const { editing, add, edit, close } = useEditing<AdminUser>()
  return (
    <Section title={t.tab} query={users} action={<Button onClick={add}>{t.add}</Button>}>
      {(list) => (
        <>
          <Rows>
            {list.map((user) => (
              <Row
                key={user.id}
                title={`${user.username} — ${user.displayName}`}
                details={<UserDetails user={user} />}
                actions={<EditButton name={user.username} onClick={() => edit(user)} />}
              />
            ))}
          </Rows>
          {editing ? <UserForm user={editing.entity} shops={shops.data ?? []} onClose={close} /> : null}
        </>
      )}
    </Section>
  )
}

function UserDetails({ user }: { user: AdminUser }) {
  return (
    <>
      <Group gap={4}>
        {user.admin ? <Badge color="grape">{t.badges.admin}</Badge> : null}
        {user.disabled ? <Badge color="red">{t.badges.disabled}</Badge> : null}
        {user.warehouseAccess ? (
          user.roles.map((role) => (
            <Badge key={role} variant="light" tt="none">
              {roleNames[role] ?? role}
            </Badge>
          ))
        ) : (
          <Badge variant="outline" color="gray">
            {t.badges.noAccess}
          </Badge>
        )}
      </Group>
      {user.shops.length ? (
        <Text size="sm" c="dimmed">
          {t.shops} : {user.shops.join(', ')}
        </Text>
      ) : null}
    </>
  )
}
