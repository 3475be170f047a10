/** Records of the simulated world (labels, VMs, security policies) and their inputs. */

/** Stored counters of a label; null means "not computed yet". */
export interface LabelCounters {
  vm_num: number | null;
  total_num: number | null;
  security_policy_num: number | null;
}

export interface LabelRecord extends LabelCounters {
  id: string;
  key: string;
  value: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Cached ISO form of createdAt (filled on first read). */
  createdAtIso?: string;
}

export interface VmRecord {
  id: string;
  name: string;
  in_recycle_bin: boolean;
}

export interface SecurityPolicyRecord {
  id: string;
  name: string;
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
  vmIds: string[];
  securityPolicyIds: string[];
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
}

export interface CreateLabelInput {
  id?: string;
  key: string;
  value?: string | null;
  /** ISO string, Date or epoch ms; default: the simulator clock. */
  createdAt?: string | number | Date;
  /** Initial stored counters; default: all 0 (or null with `nullCountersOnCreate`). */
  counters?: Partial<LabelCounters>;
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

/** How a `Store` starts: its counter lag, clock, id seed and new labels' counters. */
export interface StoreOptions {
  counterLag?: CounterLag;
  clock?: () => Date;
  idSeed?: number;
  /** New labels start with null counters instead of 0. */
  nullCountersOnCreate?: boolean;
}
