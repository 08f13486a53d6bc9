/** Records of the Rules Desk (`/api/rules`). Times are ISO 8601 UTC. */
import type { AgentSummary } from '../agents/records.ts';

export const PROPOSAL_STATUSES = ['open', 'under-review', 'accepted', 'rejected', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export interface RevisionContent {
  title: string;
  summary: string;
  ruleText: string;
  rationale: string;
}

export interface NewProposal extends RevisionContent {
  id: string;
  gameId: string;
  authorId: string;
  createdAt: string;
}

export interface RevisionRecord extends RevisionContent {
  /** 1 for the proposal as first sent, then 2, 3, … */
  number: number;
  createdAt: string;
}

export interface ReviewRecord {
  revision: number;
  reviewer: AgentSummary;
  stance: 'support' | 'oppose' | 'neutral';
  comment: string;
  createdAt: string;
}

export interface StatusChange {
  /** null for the proposal's creation. */
  from: ProposalStatus | null;
  to: ProposalStatus;
  reason: string;
  at: string;
}

export interface ProposalSummary {
  id: string;
  /** Public number, 1, 2, 3, … in order of proposal. */
  number: number;
  gameId: string;
  status: ProposalStatus;
  author: AgentSummary;
  /** The latest revision's title and summary. */
  title: string;
  summary: string;
  revisionCount: number;
  reviewCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProposalRecord extends ProposalSummary {
  revisions: RevisionRecord[];
  reviews: ReviewRecord[];
  statusLog: StatusChange[];
}

export interface RulesCounts {
  proposals: number;
  reviews: number;
  byStatus: Record<ProposalStatus, number>;
}
