import { SimulatorError } from '../errors';
import { CounterScheduler } from './counters';
import { IdGenerator } from './ids';
import { KeyIndex } from './KeyIndex';
import {
  assignCounters,
  deletedLabelRecord,
  newLabelRecord,
} from './labelRecord';
import { Relation } from './relation';
import { SortedIds } from './sortedIds';
import {
  CreateLabelInput,
  CreateSecurityPolicyInput,
  CreateVmInput,
  DeletedLabel,
  LabelCounters,
  LabelRecord,
  SecurityPolicyRecord,
  VmRecord,
  StoreOptions,
} from './types';

/** In-memory Tower data: labels, VMs, security policies and their associations, with indexes. */
export class Store {
  readonly labels = new Map<string, LabelRecord>();
  readonly labelIds = new SortedIds(id => this.labels.has(id));
  private readonly byKey = new KeyIndex(id => this.labels.get(id)?.key);
  readonly vms = new Map<string, VmRecord>();
  readonly vmIds = new SortedIds(id => this.vms.has(id));
  readonly policies = new Map<string, SecurityPolicyRecord>();
  /** label (left) ↔ VM (right) and label ↔ security policy. */
  private readonly labelVm = new Relation();
  private readonly labelPolicy = new Relation();
  readonly deleted: DeletedLabel[] = [];
  readonly ids: IdGenerator;
  readonly counters: CounterScheduler;
  readonly clock: () => Date;
  nullCountersOnCreate: boolean;

  constructor(options: StoreOptions = {}) {
    this.clock = options.clock ?? (() => new Date());
    this.ids = new IdGenerator(options.idSeed ?? 1);
    this.nullCountersOnCreate = options.nullCountersOnCreate ?? false;
    this.counters = new CounterScheduler(options.counterLag ?? 0, id =>
      this.recompute(id),
    );
  }

  private newId(given?: string): string {
    if (given === undefined) return this.ids.next();
    this.ids.observe(given);
    return given;
  }

  keyIndex(key: string): SortedIds | undefined {
    return this.byKey.get(key);
  }

  // ---- labels -------------------------------------------------------------

  createLabel(input: CreateLabelInput): LabelRecord {
    const id = this.newId(input.id);
    if (this.labels.has(id))
      throw new SimulatorError(`label ${id} exists`, 'DUPLICATE_ID');
    const label = newLabelRecord(
      id,
      input,
      this.nullCountersOnCreate,
      this.clock,
    );
    this.labels.set(id, label);
    this.labelIds.add(id);
    this.byKey.add(label.key, id);
    return label;
  }

  updateLabel(
    id: string,
    patch: { key?: string; value?: string | null },
  ): LabelRecord {
    const label = this.requireLabel(id);
    if (patch.key !== undefined && patch.key !== label.key) {
      const old = label.key;
      label.key = patch.key;
      this.byKey.markDead(old);
      this.byKey.add(label.key, id);
    }
    if (patch.value !== undefined) label.value = patch.value;
    return label;
  }

  requireLabel(id: string): LabelRecord {
    const label = this.labels.get(id);
    if (!label)
      throw new SimulatorError(`label ${id} not found`, 'RESOURCE_NOT_FOUND');
    return label;
  }

  /** Deletes a label; the labels of one mutation share its moment (`deletedAt`, ISO 8601). */
  deleteLabel(
    id: string,
    via: string,
    deletedAt: string = this.clock().toISOString(),
  ): LabelRecord | undefined {
    const label = this.labels.get(id);
    if (!label) return undefined;
    const vmIds = this.labelVm.removeLeft(id);
    const securityPolicyIds = this.labelPolicy.removeLeft(id);
    this.labels.delete(id);
    this.labelIds.markDead();
    this.byKey.markDead(label.key);
    this.deleted.push(
      deletedLabelRecord(label, { deletedAt, via, vmIds, securityPolicyIds }),
    );
    return label;
  }

  setCounters(id: string, counters: Partial<LabelCounters>): LabelRecord {
    const label = this.requireLabel(id);
    assignCounters(label, counters);
    return label;
  }

  private recompute(id: string): void {
    const label = this.labels.get(id);
    if (!label) return;
    const vms = this.vmsOf(id).size;
    const policies = this.policiesOf(id).size;
    label.vm_num = vms;
    label.security_policy_num = policies;
    label.total_num = vms + policies;
  }

  /** Recomputes the stored counters of the given labels (default: all) from the live relations. */
  recomputeCounters(ids?: string[]): void {
    for (const id of ids ?? this.labels.keys()) this.recompute(id);
    this.counters.clearPending(ids);
  }

  // ---- relations ------------------------------------------------------------

  vmsOf(labelId: string): ReadonlySet<string> {
    return this.labelVm.rightsOf(labelId);
  }

  labelsOf(vmId: string): ReadonlySet<string> {
    return this.labelVm.leftsOf(vmId);
  }

  policiesOf(labelId: string): ReadonlySet<string> {
    return this.labelPolicy.rightsOf(labelId);
  }

  labelsOfPolicy(policyId: string): ReadonlySet<string> {
    return this.labelPolicy.leftsOf(policyId);
  }

  attachVm(labelId: string, vmId: string): void {
    this.requireLabel(labelId);
    this.requireVm(vmId);
    if (this.labelVm.add(labelId, vmId)) {
      this.counters.changed(labelId);
    }
  }

  detachVm(labelId: string, vmId: string): void {
    if (this.labelVm.remove(labelId, vmId)) {
      this.counters.changed(labelId);
    }
  }

  attachPolicy(labelId: string, policyId: string): void {
    this.requireLabel(labelId);
    if (!this.policies.has(policyId)) {
      throw new SimulatorError(
        `security policy ${policyId} not found`,
        'RESOURCE_NOT_FOUND',
      );
    }
    if (this.labelPolicy.add(labelId, policyId)) {
      this.counters.changed(labelId);
    }
  }

  detachPolicy(labelId: string, policyId: string): void {
    if (this.labelPolicy.remove(labelId, policyId)) {
      this.counters.changed(labelId);
    }
  }

  // ---- VMs and security policies --------------------------------------------

  requireVm(id: string): VmRecord {
    const vm = this.vms.get(id);
    if (!vm)
      throw new SimulatorError(`vm ${id} not found`, 'RESOURCE_NOT_FOUND');
    return vm;
  }

  createVm(input: CreateVmInput): VmRecord {
    const id = this.newId(input.id);
    if (this.vms.has(id))
      throw new SimulatorError(`vm ${id} exists`, 'DUPLICATE_ID');
    const vm: VmRecord = {
      id,
      name: input.name,
      in_recycle_bin: input.inRecycleBin ?? false,
    };
    this.vms.set(id, vm);
    this.vmIds.add(id);
    for (const l of input.labelIds ?? []) this.attachVm(l, id);
    return vm;
  }

  /** Deletes the VM entirely (not the recycle bin): its label associations go too. */
  deleteVm(id: string): boolean {
    if (!this.vms.has(id)) return false;
    for (const l of [...this.labelsOf(id)]) this.detachVm(l, id);
    this.vms.delete(id);
    this.vmIds.markDead();
    return true;
  }

  setRecycleBin(id: string, inRecycleBin: boolean): VmRecord {
    const vm = this.requireVm(id);
    vm.in_recycle_bin = inRecycleBin;
    return vm;
  }

  createSecurityPolicy(input: CreateSecurityPolicyInput): SecurityPolicyRecord {
    const id = this.newId(input.id);
    const policy = { id, name: input.name };
    this.policies.set(id, policy);
    for (const l of input.labelIds ?? []) this.attachPolicy(l, id);
    return policy;
  }

  deleteSecurityPolicy(id: string): boolean {
    if (!this.policies.has(id)) return false;
    for (const l of [...this.labelsOfPolicy(id)]) this.detachPolicy(l, id);
    this.policies.delete(id);
    return true;
  }

  dispose(): void {
    this.counters.dispose();
  }
}
