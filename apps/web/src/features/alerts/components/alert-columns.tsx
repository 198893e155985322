// The Alerts table's columns: what happened (kind), what it concerns (a device, linking to its screen
// page, at a location, or a campaign), since when and for how long, whether it is still open, the campaigns it puts at risk, and
// who acknowledged it with their note (or, while it is open, the button to do so).
import { Anchor, Badge, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { alertKindLabels, atRiskAmount, type AlertKind } from '@marquee/contracts/alerts';
import { permissionFlags } from '@marquee/contracts/common';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { campaignPath, locationPath, reportDeliveryPath, screenPath } from '../../../app/paths.ts';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { formatAge } from '../../../lib/age.ts';
import { formatCount } from '../../../lib/delivery-format.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { AlertRow } from '../api/get-alerts.ts';

/** Outlined in dark shades (text contrast above 4.5:1 on white); the words carry the meaning. */
export const alertKindColors: Record<AlertKind, string> = {
  device_offline: 'red.9',
  device_stale: 'indigo.9',
  screen_off: 'grape.9',
  plays_backlog: 'orange.9',
  campaign_at_risk: 'pink.9',
};

/** How many campaigns at risk a row names before "and N more". */
const AT_RISK_SHOWN = 3;

export const describeAlert = (alert: AlertRow) =>
  [alertKindLabels[alert.kind], alert.device_serial && `device ${alert.device_serial}`, alert.campaign_name]
    .filter(Boolean)
    .join(', ');

export type AlertColumnsOptions = {
  /** The current time (ms): ages are counted to it. */
  now: number;
  /** The list's `_permissions`, for rows that bring none of their own. */
  listPermissions: string[] | undefined;
  acknowledge: (alert: AlertRow) => void;
  pendingId: number | undefined;
  /** The user may open a screen's page (list_device): the device links there. */
  canOpenScreens: boolean;
};

function Affects({ alert, canOpenScreens }: { alert: AlertRow; canOpenScreens: boolean }) {
  if (alert.device !== null || alert.location !== null) {
    const serial = alert.device_serial ?? alert.device;
    return (
      <Stack gap={0} align="flex-start">
        {/* The serial on a line of its own, so it breaks (at its hyphens) only when it cannot fit. */}
        {alert.device !== null && canOpenScreens ? (
          <Anchor component={Link} to={screenPath(alert.device)} size="sm" fw={600} aria-label={`Device ${serial}`}>
            {serial}
          </Anchor>
        ) : (
          <Text span size="sm" fw={600}>
            <VisuallyHidden>Device </VisuallyHidden>
            {serial}
          </Text>
        )}
        {alert.location !== null && (
          <Anchor component={Link} to={locationPath(alert.location)} size="sm">
            {alert.location_name ?? `Location ${alert.location}`}
          </Anchor>
        )}
      </Stack>
    );
  }
  if (alert.campaign !== null) {
    return (
      <Anchor component={Link} to={campaignPath(alert.campaign)} size="sm" fw={600}>
        {alert.campaign_name ?? `Campaign ${alert.campaign}`}
      </Anchor>
    );
  }
  return null;
}

function AtRisk({ alert }: { alert: AlertRow }) {
  const rows = alert.campaigns_at_risk;
  if (!rows.length) {
    return (
      <Text span size="sm" c="dimmed">
        None
      </Text>
    );
  }
  const more = rows.length - AT_RISK_SHOWN;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.slice(0, AT_RISK_SHOWN).map((row) => (
        <li key={row.campaign}>
          <Anchor
            component={Link}
            to={reportDeliveryPath(row.campaign)}
            size="sm"
            display="block"
            aria-label={`Delivery report of ${row.campaign_name}`}
          >
            {row.campaign_name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {atRiskAmount(alert.kind, row.plays_lost, formatCount(row.plays_lost))}
          </Text>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Text span size="xs" c="dimmed">
            and {more} more
          </Text>
        </li>
      )}
    </Stack>
  );
}

export function alertColumns({
  now,
  listPermissions,
  acknowledge,
  pendingId,
  canOpenScreens,
}: AlertColumnsOptions): DataColumn<AlertRow>[] {
  return [
    {
      // Sorting here puts open incidents first (the default) or last.
      id: 'open',
      header: 'Alert',
      sortField: 'open',
      phone: 'title',
      width: 140,
      cell: (alert) => (
        <Stack gap={4} align="flex-start" miw="max-content">
          <Badge variant="outline" color={alertKindColors[alert.kind]} data-kind={alert.kind}>
            {alertKindLabels[alert.kind]}
          </Badge>
          {alert.open ? (
            <Badge variant="filled" color="red.9" size="sm">
              Open
            </Badge>
          ) : (
            <Text span size="xs" c="dimmed">
              Closed
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'affects',
      header: 'Affects',
      width: 170,
      cell: (alert) => <Affects alert={alert} canOpenScreens={canOpenScreens} />,
    },
    {
      id: 'started_at',
      header: 'Started',
      sortField: 'started_at',
      width: 170,
      cell: (alert) => (
        <Stack gap={0}>
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(alert.started_at)}
          </Text>
          {alert.open ? (
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              open for {formatAge(alert.started_at, now)}
            </Text>
          ) : (
            alert.ended_at && (
              <>
                <Text span size="xs" style={{ whiteSpace: 'nowrap' }}>
                  ended {formatDateTime(alert.ended_at)}
                </Text>
                <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  lasted {formatAge(alert.started_at, alert.ended_at)}
                </Text>
              </>
            )
          )}
        </Stack>
      ),
    },
    { id: 'at_risk', header: 'Campaigns at risk', cell: (alert) => <AtRisk alert={alert} /> },
    {
      id: 'acknowledged',
      header: 'Acknowledged',
      width: 190,
      cell: (alert) => {
        if (alert.acknowledged_at) {
          return (
            <Stack gap={0}>
              <Text span size="sm">
                {alert.acknowledged_by_name ?? 'Acknowledged'}
              </Text>
              <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(alert.acknowledged_at)}
              </Text>
              {alert.acknowledge_note && (
                <Text span size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  <VisuallyHidden>Note: </VisuallyHidden>“{alert.acknowledge_note}”
                </Text>
              )}
            </Stack>
          );
        }
        // A closed incident has nothing left to acknowledge.
        if (!alert.open) {
          return (
            <Text span size="sm" c="dimmed">
              Not acknowledged
            </Text>
          );
        }
        if (!permissionFlags(alert._permissions ?? listPermissions, 'alert').canChange) {
          return (
            <Text span size="sm" c="dimmed">
              Not yet
            </Text>
          );
        }
        return (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Acknowledge: ${describeAlert(alert)}`}
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={pendingId === alert.id}
            onClick={(event) => {
              event.stopPropagation();
              acknowledge(alert);
            }}
          >
            Acknowledge
          </Button>
        );
      },
    },
  ];
}
