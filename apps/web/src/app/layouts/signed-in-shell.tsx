// Shell shared by the staff and student layouts: top menubar, avatar menu, mobile drawer below 960 px,
// and the session gate (profile → helper → screen, or redirect).
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink as RouterNavLink, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Drawer,
  Group,
  Menu,
  NavLink,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { SkipLinkContext, type SkipLink } from '@/components/skip-link';
import { IconChevronDown, IconLock, IconLogout, IconSchool, IconServerOff, IconUser } from '@tabler/icons-react';
import type { Role, User } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { RouteErrorContent } from '@/components/route-error';
import type { RouteHandle } from '../router';
import { PageSkeleton } from '@/components/loading-skeleton';
import { texts } from '@/texts';
import { useSessionGate } from '../auth/session-gate';
import { initialsOf, useProfile, type Group as SessionGroup } from '@/session';
import { useLogout } from '../auth/logout';
import { visibleEntries, type MenuEntry } from './menus';
import classes from './signed-in-shell.module.css';

interface ShellProps {
  group: SessionGroup;
  menu: MenuEntry[];
  homeTo: string;
  profileTo: string;
  /** Rendered as the layout's error boundary: the screen failed, the menus stay. */
  failed?: boolean;
}

export function SignedInShell({ group, menu, homeTo, profileTo, failed = false }: ShellProps) {
  const gate = useSessionGate(group);
  const profile = useProfile();
  const [opened, { toggle, close }] = useDisclosure(false);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const shownPath = useRef<string | null>(null);
  const [skipLink, setSkipLink] = useState<SkipLink | null>(null);
  const refused = gate.state === 'redirect' && gate.mustChangePassword === true && shownPath.current !== null;

  useEffect(() => {
    if (gate.state === 'ready') shownPath.current = pathname;
  }, [gate.state, pathname]);
  useEffect(() => {
    // A click away from the forced password change is refused: say why rather than doing nothing.
    if (refused) notifications.show({ id: 'must-change-password', color: 'orange', title: texts.mustChangePassword.title, message: texts.mustChangePassword.message });
  }, [refused]);

  if (gate.state === 'redirect') return <Navigate to={gate.to} replace />;
  const user = gate.state === 'ready' ? profile.data : undefined;
  const entries = user ? visibleEntries(menu, user.role) : [];

  return (
    <ModalsProvider labels={{ confirm: texts.confirm, cancel: texts.cancel }}>
      <UnsavedChangesGuard />
      <AppShell header={{ height: 60 }} padding="md">
        <a href="#main-content" className={classes.skip}>
          {texts.menu.skipToContent}
        </a>
        {skipLink ? (
          <a href={skipLink.href} className={classes.skip}>
            {skipLink.label}
          </a>
        ) : null}
        <AppShell.Header className={classes.header}>
          {navigation.state === 'loading' ? <Progress value={100} animated size={3} className={classes.progress} aria-hidden="true" /> : null}
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? texts.menu.closeMenu : texts.menu.openMenu}
                aria-expanded={opened}
                aria-controls="mobile-menu"
              />
              <UnstyledButton component={Link} to={homeTo} className={classes.brand} aria-label={texts.appName}>
                <IconSchool size={26} aria-hidden="true" />
                <Text fw={700} visibleFrom="xs" className={classes.brandText}>
                  {texts.appName}
                </Text>
              </UnstyledButton>
              <Box component="nav" aria-label={texts.menu.mainNav} visibleFrom="md">
                {user ? <DesktopMenu entries={entries} /> : <MenuSkeleton />}
              </Box>
            </Group>
            {user ? <AccountMenu user={user} profileTo={profileTo} /> : <Skeleton circle h={38} w={38} data-testid="avatar-skeleton" />}
          </Group>
        </AppShell.Header>

        <Drawer
          id="mobile-menu"
          opened={opened}
          onClose={close}
          hiddenFrom="md"
          size="min(320px, 85vw)"
          title={texts.appName}
          closeButtonProps={{ 'aria-label': texts.menu.closeMenu }}
        >
          <nav aria-label={texts.menu.mainNav}>
            <MobileMenu entries={entries} onNavigate={close} />
          </nav>
        </Drawer>

        <AppShell.Main id="main-content" className={classes.main}>
          <Box maw={1280} mx="auto">
            {gate.state === 'unavailable' ? (
              <Unavailable message={gate.message} retryInSeconds={gate.retryInSeconds} />
            ) : gate.state !== 'ready' ? (
              <PageSkeleton />
            ) : failed ? (
              <RouteErrorContent homeTo={homeTo} />
            ) : (
              <SkipLinkContext.Provider value={setSkipLink}>
                <AllowedOutlet role={user?.role} homeTo={homeTo} />
              </SkipLinkContext.Provider>
            )}
          </Box>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}

/** Start-up during an outage (database out of reach): the server's message, and the next try is automatic. */
function Unavailable({ message, retryInSeconds }: { message: string; retryInSeconds: number }) {
  return (
    <Stack align="center" gap="sm" maw={560} mx="auto" py="xl" role="alert" data-testid="service-unavailable">
      <IconServerOff size={40} color="var(--mantine-color-orange-6)" aria-hidden="true" />
      <Title order={1} size="h2" ta="center">
        {texts.unavailable.title}
      </Title>
      <Text ta="center">{message}</Text>
      <Text c="dimmed" ta="center">
        {texts.unavailable.retry(retryInSeconds)}
      </Text>
    </Stack>
  );
}

/** The screen, unless its route is limited to other roles (e.g. configuration screens for a teacher). */
function AllowedOutlet({ role, homeTo }: { role: string | undefined; homeTo: string }) {
  const matches = useMatches();
  const allowed = matches.every((m) => {
    const roles = (m.handle as RouteHandle | undefined)?.roles;
    return !roles || roles.includes((role ?? '') as Role);
  });
  if (allowed) return <Outlet />;
  return (
    <>
      <PageHeader title={texts.forbidden.title} homeTo={homeTo} breadcrumbs={[{ label: texts.forbidden.title }]} />
      <EmptyState
        title={texts.forbidden.description}
        description={texts.forbidden.hint}
        icon={<IconLock size={28} aria-hidden="true" />}
        actions={
          <Button component={Link} to={homeTo} variant="light">
            {texts.notFound.back}
          </Button>
        }
      />
    </>
  );
}

function MenuSkeleton() {
  return (
    <Group gap="md" wrap="nowrap" aria-hidden="true">
      {[70, 110, 80, 110].map((w, i) => (
        <Skeleton key={i} h={18} w={w} />
      ))}
    </Group>
  );
}

/** The menu target the page belongs to: the longest one that prefixes the path (so /dashboard/users/students
 * belongs to Étudiants, not to Configurations › Utilisateurs). */
function bestTarget(pathname: string, entries: MenuEntry[]): string | undefined {
  const targets = entries.flatMap((e) => [e.to, ...(e.items ?? []).map((i) => i.to)]).filter((t): t is string => !!t);
  const matches = targets.filter((t) => pathname === t || (t !== '/dashboard' && pathname.startsWith(`${t}/`)));
  return matches.sort((a, b) => b.length - a.length)[0];
}

function isActive(pathname: string, entry: MenuEntry, entries: MenuEntry[]) {
  const best = bestTarget(pathname, entries);
  if (!best) return false;
  return entry.to === best || (entry.items ?? []).some((i) => i.to === best);
}

function DesktopMenu({ entries }: { entries: MenuEntry[] }) {
  const { pathname } = useLocation();
  return (
    <Group gap={4} wrap="nowrap" className={classes.menubar}>
      {entries.map((entry) =>
        entry.items ? (
          <Menu key={entry.label} trigger="click-hover" openDelay={60} closeDelay={120} position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant={isActive(pathname, entry, entries) ? 'light' : 'subtle'}
                color={isActive(pathname, entry, entries) ? undefined : 'gray'}
                rightSection={<IconChevronDown size={14} aria-hidden="true" />}
                className={classes.menuButton}
              >
                {entry.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {entry.items.map((item) => (
                <Menu.Item key={item.to} component={Link} to={item.to}>
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button
            key={entry.label}
            component={RouterNavLink}
            to={entry.to!}
            end={entry.to === '/dashboard'}
            variant={isActive(pathname, entry, entries) ? 'light' : 'subtle'}
            color={isActive(pathname, entry, entries) ? undefined : 'gray'}
            className={classes.menuButton}
          >
            {entry.label}
          </Button>
        ),
      )}
    </Group>
  );
}

function MobileMenu({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {entries.map((entry) =>
        entry.items ? (
          <MobileSection key={entry.label} entry={entry} items={entry.items} entries={entries} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <NavLink key={entry.label} component={Link} to={entry.to!} label={entry.label} active={isActive(pathname, entry, entries)} onClick={onNavigate} />
        ),
      )}
    </Stack>
  );
}

/** A section of the mobile menu: a button that opens its links, telling screen readers whether it is open. */
function MobileSection({ entry, items, entries, pathname, onNavigate }: { entry: MenuEntry; items: NonNullable<MenuEntry['items']>; entries: MenuEntry[]; pathname: string; onNavigate: () => void }) {
  const [opened, setOpened] = useState(() => isActive(pathname, entry, entries));
  return (
    <NavLink component="button" type="button" label={entry.label} opened={opened} onChange={setOpened} aria-expanded={opened} childrenOffset="md">
      {items.map((item) => (
        <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={bestTarget(pathname, entries) === item.to} onClick={onNavigate} />
      ))}
    </NavLink>
  );
}

function AccountMenu({ user, profileTo }: { user: User; profileTo: string }) {
  const logout = useLogout();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* Named by its own text (no aria-label), so that what is seen is part of what is heard (WCAG 2.5.3). */}
        <UnstyledButton className={classes.account} data-testid="account-menu">
          <Avatar color="indigo" radius="xl" size={38} aria-hidden="true">
            {initialsOf(user)}
          </Avatar>
          <VisuallyHidden>{texts.menu.accountMenu} :</VisuallyHidden>
          <VisuallyHidden hiddenFrom="lg">{fullName}</VisuallyHidden>
          <Box visibleFrom="lg" className={classes.accountText}>
            <Text size="sm" fw={600} truncate="end">
              {fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {texts.roles[user.role] ?? user.role}
            </Text>
          </Box>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Only menu items and separators inside role="menu" (WCAG 1.3.1): the email goes under the profile item. */}
        <Menu.Item component={Link} to={profileTo} leftSection={<IconUser size={16} aria-hidden="true" />}>
          {texts.menu.profile}
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void logout()}>
          {texts.menu.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
