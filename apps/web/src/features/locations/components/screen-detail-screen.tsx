// /screen/:id: one screen's page for the operations desk — its state, what it last reported (in italics as
// "last known" while it is not reporting: screen state, queue, storage, clock, faults), its uptime during
// opening hours over 7 and 30 days, today's plays against those expected of it by now, its latest
// incidents, and (for whoever may view the device) its latest screenshot with the commands sent to it and,
// for whoever may change it, the buttons that send them. The Screens list links here.
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { alertKindLabels } from '@marquee/contracts/alerts';
import { permissionFlags } from '@marquee/contracts/common';
import { faultKindLabels } from '@marquee/contracts/device-gateway';
import { deviceTypeLabels } from '@marquee/contracts/locations';
import { SCREEN_FAULT_HOURS, screenTexts, type ScreenHealth } from '@marquee/contracts/screens';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { locationPath, paths } from '../../../app/paths.ts';
import { DetailLoadError, DetailSkeleton, useRouteId } from '../../../components/detail-screen.tsx';
import { DeviceStateBadge } from '../../../components/device-state-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SmallTable } from '../../../components/small-table.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatClockOffset, formatScreenState, formatStorage, isReporting } from '../../../lib/device-facts.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRejectedPlays } from '../api/get-rejected-plays.ts';
import { useScreenHealth } from '../api/get-screen-health.ts';
import { lastKnownStyle, LastReport, NotReported, PlayerFacts, PlaylistApplied } from './device-facts.tsx';
import { CommandButtons, CommandHistory, QueueFact, ScreenshotThumbnail } from './device-remote.tsx';

const breadcrumbs = (serial?: string) => [{ label: 'Screens', to: paths.screens }, { label: serial ?? 'Screen' }];

/** "2 h 5 min", "45 min". */
export const minutesText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Uptime({ figures }: { figures: ScreenHealth['uptime'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      {figures.map((f) => (
        <Stack key={f.days} gap={2}>
          <Text size="sm" c="dimmed">
            Last {f.days} days
          </Text>
          <Text size="xl" fw={700}>
            {f.uptime_percent === null ? '—' : `${f.uptime_percent.toFixed(1)} % up`}
          </Text>
          <Text size="sm">
            {f.open_minutes
              ? `${minutesText(f.dark_minutes)} dark of ${minutesText(f.open_minutes)} open`
              : 'Not open in this period'}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A labelled reported fact; a dash for one never reported. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children || <NotReported />}
    </Stack>
  );
}

function PlayerReports({ device }: { device: ScreenHealth['device'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
      <Fact label="Screen">{formatScreenState(device.screen_state, device.screen_on)}</Fact>
      <Fact label="Plays waiting">
        <QueueFact device={device} />
      </Fact>
      <Fact label="Plays dropped">{device.plays_dropped ? device.plays_dropped.toLocaleString('en') : 'None'}</Fact>
      <Fact label="Storage">{formatStorage(device.storage_used_mb, device.storage_quota_mb)}</Fact>
      <Fact label="Clock">{formatClockOffset(device.clock_offset_ms)}</Fact>
    </SimpleGrid>
  );
}

function Faults({ faults }: { faults: ScreenHealth['faults'] }) {
  return (
    <SmallTable
      label="Faults"
      empty={screenTexts.noFaults}
      minWidth={360}
      rows={faults}
      rowKey={(f) => f.kind}
      columns={[
        { header: 'Fault', cell: (f) => faultKindLabels[f.kind] },
        { header: 'Count', cell: (f) => f.count.toLocaleString('en') },
        { header: 'Last reported', cell: (f) => formatDateTime(f.last_at) },
      ]}
    />
  );
}

function Incidents({ alerts }: { alerts: ScreenHealth['alerts'] }) {
  return (
    <SmallTable
      label="Incidents"
      empty={screenTexts.noAlerts}
      minWidth={480}
      rows={alerts}
      rowKey={(a) => a.id}
      columns={[
        { header: 'Incident', cell: (a) => alertKindLabels[a.kind] },
        { header: 'Started', cell: (a) => formatDateTime(a.started_at) },
        {
          header: 'Ended',
          cell: (a) =>
            a.ended_at ? (
              formatDateTime(a.ended_at)
            ) : (
              <Text span fw={600}>
                Going on
              </Text>
            ),
        },
        { header: 'Acknowledged', cell: (a) => (a.acknowledged_at ? formatDateTime(a.acknowledged_at) : '—') },
      ]}
    />
  );
}

/** The latest rows of the screen's batches the gateway did not store, with why (statistics readers). */
function RejectedPlays({ id }: { id: number }) {
  const rejected = useRejectedPlays(id, true);
  if (!rejected.data) return null;
  const rows = rejected.data.results;
  return (
    <Stack gap="xs">
      <SmallTable
        label="Rejected plays"
        empty="No plays of this screen were rejected."
        minWidth={560}
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Received', cell: (r) => formatDateTime(r.received_at) },
          { header: 'Campaign', cell: (r) => (r.campaign === null ? '—' : `#${r.campaign}`) },
          { header: 'Started', cell: (r) => (typeof r.event.started_at === 'string' ? r.event.started_at : '—') },
          { header: 'Reason', cell: (r) => r.reason },
        ]}
      />
      {rejected.data.count > rows.length && (
        <Text size="sm" c="dimmed">
          The latest {rows.length} of {rejected.data.count.toLocaleString('en')}.
        </Text>
      )}
    </Stack>
  );
}

export function ScreenDetailScreen() {
  const id = useRouteId();
  const me = useCurrentUser();
  const health = useScreenHealth(id ?? undefined);
  if (id === null || id === undefined) return <Navigate to={paths.screens} replace />;
  if (health.isError) {
    return (
      <DetailLoadError
        title="Screen"
        breadcrumbs={breadcrumbs()}
        noun="screen"
        back={{ to: paths.screens, label: 'Back to the screens' }}
      />
    );
  }
  if (!health.data) return <DetailSkeleton title="Screen" breadcrumbs={breadcrumbs()} heights={[120, 120, 200]} />;

  const { device, uptime, alerts, plays_today: today, as_of: asOf } = health.data;
  const reporting = isReporting(device.state);
  const canOpenLocation = permissionFlags(me?._permissions, 'location').canList;
  const deviceFlags = permissionFlags(health.data._permissions, 'device');
  const canReadStatistics = permissionFlags(me?._permissions, 'eventstatistic').canList;
  const share = today.expected > 0 ? Math.round((100 * today.plays) / today.expected) : null;

  return (
    <>
      <PageHeader title="Screen" heading={device.serial_number} breadcrumbs={breadcrumbs(device.serial_number)} />
      <Stack gap="md">
        <Section title="State">
          <Stack gap="sm">
            <Group gap="sm">
              <DeviceStateBadge state={device.state} size="lg" />
              <Text size="sm">
                {deviceTypeLabels[device.device_type] ?? device.device_type} at{' '}
                {canOpenLocation ? (
                  <Anchor component={Link} to={`${locationPath(device.location)}?tab=devices`}>
                    {device.location_name}
                  </Anchor>
                ) : (
                  device.location_name
                )}
                {device.is_active ? '' : ' (disabled)'}
              </Text>
            </Group>
            {!reporting && (
              <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
                {device.last_status_date
                  ? screenTexts.lastKnown(formatDateTime(device.last_status_date))
                  : screenTexts.neverReported}
              </Alert>
            )}
            {/* While it is not reporting, its facts are the last it told, as the alert above says. */}
            <SimpleGrid cols={{ base: 1, sm: 3 }} style={reporting ? undefined : lastKnownStyle}>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Last report
                </Text>
                <LastReport device={device} withStatus />
              </Stack>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Playlist applied
                </Text>
                <PlaylistApplied device={device} />
              </Stack>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  {reporting ? 'Player' : 'Player (last known)'}
                </Text>
                <PlayerFacts device={device} />
              </Stack>
            </SimpleGrid>
            <div style={reporting ? undefined : lastKnownStyle}>
              <PlayerReports device={device} />
            </div>
          </Stack>
        </Section>
        {deviceFlags.canView && (
          <Section title="Remote view">
            <Stack gap="md">
              <Group align="flex-start" gap="lg">
                <Stack gap={4}>
                  <ScreenshotThumbnail device={device} width={320} />
                  {device.screenshot_at && (
                    <Text size="xs" c="dimmed">
                      Taken {formatDateTime(device.screenshot_at)}
                    </Text>
                  )}
                </Stack>
                {deviceFlags.canChange && (
                  <Stack gap={4}>
                    <Text size="sm" c="dimmed">
                      The screen carries out a command at its next report.
                    </Text>
                    <CommandButtons device={device} />
                  </Stack>
                )}
              </Group>
              <CommandHistory deviceId={device.id} />
            </Stack>
          </Section>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title="Uptime in opening hours">
            <Uptime figures={uptime} />
          </Section>
          <Section title="Plays today">
            <Text size="xl" fw={700}>
              {today.plays.toLocaleString('en')} of {today.expected.toLocaleString('en')} expected by now
              {share === null ? '' : ` (${share} %)`}
            </Text>
            <Text size="sm" c="dimmed">
              As of {formatDateTime(asOf)}: plays this screen reported that started today, against what its
              location&apos;s campaigns expected of it so far.
            </Text>
          </Section>
        </SimpleGrid>
        <Section title="Latest incidents">
          <Incidents alerts={alerts} />
        </Section>
        <Section title={`Faults in the last ${SCREEN_FAULT_HOURS} hours`}>
          <Faults faults={health.data.faults} />
        </Section>
        {canReadStatistics && (
          <Section title="Rejected plays">
            <RejectedPlays id={device.id} />
          </Section>
        )}
      </Stack>
    </>
  );
}
