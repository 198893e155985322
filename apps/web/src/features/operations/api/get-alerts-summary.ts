// GET /api/operations/alerts/: open alerts by kind and the oldest one's start (list_alert).
import type { AlertsSummary } from '@marquee/contracts/operations';
import { useQuery } from '@tanstack/react-query';
import { operationsQueryOptions, type FigureOptions } from './operations-query.ts';

export const useAlertsSummary = ({ enabled, poll }: FigureOptions) =>
  useQuery({ ...operationsQueryOptions<AlertsSummary>('alerts', { poll }), enabled });
