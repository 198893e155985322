// /reports: the reports, one card each with what it shows.
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingStore,
  IconListDetails,
  IconMapPin,
  IconPackage,
  IconTargetArrow,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PageHeader } from '../../../components/page-header.tsx';

type ReportEntry = { label: string; description: string; path: string; icon: TablerIcon };

const entries: ReportEntry[] = [
  {
    label: 'Campaign details',
    description: 'Each campaign at its locations: plays, viewers, devices, per day and audience',
    path: paths.reportCampaigns,
    icon: IconListDetails,
  },
  {
    label: 'Plays by product',
    description: 'Plays, viewers and play time of each product over a period',
    path: paths.reportProducts,
    icon: IconPackage,
  },
  {
    label: 'Plays by location',
    description: 'Plays, viewers and play time at each location over a period',
    path: paths.reportLocations,
    icon: IconMapPin,
  },
  {
    label: 'Plays by advertiser',
    description: 'Plays, viewers and play time of each advertiser over a period',
    path: paths.reportAdvertisers,
    icon: IconBuildingStore,
  },
  {
    label: 'Delivery',
    description: 'Contracted against delivered plays, pacing and proof of play of each campaign',
    path: paths.reportDelivery,
    icon: IconTargetArrow,
  },
];

export function ReportsMenuScreen() {
  return (
    <>
      <PageHeader title="Reports" breadcrumbs={[{ label: 'Reports' }]} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {entries.map(({ label, description, path, icon: Icon }) => (
          <li key={path}>
            <Card component={Link} to={path} withBorder radius="md" padding="lg" h="100%">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{label}</Text>
                  <Text size="sm" c="dimmed">
                    {description}
                  </Text>
                </div>
              </Group>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </>
  );
}
