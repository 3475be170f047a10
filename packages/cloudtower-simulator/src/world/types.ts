import type { LabelRelation } from './labelRelations';

/** Records of the simulated world (labels, VMs, security policies) and their inputs. */

/** Stored counters of a label; null means "not computed yet". */
export interface LabelCounters {
  vm_num: number | null;
  total_num: number | null;
  security_policy_num: number | null;
}

/** Counter values by name (`vm_num`, `host_num`, ..., `total_num`), as an input. */
export type CounterInput = Readonly<Record<string, number | null | undefined>>;

export interface LabelRecord {
  id: string;
  key: string;
  value: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Cached ISO form of createdAt (filled on first read). */
  createdAtIso?: string;
  /** What a counter not in `counters` reads: 0, or null until first computed. */
  counterBase: 0 | null;
  /** Stored counters that differ from `counterBase` (read them with `counterValue`). */
  counters: Record<string, number | null>;
}

export interface VmRecord {
  id: string;
  name: string;
  in_recycle_bin: boolean;
}

/** An object of a relation other than `vms` (a host, a snapshot, a security policy, ...). */
export interface RelatedObjectRecord {
  id: string;
  name: string;
}

export type SecurityPolicyRecord = RelatedObjectRecord;

/**
 * An Everoute security policy: it uses labels outside Label's relations (no filter of `Label`
 * sees it), and Tower refuses to delete a label one uses.
 */
export interface EveroutePolicyRecord {
  id: string;
  name: string;
  labelIds: string[];
}

/** Counter lag: 0 = synchronous, N = milliseconds, 'never' = only on recomputeCounters(). */
export type CounterLag = number | 'never';

/** A label as the admin API shows it: stored fields plus live references. */
export interface LabelTruth {
  id: string;
  key: string;
  value: string | null;
  createdAt: string;
  vm_num: number | null;
  total_num: number | null;
  security_policy_num: number | null;
  /** Every stored counter of this Tower's Label (`<x>_num`, `system_vlan_num`, `total_num`). */
  counters: Record<string, number | null>;
  vmIds: string[];
  securityPolicyIds: string[];
  /** Live references: relation field → object ids (only non-empty relations). */
  references: Record<string, string[]>;
}

/** An object of any relation as the admin API shows it (VMs also carry `in_recycle_bin`). */
export interface ObjectTruth {
  id: string;
  name: string;
  in_recycle_bin?: boolean;
  labelIds: string[];
}

export interface DeletedLabel {
  id: string;
  key: string;
  value: string | null;
  createdAt: string;
  deletedAt: string;
  /** How it was deleted: 'deleteLabel', 'deleteManyLabels' or 'admin'. */
  via: string;
  /** References it still had when deleted (they were removed with it). */
  vmIds: string[];
  securityPolicyIds: string[];
  /** Every reference it still had: relation field → object ids (only non-empty relations). */
  references: Record<string, string[]>;
}

export interface CreateLabelInput {
  id?: string;
  key: string;
  value?: string | null;
  /** ISO string, Date or epoch ms; default: the simulator clock. */
  createdAt?: string | number | Date;
  /** Initial stored counters; default: all 0 (or null with `nullCountersOnCreate`). */
  counters?: Partial<LabelCounters> | CounterInput;
}

export interface CreateVmInput {
  id?: string;
  name: string;
  inRecycleBin?: boolean;
  labelIds?: string[];
}

export interface CreateSecurityPolicyInput {
  id?: string;
  name: string;
  labelIds?: string[];
}

/** A new object of any relation (`name` defaults to '<type>-<n>'). */
export interface CreateObjectInput {
  id?: string;
  name?: string;
  labelIds?: string[];
}

/** How a `Store` starts: its counter lag, clock, id seed, new labels' counters and Label's relations. */
export interface StoreOptions {
  /** Relations of Label on this Tower (default LABEL_RELATIONS, the 29 of a current Tower). */
  relations?: readonly LabelRelation[];
  counterLag?: CounterLag;
  clock?: () => Date;
  idSeed?: number;
  /** New labels start with null counters instead of 0. */
  nullCountersOnCreate?: boolean;
}
