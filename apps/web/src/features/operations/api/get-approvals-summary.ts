// GET /api/operations/approvals/: campaigns waiting for approval and the one waiting longest (approve_campaign).
import type { ApprovalsSummary } from '@marquee/contracts/operations';
import { useQuery } from '@tanstack/react-query';
import { operationsQueryOptions, type FigureOptions } from './operations-query.ts';

export const useApprovalsSummary = ({ enabled, poll }: FigureOptions) =>
  useQuery({ ...operationsQueryOptions<ApprovalsSummary>('approvals', { poll }), enabled });
